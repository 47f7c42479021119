/** What every route plugin of lookup-service receives. */
import type { Clock } from '@tunnelscope/service-kit';
import type { Config } from '../config.js';
import type { LookupServices } from '../services.js';

export interface RouteDeps {
  services: LookupServices;
  config: Config;
  clock: Clock;
}
