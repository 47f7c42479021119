/**
 * The keys of the gateway-to-service hop, derived from INTERNAL_SHARED_SECRET with HKDF so that
 * the master secret itself is never sent nor used as a MAC key: one key for the per-request
 * gateway token, another for the admin identity signature, and a public key id that names which
 * master a MAC was made with. Naming it lets the master rotate without downtime: during an
 * overlap a service accepts MACs made with INTERNAL_SHARED_SECRET_PREVIOUS too, until
 * INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL, after which they are refused.
 */
import { hkdfSync } from 'node:crypto';

export interface InternalKey {
  /** Public name of the master this key was derived from (a hash of it, not the secret). */
  readonly id: string;
  /** Keys the `x-tunnelscope-gateway` per-request MAC. */
  readonly gateway: Buffer;
  /** Keys the admin identity signature. */
  readonly identity: Buffer;
}

export interface InternalKeyring {
  /** What the gateway signs with and every service accepts. */
  readonly current: InternalKey;
  /** The master being rotated out: accepted (never used to sign) until `previousUntilSeconds`. */
  readonly previous: InternalKey | null;
  readonly previousUntilSeconds: number;
}

/** Fixed salt: domain separation from any other use of the same secret. */
const SALT = 'tunnelscope/internal-auth/v1';

function derive(master: string, purpose: string, bytes: number): Buffer {
  return Buffer.from(hkdfSync('sha256', master, SALT, purpose, bytes));
}

export function deriveInternalKey(master: string): InternalKey {
  return {
    id: derive(master, 'key-id', 9).toString('base64url'),
    gateway: derive(master, 'gateway-token', 32),
    identity: derive(master, 'admin-identity', 32),
  };
}

export interface InternalSecretsConfig {
  INTERNAL_SHARED_SECRET: string;
  INTERNAL_SHARED_SECRET_PREVIOUS?: string | undefined;
  /** When the previous master stops being accepted. */
  INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL?: Date | undefined;
}

/** The keyring a process builds once at start from its configuration. */
export function internalKeyring(cfg: InternalSecretsConfig): InternalKeyring {
  const previous =
    cfg.INTERNAL_SHARED_SECRET_PREVIOUS && cfg.INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL
      ? deriveInternalKey(cfg.INTERNAL_SHARED_SECRET_PREVIOUS)
      : null;
  return {
    current: deriveInternalKey(cfg.INTERNAL_SHARED_SECRET),
    previous,
    previousUntilSeconds: previous
      ? Math.floor(cfg.INTERNAL_SHARED_SECRET_PREVIOUS_UNTIL!.getTime() / 1000)
      : 0,
  };
}

/** The key a MAC names by `id`, if this service still accepts it at `nowSeconds`. */
export function acceptedKey(ring: InternalKeyring, id: string, nowSeconds: number): InternalKey | null {
  if (id === ring.current.id) return ring.current;
  if (ring.previous && id === ring.previous.id && nowSeconds <= ring.previousUntilSeconds)
    return ring.previous;
  return null;
}
