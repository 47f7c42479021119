/**
 * The review suites' context: the forms-service test context plus auth-service's admin tables in
 * the same database (the merged Logs list reads admin_logs, and every review write appends to
 * it), and calls signed as the gateway signs an operator's identity.
 */
import { randomUUID } from 'node:crypto';
import type { AdminIdentity, AdminRole } from '@tunnelscope/contracts';
import { migrate as migrateAuth } from '@tunnelscope/auth-service/migrations';
import { GATEWAY_TOKEN_HEADER, signAdminIdentity } from '@tunnelscope/service-kit';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from './helpers.js';

export async function createReviewContext(label: string): Promise<TestContext> {
  const ctx = await createTestContext(label);
  await migrateAuth(ctx.database.url);
  return ctx;
}

export interface Operator {
  identity: AdminIdentity;
}

/** An operator row in admin_users (the audit rows reference it) and its signed identity. */
export async function createOperator(ctx: TestContext, role: AdminRole = 'admin'): Promise<Operator> {
  const adminId = randomUUID();
  const sessionId = randomUUID();
  const username = `${role}_${adminId.slice(0, 8)}`;
  await sql`insert into admin_users (id, username, email, password_hash, role)
    values (${adminId}, ${username}, ${`${username}@tunnelscope.example`}, 'not-a-hash', ${role})`.execute(
    ctx.db,
  );
  await sql`insert into admin_sessions (id, admin_id, session_token, expires_at)
    values (${sessionId}, ${adminId}, ${randomUUID()}, now() + interval '1 hour')`.execute(ctx.db);
  return {
    identity: {
      adminId,
      sessionId,
      username,
      email: `${username}@tunnelscope.example`,
      role,
      twoFactorEnabled: false,
    },
  };
}

/** A call as the gateway forwards it for `operator` (or without an identity when undefined). */
export function adminCall(
  ctx: TestContext,
  operator: Operator | undefined,
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  ip = '203.0.113.7',
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    'user-agent': 'jest-operator',
    [GATEWAY_TOKEN_HEADER]: ctx.config.INTERNAL_SHARED_SECRET,
    'x-forwarded-for': ip,
  };
  if (operator)
    Object.assign(headers, signAdminIdentity(operator.identity, ctx.config.INTERNAL_SHARED_SECRET));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** admin_logs rows written for `adminId`, oldest first. */
export async function auditRowsOf(ctx: TestContext, adminId: string) {
  const result = await sql<{
    action: string;
    resource: string | null;
    resource_id: string | null;
    success: boolean;
    details: Record<string, unknown> | null;
    ip_address: string | null;
  }>`select action, resource, resource_id, success, details, ip_address from admin_logs
     where admin_id = ${adminId} order by created_at, id`.execute(ctx.db);
  return result.rows;
}
