/**
 * What a public form's steps announce to open panels, after the step's transaction committed:
 * a submission creates (or re-issues a code on) an unverified row; a verified code marks it
 * verified. Both move the Overview's counts.
 */
import type { LiveList } from '@tunnelscope/contracts';
import type { LiveEventPublisher } from '@tunnelscope/live-events';

export function announceSubmitted(live: LiveEventPublisher, list: LiveList, id: string): void {
  live.publish('row.created', { list, id, verified: false });
  live.publish('overview.changed', {});
}

export function announceVerified(live: LiveEventPublisher, list: LiveList, id: string): void {
  live.publish('row.changed', { list, id, verified: true });
  live.publish('overview.changed', {});
}
