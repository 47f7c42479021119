/**
 * `tunnelscope_quota_refusals_total{plan, reason}`: metered calls refused with 429, by the key's
 * plan and why. The plan is the key's quota tier, a bounded label (`default`: the quota every new
 * key gets, `custom`: one an operator set) — never the key id, which would add a series per key.
 */
import { API_KEY_DEFAULTS } from '@tunnelscope/contracts';
import type { ServiceMetrics } from '@tunnelscope/service-kit';
import type { MeteredKey } from './meter.js';

export type QuotaPlan = 'default' | 'custom';
/** `quota`: the daily quota is used up; `burst`: more calls in one second than the key may make. */
export type QuotaRefusalReason = 'quota' | 'burst';

export type QuotaRefusals = (reason: QuotaRefusalReason, key: MeteredKey) => void;

export function planOf(key: Pick<MeteredKey, 'dailyQuota'>): QuotaPlan {
  return key.dailyQuota === API_KEY_DEFAULTS.dailyQuota ? 'default' : 'custom';
}

export const NO_QUOTA_REFUSALS: QuotaRefusals = () => undefined;

export function createQuotaRefusals(metrics: ServiceMetrics): QuotaRefusals {
  const refusals = metrics.counter({
    name: 'tunnelscope_quota_refusals_total',
    help: 'Detection API calls refused with 429 by the key quota (quota) or burst limit (burst), by plan',
    labelNames: ['plan', 'reason'],
  });
  return (reason, key) => refusals.inc({ plan: planOf(key), reason });
}
