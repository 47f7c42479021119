/** What every route plugin of lookup-service receives. */
import type { Clock } from '@tunnelscope/service-kit';
import type { Config } from '../config.js';
import type { QuotaRefusals } from '../metering/quota-refusals.js';
import type { LookupServices } from '../services.js';

export interface RouteDeps {
  services: LookupServices;
  config: Config;
  clock: Clock;
  /** Counts the metered calls refused by a key's burst or quota (tunnelscope_quota_refusals_total). */
  quotaRefusals: QuotaRefusals;
}
