import type { ApiKeyView } from '@tunnelscope/contracts';
import { apiKeyStatus } from './api-key-status.js';
import { formatDateTime } from '../../components/data-table/format.js';

const key: ApiKeyView = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Checkout',
  ownerEmail: 'dev@shop.example',
  prefix: 'ts_live_Ab12',
  dailyQuota: 10_000,
  burstPerSecond: 50,
  allowExport: false,
  allowedNetworks: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  graceUntil: null,
};
const now = new Date('2026-11-25T12:00:00.000Z');

describe('apiKeyStatus', () => {
  it('calls a key without revocation or grace period active', () => {
    expect(apiKeyStatus(key, now)).toEqual({ kind: 'active', label: 'Active' });
  });

  it('says until when the old secret of a rotated key still works', () => {
    const graceUntil = '2026-11-26T12:00:00.000Z';
    expect(apiKeyStatus({ ...key, graceUntil }, now)).toEqual({
      kind: 'rotating',
      label: `Rotating until ${formatDateTime(graceUntil)}`,
      until: formatDateTime(graceUntil),
    });
  });

  it('forgets a grace period that is over', () => {
    expect(apiKeyStatus({ ...key, graceUntil: '2026-11-25T11:59:59.000Z' }, now).kind).toBe('active');
  });

  it('puts revocation above everything else', () => {
    const revoked = { ...key, revokedAt: '2026-11-20T00:00:00.000Z', graceUntil: '2026-11-30T00:00:00.000Z' };
    expect(apiKeyStatus(revoked, now)).toEqual({ kind: 'revoked', label: 'Revoked' });
  });
});
