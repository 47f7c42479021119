import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The signed identity the gateway would send for an operator (contracts' AdminIdentity). */
export interface TestOperatorIdentity {
  adminId: string;
  sessionId: string;
  username: string;
  email: string;
  role: 'admin' | 'view_only';
  twoFactorEnabled: boolean;
}

/**
 * An operator and a live session in the suite's database (auth-service's tables, migrated by the
 * suite), so audit rows that reference them can be written, and the identity to sign for them.
 */
export async function createTestOperator(
  databaseUrl: string,
  role: 'admin' | 'view_only' = 'admin',
): Promise<TestOperatorIdentity> {
  const adminId = randomUUID();
  const sessionId = randomUUID();
  const username = `${role}_${adminId.slice(0, 8)}`;
  const email = `${username}@tunnelscope.example`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into admin_users (id, username, email, password_hash, role) values ($1, $2, $3, 'not-a-hash', $4)`,
      [adminId, username, email, role],
    );
    await client.query(
      `insert into admin_sessions (id, admin_id, session_token, expires_at)
       values ($1, $2, $3, now() + interval '1 hour')`,
      [sessionId, adminId, randomUUID()],
    );
  } finally {
    await client.end();
  }
  return { adminId, sessionId, username, email, role, twoFactorEnabled: false };
}
