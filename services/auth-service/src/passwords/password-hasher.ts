/**
 * argon2id password hashing, at the configured cost (never below OWASP's minimum in production).
 * `verifyOrDummy` checks against a dummy hash made with the same cost when there is no account, so
 * an unknown username takes as long to refuse as a wrong password: the answer's timing does not
 * tell which usernames exist.
 */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export interface PasswordHasherOptions {
  memoryKib: number;
  timeCost: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password, and for a stored hash that is not a valid argon2 string. */
  verify(hash: string, password: string): Promise<boolean>;
  /** Verifies against `hash`, or against the dummy hash (always false) when there is none. */
  verifyOrDummy(hash: string | null | undefined, password: string): Promise<boolean>;
  /** Computes the dummy hash ahead of the first sign-in, so that one is not slower either. */
  warmUp(): Promise<void>;
}

export function createPasswordHasher(opts: PasswordHasherOptions): PasswordHasher {
  const params = {
    type: argon2.argon2id,
    memoryCost: opts.memoryKib,
    timeCost: opts.timeCost,
    parallelism: 1,
  } as const;
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= argon2.hash(randomBytes(32).toString('base64url'), params));

  const verify = async (hash: string, password: string) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => argon2.hash(password, params),
    verify,
    async verifyOrDummy(hash, password) {
      if (hash) return verify(hash, password);
      await verify(await dummyHash(), password);
      return false;
    },
    async warmUp() {
      await dummyHash();
    },
  };
}
