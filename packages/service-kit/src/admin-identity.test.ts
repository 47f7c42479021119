import { PASSWORD_CHANGE_REQUIRED_ERROR } from '@tunnelscope/contracts';
import {
  signAdminIdentity,
  verifyAdminIdentity,
  requireAdminRole,
  requireAdminSession,
  PasswordChangeRequiredError,
  ADMIN_IDENTITY_HEADER,
  ADMIN_SIGNATURE_HEADER,
} from './admin-identity.js';
import type { InternalRequest } from './gateway-trust.js';
import { internalKeyring } from './internal-keys.js';

const identity = {
  adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
  sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
  username: 'ops_lead',
  email: 'ops@tunnelscope.example',
  role: 'admin' as const,
  twoFactorEnabled: true,
};
const ring = internalKeyring({ INTERNAL_SHARED_SECRET: 'a-shared-secret-of-some-length-000' });
const call: InternalRequest = {
  audience: 'forms',
  method: 'GET',
  path: '/data/waitlist?page=1',
  requestId: 'r-1',
};

describe('admin identity signing', () => {
  it('verifies an identity the gateway signed for this call', () => {
    const h = signAdminIdentity(identity, ring, call, 1000);
    expect(
      verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], ring, call, 1010),
    ).toEqual(identity);
  });

  it('refuses an identity signed with another secret', () => {
    const other = internalKeyring({ INTERNAL_SHARED_SECRET: 'someone-else-entirely-0123456789abcdef' });
    const h = signAdminIdentity(identity, other, call, 1000);
    expect(
      verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], ring, call, 1000),
    ).toBeNull();
  });

  it('refuses a payload changed after signing (role escalation)', () => {
    const h = signAdminIdentity({ ...identity, role: 'view_only' }, ring, call, 1000);
    const forged = Buffer.from(JSON.stringify({ identity, iat: 1000 })).toString('base64url');
    expect(verifyAdminIdentity(forged, h[ADMIN_SIGNATURE_HEADER], ring, call, 1000)).toBeNull();
  });

  it('refuses a stale signature and a missing one', () => {
    const h = signAdminIdentity(identity, ring, call, 1000);
    expect(
      verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], ring, call, 1031),
    ).toBeNull();
    expect(verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], undefined, ring, call, 1000)).toBeNull();
  });

  it.each<[string, Partial<InternalRequest>]>([
    ['another path', { path: '/data/contacts' }],
    ['another query', { path: '/data/waitlist?page=2' }],
    ['another method', { method: 'DELETE' }],
    ['another service', { audience: 'analytics' }],
    ['another request id', { requestId: 'r-2' }],
  ])('refuses the signature replayed on %s', (_what, change) => {
    const h = signAdminIdentity(identity, ring, call, 1000);
    expect(
      verifyAdminIdentity(
        h[ADMIN_IDENTITY_HEADER],
        h[ADMIN_SIGNATURE_HEADER],
        ring,
        { ...call, ...change },
        1000,
      ),
    ).toBeNull();
  });
});

describe('requireAdminSession: the forced new password (issue 16)', () => {
  const asRequest = (admin: unknown) => ({ admin }) as Parameters<typeof requireAdminSession>[0];

  it('passes an operator who need not change their password, with the flag signed or not', () => {
    expect(requireAdminSession(asRequest(identity))).toEqual(identity);
    const signed = signAdminIdentity({ ...identity, mustChangePassword: false }, ring, call, 1000);
    const verified = verifyAdminIdentity(
      signed[ADMIN_IDENTITY_HEADER],
      signed[ADMIN_SIGNATURE_HEADER],
      ring,
      call,
      1000,
    );
    expect(requireAdminSession(asRequest(verified))).toMatchObject({ mustChangePassword: false });
  });

  it('refuses every call with 403 password_change_required while one is due, unless the route opts out', () => {
    const h = signAdminIdentity({ ...identity, mustChangePassword: true }, ring, call, 1000);
    const forced = verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], ring, call, 1000);
    expect(forced?.mustChangePassword).toBe(true);
    expect(() => requireAdminSession(asRequest(forced))).toThrow(PasswordChangeRequiredError);
    expect(() => requireAdminRole(asRequest(forced))).toThrow(
      expect.objectContaining({ statusCode: 403, code: PASSWORD_CHANGE_REQUIRED_ERROR }),
    );
    expect(requireAdminSession(asRequest(forced), { allowPendingPasswordChange: true })).toEqual(forced);
  });
});
