import { randomUUID } from 'node:crypto';
import { createOperator, createReviewContext, gatewayCallHeaders, type Operator } from './review-helpers.js';
import type { TestContext } from './helpers.js';

/**
 * Issue 13, item 2: what the gateway sends for one call vouches for that call only. A captured
 * internal request replayed with another path, another method, or to this service when it was
 * made for another one is refused (401: no operator is believed).
 */
describe('internal requests are bound to their call and their service', () => {
  let ctx: TestContext;
  let admin: Operator;
  beforeAll(async () => {
    ctx = await createReviewContext('internal_auth');
    admin = await createOperator(ctx);
  });
  afterAll(() => ctx.close());

  it('accepts the call the headers were made for', async () => {
    const headers = gatewayCallHeaders(ctx, admin, 'GET', '/data/waitlist?page=1');
    const res = await ctx.app.inject({ method: 'GET', url: '/data/waitlist?page=1', headers });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the captured headers on another path, even the same path with another query', async () => {
    const headers = gatewayCallHeaders(ctx, admin, 'GET', '/data/waitlist?page=1');
    for (const url of ['/data/contacts', '/data/waitlist?page=2', '/dashboard/overview']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('refuses the captured headers with another method', async () => {
    const id = randomUUID();
    const headers = gatewayCallHeaders(ctx, admin, 'GET', `/data/waitlist/${id}`);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/data/waitlist/${id}`, headers });
    expect(res.statusCode).toBe(401);
  });

  it('refuses headers the gateway made for another service (analytics-service)', async () => {
    const headers = gatewayCallHeaders(ctx, admin, 'GET', '/data/waitlist', '203.0.113.7', 'analytics');
    const res = await ctx.app.inject({ method: 'GET', url: '/data/waitlist', headers });
    expect(res.statusCode).toBe(401);
  });
});
