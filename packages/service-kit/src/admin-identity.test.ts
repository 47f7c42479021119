import {
  signAdminIdentity,
  verifyAdminIdentity,
  ADMIN_IDENTITY_HEADER,
  ADMIN_SIGNATURE_HEADER,
} from './admin-identity.js';

const identity = {
  adminId: '3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11',
  sessionId: '8c6b1d8e-0b7c-4a77-8f6f-6a3c2b1e9d22',
  username: 'ops_lead',
  email: 'ops@tunnelscope.example',
  role: 'admin' as const,
  twoFactorEnabled: true,
};
const secret = 'a-shared-secret-of-some-length-000';

describe('admin identity signing', () => {
  it('verifies an identity the gateway signed', () => {
    const h = signAdminIdentity(identity, secret, 1000);
    expect(verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], secret, 1010)).toEqual(
      identity,
    );
  });

  it('refuses an identity signed with another secret', () => {
    const h = signAdminIdentity(identity, 'someone-else', 1000);
    expect(verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], secret, 1000)).toBeNull();
  });

  it('refuses a payload changed after signing (role escalation)', () => {
    const h = signAdminIdentity({ ...identity, role: 'view_only' }, secret, 1000);
    const forged = Buffer.from(JSON.stringify({ identity, iat: 1000 })).toString('base64url');
    expect(verifyAdminIdentity(forged, h[ADMIN_SIGNATURE_HEADER], secret, 1000)).toBeNull();
  });

  it('refuses a stale signature and a missing one', () => {
    const h = signAdminIdentity(identity, secret, 1000);
    expect(verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], h[ADMIN_SIGNATURE_HEADER], secret, 1061)).toBeNull();
    expect(verifyAdminIdentity(h[ADMIN_IDENTITY_HEADER], undefined, secret, 1000)).toBeNull();
  });
});
