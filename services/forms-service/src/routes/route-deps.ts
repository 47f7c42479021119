/** What every route plugin of forms-service receives. */
import type { LiveEventPublisher } from '@tunnelscope/live-events';
import type { Config } from '../config.js';
import type { FormServices } from '../services.js';

export interface RouteDeps {
  services: FormServices;
  config: Config;
  /** Announces a committed change to open panels (never throws, never waits). */
  live: LiveEventPublisher;
}
