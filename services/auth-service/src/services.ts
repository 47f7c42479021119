/** Builds the domain services from their dependencies (one place, so app.ts stays wiring). */
import {
  createMailEnqueuer,
  type Clock,
  type MailQueue,
  type ServiceMetrics,
} from '@tunnelscope/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { createAdminUserService, type AdminUserService } from './admin-users/admin-user-service.js';
import { createAuditLog, type AuditLog } from './audit/audit-log.js';
import type { Config } from './config.js';
import { createSecretBox } from './crypto/secret-box.js';
import type { AuthDb } from './db/schema.js';
import { createLoginMetrics } from './login/login-metrics.js';
import { createLoginService, type LoginService } from './login/login-service.js';
import { createMailOutbox, type MailOutbox } from './mail-outbox/mail-outbox.js';
import { AUTH_MESSAGES } from './messages.js';
import { createPasswordHasher, type PasswordHasher } from './passwords/password-hasher.js';
import { createProfileService, type ProfileService } from './profile/profile-service.js';
import { createCurrentPasswordCheck } from './reauth/current-password.js';
import {
  createActiveSessionsService,
  type ActiveSessionsService,
} from './sessions/active-sessions-service.js';
import { createSessionService, type SessionService } from './sessions/session-service.js';
import { createTurnstileVerifier } from './turnstile/turnstile-verifier.js';
import { backupCodePepper, createBackupCodes } from './two-factor/backup-codes.js';
import { createTwoFactorService, type TwoFactorService } from './two-factor/two-factor-service.js';

export interface AuthServices {
  audit: AuditLog;
  hasher: PasswordHasher;
  sessions: SessionService;
  activeSessions: ActiveSessionsService;
  login: LoginService;
  twoFactor: TwoFactorService;
  profile: ProfileService;
  adminUsers: AdminUserService;
  mailOutbox: MailOutbox;
}

export function createAuthServices(deps: {
  config: Config;
  db: AuthDb;
  mailQueue: MailQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  hasher?: PasswordHasher;
  /** The app's metrics (login failures and lockouts are counted there); none in a bare test. */
  metrics?: ServiceMetrics;
}): AuthServices {
  const { config, db, clock } = deps;
  const loginMetrics = createLoginMetrics(deps.metrics);
  const audit = createAuditLog({ db, clock, log: deps.log });
  const hasher =
    deps.hasher ??
    createPasswordHasher({
      memoryKib: config.ARGON2_MEMORY_KIB,
      timeCost: config.ARGON2_TIME_COST,
    });
  const sessions = createSessionService({ db, clock });
  const currentPassword = createCurrentPasswordCheck({ db, clock, audit, hasher, metrics: loginMetrics });
  const secretBox = createSecretBox(config.TOTP_ENCRYPTION_KEY);
  const twoFactor = createTwoFactorService({
    db,
    clock,
    audit,
    secretBox,
    backupCodes: createBackupCodes(backupCodePepper(config.BACKUP_CODE_PEPPER, config.TOTP_ENCRYPTION_KEY)),
    issuer: config.BRAND_NAME,
    currentPassword,
  });
  const login = createLoginService({
    db,
    clock,
    audit,
    hasher,
    sessions,
    twoFactor,
    turnstile: createTurnstileVerifier({
      secret: config.TURNSTILE_SECRET,
      verifyUrl: config.TURNSTILE_VERIFY_URL,
      timeoutMs: config.TURNSTILE_TIMEOUT_MS,
    }),
    perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    metrics: loginMetrics,
  });
  const mail = createMailEnqueuer({
    queue: deps.mailQueue,
    timeoutMs: config.MAIL_ENQUEUE_TIMEOUT_MS,
    log: deps.log,
    unavailableMessage: AUTH_MESSAGES.mailUnavailable,
  });
  const mailOutbox = createMailOutbox({ db, clock, secretBox, mail, log: deps.log });
  return {
    audit,
    hasher,
    sessions,
    activeSessions: createActiveSessionsService({ db, audit, sessions, clock }),
    login,
    twoFactor,
    profile: createProfileService({ db, clock, audit, hasher, currentPassword }),
    adminUsers: createAdminUserService({ db, clock, audit, hasher, mailOutbox, currentPassword }),
    mailOutbox,
  };
}
