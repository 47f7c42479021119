/**
 * Admin sessions: a fresh 256-bit token per sign-in, only its hash
 * stored; 12 hours with a 30-minute idle timeout, or 30 days without one for Remember me. A session
 * is dead the moment it is ended (logout, disconnect, deactivation, deletion, password change).
 */
import type { Clock } from '@tunnelscope/service-kit';
import {
  REMEMBER_ME_DAYS,
  SESSION_IDLE_MINUTES,
  SESSION_TTL_HOURS,
  type AdminIdentity,
  type SessionView,
} from '@tunnelscope/contracts';
import { hashToken, isTokenShaped, newToken } from '../crypto/tokens.js';
import type { AuthDb, Executor } from '../db/schema.js';
import {
  findLiveSession,
  insertSession,
  resolveSession,
  type Liveness,
  type SessionIdentityRow,
} from './session-repository.js';

const HOUR_MS = 3_600_000;
export const SESSION_TTL_MS = SESSION_TTL_HOURS * HOUR_MS;
export const REMEMBER_ME_TTL_MS = REMEMBER_ME_DAYS * 24 * HOUR_MS;
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * 60_000;

export interface NewSession {
  sessionId: string;
  /** Goes into the cookie, and nowhere else. */
  token: string;
  expiresAt: Date;
  rememberMe: boolean;
}

export interface SessionService {
  /** The clock's view of liveness, for the repository's queries. */
  liveness(): Liveness;
  /** Opens a session inside the sign-in's transaction. */
  open(
    trx: Executor,
    owner: { adminId: string; ip: string; userAgent: string | null },
    rememberMe: boolean,
  ): Promise<NewSession>;
  /** The identity behind a cookie's token, or null when the session is dead or unknown. */
  resolve(token: string, touch: boolean): Promise<AdminIdentity | null>;
  /** The session the gateway vouched for, re-read from the database (null once it is dead). */
  findLive(sessionId: string, adminId: string): Promise<SessionIdentityRow | null>;
}

export function toIdentity(row: SessionIdentityRow): AdminIdentity {
  return {
    adminId: row.admin_id,
    sessionId: row.session_id,
    username: row.username,
    email: row.email,
    role: row.role,
    twoFactorEnabled: row.two_factor_enabled,
    mustChangePassword: row.must_change_password,
  };
}

/**
 * The session as the server sees it (issue 16): the panel's idle warning counts down from these,
 * never from its own guess of the last activity. No idle deadline with Remember me.
 */
export function toSessionView(
  session: { lastActivity: Date; expiresAt: Date; rememberMe: boolean },
  now: Date,
): SessionView {
  const idle = session.rememberMe
    ? null
    : new Date(Math.min(session.lastActivity.getTime() + SESSION_IDLE_MS, session.expiresAt.getTime()));
  return {
    lastActivity: session.lastActivity.toISOString(),
    idleExpiresAt: idle ? idle.toISOString() : null,
    expiresAt: session.expiresAt.toISOString(),
    serverTime: now.toISOString(),
  };
}

export function createSessionService(deps: { db: AuthDb; clock: Clock }): SessionService {
  const liveness = (): Liveness => {
    const now = deps.clock.now();
    return { now, idleCutoff: new Date(now.getTime() - SESSION_IDLE_MS) };
  };
  return {
    liveness,
    async open(trx, owner, rememberMe) {
      const now = deps.clock.now();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + (rememberMe ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
      const sessionId = await insertSession(trx, {
        admin_id: owner.adminId,
        session_token: hashToken(token),
        ip_address: owner.ip.slice(0, 45),
        user_agent: owner.userAgent,
        remember_me: rememberMe,
        expires_at: expiresAt,
        now,
      });
      return { sessionId, token, expiresAt, rememberMe };
    },
    async resolve(token, touch) {
      // Anything not shaped like our tokens cannot match: no query for it.
      if (!isTokenShaped(token)) return null;
      const row = await resolveSession(deps.db, hashToken(token), liveness(), touch);
      return row ? toIdentity(row) : null;
    },
    async findLive(sessionId, adminId) {
      return (await findLiveSession(deps.db, sessionId, adminId, liveness())) ?? null;
    },
  };
}
