/**
 * The audit of what operators look at in the IP database (issue 16): every IP search and every
 * view of the advanced analytics writes one admin_logs row (service-kit's shared row shape, as
 * forms-service and auth-service write them). One row per request, never per keystroke: the
 * panel sends a search only when it is submitted and the analytics once per page view. A failed
 * write is logged and never changes the answer.
 */
import type { AdminAudit, AdminAuditSubject } from '@tunnelscope/service-kit';
import type { SearchIpResponse } from '@tunnelscope/contracts';

export const VIEW_AUDIT_ACTIONS = ['ip_search', 'analytics_view'] as const;
export type ViewAuditAction = (typeof VIEW_AUDIT_ACTIONS)[number];

export interface ViewAudit {
  ipSearched(subject: AdminAuditSubject, address: string, answer: SearchIpResponse): Promise<void>;
  analyticsViewed(subject: AdminAuditSubject): Promise<void>;
}

export function createViewAudit(audit: AdminAudit<ViewAuditAction>): ViewAudit {
  return {
    ipSearched: (subject, address, answer) =>
      audit.record(subject, {
        action: 'ip_search',
        resource: 'ip_address',
        resourceId: address,
        success: answer.success,
        details: {
          records: answer.recordCount ?? answer.data?.length ?? 0,
          ...(answer.networkError ? { error: 'ipdb_unavailable' } : {}),
        },
      }),
    analyticsViewed: (subject) =>
      audit.record(subject, { action: 'analytics_view', resource: 'analytics_views' }),
  };
}
