import { jest } from '@jest/globals';
import type { MailJob } from '@tunnelscope/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireAdminRole, requireAdminSession } from './admin-identity.js';
import { adminLogRow } from './admin-audit.js';
import {
  ForbiddenError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from './errors.js';
import { createMailEnqueuer } from './mail-enqueuer.js';
import type { MailQueue } from './mail-queue.js';
import { isUniqueViolation } from './postgres-errors.js';
import { perMinute, rateLimitOptions, tooManyRequestsMessage } from './rate-limit.js';
import { withTimeout } from './timeout.js';

describe('withTimeout', () => {
  it('settles like the promise when it answers in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('boom')), 1000)).rejects.toThrow('boom');
  });

  it('rejects with the given message once the time is up', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withTimeout(never, 10)).rejects.toThrow('timed out after 10 ms');
    await expect(withTimeout(never, 10, 'cache did not answer')).rejects.toThrow('cache did not answer');
  });
});

describe('isUniqueViolation', () => {
  const clash = { code: '23505', constraint: 'admin_users_email_key' };

  it('recognises any unique violation when no constraint is named', () => {
    expect(isUniqueViolation(clash)).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('recognises only the named constraints when some are given', () => {
    expect(isUniqueViolation(clash, 'admin_users_email_key', 'admin_users_email_lower_key')).toBe(true);
    expect(isUniqueViolation(clash, 'admin_users_username_key')).toBe(false);
  });
});

describe('the admin checks', () => {
  const operator = (role: 'admin' | 'view_only' | null) =>
    ({
      admin: role && {
        adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
        sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
        username: 'ops_lead',
        email: 'ops@tunnelscope.example',
        role,
        twoFactorEnabled: true,
      },
    }) as unknown as FastifyRequest;

  it('requireAdminSession accepts any signed-in operator and refuses no session with a 401', () => {
    expect(requireAdminSession(operator('view_only')).role).toBe('view_only');
    expect(requireAdminSession(operator('admin')).role).toBe('admin');
    expect(() => requireAdminSession(operator(null))).toThrow(UnauthorizedError);
  });

  it('requireAdminRole accepts the admin role only: view_only gets a 403', () => {
    expect(requireAdminRole(operator('admin')).role).toBe('admin');
    expect(() => requireAdminRole(operator('view_only'))).toThrow(ForbiddenError);
    expect(() => requireAdminRole(operator(null))).toThrow(UnauthorizedError);
  });
});

describe('the rate-limit setup', () => {
  it('answers one 429 text, in seconds, with Retry-After', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests. Please try again in 1 second.');
    expect(tooManyRequestsMessage(42)).toBe('Too many requests. Please try again in 42 seconds.');
    const options = rateLimitOptions({ redis: {} as never, nameSpace: 'test:rate-limit:' });
    const refusal = options.errorResponseBuilder({} as FastifyRequest, { ttl: 1500 });
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect(refusal).toMatchObject({
      statusCode: 429,
      message: 'Too many requests. Please try again in 2 seconds.',
      headers: { 'retry-after': '2' },
    });
  });

  it('keys the counters by the address the gateway vouches for', () => {
    const options = rateLimitOptions({ redis: {} as never, nameSpace: 'test:' });
    expect(options.keyGenerator({ clientIp: '203.0.113.9' } as FastifyRequest)).toBe('203.0.113.9');
    expect(perMinute(5)).toEqual({ max: 5, timeWindow: 60_000 });
  });
});

describe('createMailEnqueuer', () => {
  const job: MailJob = {
    type: 'verification-code',
    to: 'someone@example.com',
    form: 'waitlist',
    code: '123456',
    expiresInMinutes: 10,
  } as MailJob;
  const log = { error: jest.fn() } as unknown as FastifyBaseLogger;

  it('puts every mail on the queue with its job id', async () => {
    const add = jest.fn(async () => undefined);
    const mail = createMailEnqueuer({
      queue: { add } as unknown as MailQueue,
      timeoutMs: 1000,
      log,
      unavailableMessage: 'try later',
    });
    await mail.enqueue(job, 'a');
    await mail.enqueueAll([
      { job, jobId: 'b' },
      { job, jobId: 'c' },
    ]);
    expect(add.mock.calls.map((c) => (c as unknown[])[2])).toEqual([
      { jobId: 'a' },
      { jobId: 'b' },
      { jobId: 'c' },
    ]);
  });

  it('turns a queue that does not answer in time into a 503 with the given message', async () => {
    const mail = createMailEnqueuer({
      queue: { add: () => new Promise(() => undefined) } as unknown as MailQueue,
      timeoutMs: 10,
      log,
      unavailableMessage: 'We could not send the e-mail right now.',
    });
    const refusal = mail.enqueue(job, 'a');
    await expect(refusal).rejects.toThrow(ServiceUnavailableError);
    await expect(refusal).rejects.toThrow('We could not send the e-mail right now.');
  });
});

describe('adminLogRow', () => {
  it('builds every column of an admin_logs insert, bounded to the columns', () => {
    const row = adminLogRow(
      {
        adminId: null,
        sessionId: null,
        username: `${'u'.repeat(60)}\u0000`,
        ip: '203.0.113.9',
        userAgent: null,
        requestId: 'req-1',
      },
      { action: 'login_failed', success: false, details: { reason: 'unknown_user' } },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(row).toEqual({
      admin_id: null,
      session_id: null,
      username: 'u'.repeat(50),
      action: 'login_failed',
      resource: null,
      resource_id: null,
      details: JSON.stringify({ reason: 'unknown_user', requestId: 'req-1' }),
      ip_address: '203.0.113.9',
      user_agent: null,
      success: false,
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
  });
});
