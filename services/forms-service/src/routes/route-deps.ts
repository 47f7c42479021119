/** What every route plugin of forms-service receives. */
import type { Config } from '../config.js';
import type { FormServices } from '../services.js';

export interface RouteDeps {
  services: FormServices;
  config: Config;
}
