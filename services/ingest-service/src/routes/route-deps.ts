/** What every route plugin of ingest-service receives. */
import type { Clock } from '@tunnelscope/service-kit';
import type { Config } from '../config.js';
import type { IngestServices } from '../services.js';

export interface RouteDeps {
  services: IngestServices;
  config: Config;
  clock: Clock;
}
