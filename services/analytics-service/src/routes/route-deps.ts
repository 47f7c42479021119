import type { Config } from '../config.js';
import type { AnalyticsServices } from '../services.js';

/** What every route plugin of analytics-service receives. */
export interface RouteDeps {
  services: AnalyticsServices;
  config: Config;
}
