/** Builds the domain services from their dependencies (one place, so app.ts stays wiring). */
import { createMailEnqueuer, type Clock, type MailEnqueuer, type MailQueue } from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  createCollectionHandoff,
  createCollectionTargetQueue,
  type CollectionHandoff,
} from './collection-handoff/collection-handoff.js';
import { createCodeQuota } from './codes/code-quota.js';
import { MAIL_UNAVAILABLE_MESSAGE, type VerificationDeps } from './codes/verification-flow.js';
import type { Config } from './config.js';
import { createContactService, type ContactService } from './contacts/contact-service.js';
import type { FormsDb } from './db/schema.js';
import { createRegistrationLog, type RegistrationLog } from './registration-logs/registration-log-service.js';
import { createAdminAudit } from './review/admin-audit.js';
import { createReviewService, type ReviewService } from './review/review-service.js';
import { createRecordsService, type RecordsService } from './review/records/records-service.js';
import { createLogSelection, type LogSelection } from './review/log-selection.js';
import { createSecurityLogService, type SecurityLogService } from './security-log/security-log-service.js';
import { createVpnRequestService, type VpnRequestService } from './vpn-requests/vpn-request-service.js';
import { createWaitlistService, type WaitlistService } from './waitlist/waitlist-service.js';

export interface FormServices {
  waitlist: WaitlistService;
  vpnRequests: VpnRequestService;
  contacts: ContactService;
  securityLog: SecurityLogService;
  logs: RegistrationLog;
  review: ReviewService;
  /** Bulk actions, selections and a record's detail with its history (issue 16). */
  records: RecordsService;
  /** Bulk work on the Logs list's visitor rows (issue 16). */
  logSelection: LogSelection;
  /** Completed VPN requests to the collection list (issue 17); its queue closes with `close()`. */
  handoff: CollectionHandoff & { close(): Promise<void> };
}

/** The mail enqueuer of forms-service: its timeout and its 503 message. */
export function createFormsMailEnqueuer(deps: {
  mailQueue: MailQueue;
  config: Config;
  log: FastifyBaseLogger;
}): MailEnqueuer {
  return createMailEnqueuer({
    queue: deps.mailQueue,
    timeoutMs: deps.config.MAIL_ENQUEUE_TIMEOUT_MS,
    log: deps.log,
    unavailableMessage: MAIL_UNAVAILABLE_MESSAGE,
  });
}

export function createFormServices(deps: {
  config: Config;
  db: FormsDb;
  redis: Redis;
  mailQueue: MailQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}): FormServices {
  const logs = createRegistrationLog({ db: deps.db, log: deps.log });
  const stepDeps: VerificationDeps = {
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    logs,
    quota: createCodeQuota({
      redis: deps.redis,
      prefix: deps.config.REDIS_PREFIX,
      maxPerHour: deps.config.OTP_CODES_PER_HOUR,
      maxPerDay: deps.config.OTP_CODES_PER_DAY,
      maxPerNetworkPerHour: deps.config.OTP_CODES_PER_NETWORK_PER_HOUR,
      now: () => deps.clock.now(),
    }),
    mail: createFormsMailEnqueuer(deps),
  };
  const handoffQueue = createCollectionTargetQueue(deps.redis, deps.config.REDIS_PREFIX);
  handoffQueue.on('error', () => undefined);
  const handoff = createCollectionHandoff({
    db: deps.db,
    queue: handoffQueue,
    log: deps.log,
    now: () => deps.clock.now(),
  });
  const audit = createAdminAudit({ db: deps.db, clock: deps.clock, log: deps.log });
  return {
    waitlist: createWaitlistService(stepDeps),
    vpnRequests: createVpnRequestService(stepDeps),
    contacts: createContactService(stepDeps),
    securityLog: createSecurityLogService({ logs }),
    logs,
    review: createReviewService({ db: deps.db, clock: deps.clock, audit, handoff }),
    records: createRecordsService({ db: deps.db, clock: deps.clock, audit, handoff }),
    logSelection: createLogSelection({ db: deps.db, clock: deps.clock, audit }),
    handoff: {
      ...handoff,
      async close() {
        handoff.stop();
        await handoffQueue.close();
      },
    },
  };
}
