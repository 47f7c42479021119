/**
 * The rules of API-key management (admin API and CLI): create (the secret is returned once and
 * only its hash stored), rotate (a new secret; the old one works until the grace time), revoke
 * (the row stays), list and usage. Every write is audited in the same transaction, and a rotation
 * or revocation is published after commit so every replica drops the key from its cache.
 */
import {
  API_KEY_DEFAULTS,
  API_KEY_MESSAGES,
  API_KEY_USAGE_DAYS,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type apiKeyListQuerySchema,
} from '@tunnelscope/contracts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  type AdminAuditSubject,
  type Clock,
} from '@tunnelscope/service-kit';
import type { z } from 'zod';
import type { ApiKeyRow, LookupDb } from '../db/schema.js';
import type { Usage } from '../metering/usage.js';
import type { AdminAudit } from './admin-audit.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-format.js';
import {
  findApiKeyById,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from './api-key-repository.js';
import { normaliseNetwork } from './client-networks.js';

export function toView(row: ApiKeyRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    ownerEmail: row.owner_email,
    prefix: row.prefix,
    dailyQuota: row.daily_quota,
    burstPerSecond: row.burst_per_second,
    allowExport: row.allow_export,
    allowedNetworks: row.allowed_networks,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    graceUntil:
      row.previous_key_hash && row.grace_until && row.grace_until > now && !row.revoked_at
        ? row.grace_until.toISOString()
        : null,
  };
}

export interface ApiKeyService {
  list(query: z.output<typeof apiKeyListQuerySchema>): Promise<{
    entries: ApiKeyView[];
    pagination: { page: number; limit: number; total: number; pages: number };
  }>;
  create(
    subject: AdminAuditSubject,
    input: CreateApiKeyRequest,
  ): Promise<{ key: string; apiKey: ApiKeyView }>;
  rotate(
    subject: AdminAuditSubject,
    id: string,
    graceHours: number,
  ): Promise<{ key: string; apiKey: ApiKeyView }>;
  revoke(subject: AdminAuditSubject, id: string): Promise<ApiKeyView>;
  usage(id: string): Promise<{ days: { date: string; count: number }[]; dailyQuota: number }>;
  /** Audits a write a view_only operator was refused. */
  auditRefusedWrite(
    subject: AdminAuditSubject,
    attempt: { operation: string; resourceId?: string },
  ): Promise<void>;
}

export interface ApiKeyServiceDeps {
  db: LookupDb;
  clock: Clock;
  audit: AdminAudit;
  /** Tells every replica to drop a key (after commit). */
  invalidate(keyId: string): Promise<void>;
  usage: Pick<Usage, 'daily'>;
}

function networksOf(input: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const text of input ?? []) {
    const network = normaliseNetwork(text);
    if (!network) throw new BadRequestError(API_KEY_MESSAGES.invalidNetwork);
    out.push(network);
  }
  return out;
}

export function createApiKeyService(deps: ApiKeyServiceDeps): ApiKeyService {
  const { db, clock, audit } = deps;

  const existing = async (id: string) => {
    const row = await findApiKeyById(db, id);
    if (!row) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    return row;
  };

  return {
    async list(query) {
      const { rows, total } = await listApiKeys(db, query);
      const now = clock.now();
      return {
        entries: rows.map((r) => toView(r, now)),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      };
    },

    async create(subject, input) {
      const allowedNetworks = networksOf(input.allowedNetworks);
      const key = generateApiKey();
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const created = await insertApiKey(trx, {
          name: input.name,
          owner_email: input.ownerEmail,
          key_hash: hashApiKey(key),
          prefix: displayPrefix(key),
          daily_quota: input.dailyQuota ?? API_KEY_DEFAULTS.dailyQuota,
          burst_per_second: input.burstPerSecond ?? API_KEY_DEFAULTS.burstPerSecond,
          allow_export: input.allowExport ?? API_KEY_DEFAULTS.allowExport,
          allowed_networks: allowedNetworks,
          created_at: now,
        });
        await audit.recordIn(trx, subject, {
          action: 'api_key_created',
          resource: 'api_key',
          resourceId: created.id,
          details: {
            name: created.name,
            ownerEmail: created.owner_email,
            prefix: created.prefix,
            dailyQuota: created.daily_quota,
            burstPerSecond: created.burst_per_second,
            allowExport: created.allow_export,
            allowedNetworks: created.allowed_networks,
          },
        });
        return created;
      });
      return { key, apiKey: toView(row, now) };
    },

    async rotate(subject, id, graceHours) {
      const key = generateApiKey();
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const before = await findApiKeyById(trx, id, true);
        if (!before) throw new NotFoundError(API_KEY_MESSAGES.notFound);
        if (before.revoked_at) throw new ConflictError(API_KEY_MESSAGES.revoked);
        const graceUntil = new Date(now.getTime() + graceHours * 3_600_000);
        const rotated = await rotateApiKey(trx, id, {
          keyHash: hashApiKey(key),
          prefix: displayPrefix(key),
          graceUntil,
        });
        if (!rotated) throw new ConflictError(API_KEY_MESSAGES.revoked);
        await audit.recordIn(trx, subject, {
          action: 'api_key_rotated',
          resource: 'api_key',
          resourceId: id,
          details: {
            name: rotated.name,
            previousPrefix: before.prefix,
            prefix: rotated.prefix,
            graceHours,
            graceUntil: graceUntil.toISOString(),
          },
        });
        return rotated;
      });
      await deps.invalidate(id);
      return { key, apiKey: toView(row, now) };
    },

    async revoke(subject, id) {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const revoked = await revokeApiKey(trx, id, now);
        if (!revoked) {
          const found = await findApiKeyById(trx, id);
          if (!found) throw new NotFoundError(API_KEY_MESSAGES.notFound);
          throw new ConflictError(API_KEY_MESSAGES.revoked);
        }
        await audit.recordIn(trx, subject, {
          action: 'api_key_revoked',
          resource: 'api_key',
          resourceId: id,
          details: { name: revoked.name, ownerEmail: revoked.owner_email, prefix: revoked.prefix },
        });
        return revoked;
      });
      await deps.invalidate(id);
      return toView(row, now);
    },

    async usage(id) {
      const row = await existing(id);
      return { days: await deps.usage.daily(id, API_KEY_USAGE_DAYS), dailyQuota: row.daily_quota };
    },

    async auditRefusedWrite(subject, attempt) {
      await audit.record(subject, {
        action: 'permission_denied',
        success: false,
        resource: 'api_key',
        ...(attempt.resourceId ? { resourceId: attempt.resourceId } : {}),
        details: { operation: attempt.operation },
      });
    },
  };
}
