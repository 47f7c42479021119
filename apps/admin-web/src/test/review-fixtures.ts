/** Rows of the review lists as the server answers them, to spread the fields a test needs over. */
import type { ContactRow, LogRow, VpnRequestRow, WaitlistEntryRow } from '@tunnelscope/contracts';

/** A valid v4 UUID whose last group ends in `n` (rows are checked against the contracts' schemas). */
export const uuid = (n: number): string => `6f1c2d3e-4a5b-4c6d-8e7f-${String(n).padStart(12, '0')}`;

export function waitlistEntry(n: number, overrides: Partial<WaitlistEntryRow> = {}): WaitlistEntryRow {
  return {
    id: uuid(n),
    email: `visitor${n}@example.com`,
    company: `Company ${n}`,
    useCase: 'Fraud prevention',
    isVerified: true,
    status: 'Waiting',
    notes: '',
    createdAt: '2026-11-20T10:15:00.000Z',
    ipAddress: '203.0.113.10',
    version: 1,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

export function vpnRequest(n: number, overrides: Partial<VpnRequestRow> = {}): VpnRequestRow {
  return {
    id: uuid(n),
    vpnName: `Shield VPN ${n}`,
    userEmail: `requester${n}@example.com`,
    playstoreLink: `https://play.google.com/store/apps/details?id=com.shield.vpn${n}`,
    additionalInfo: '',
    requestNumber: `REQ-${1000 + n}`,
    isVerified: true,
    status: 'Waiting',
    notes: '',
    createdAt: '2026-11-21T08:00:00.000Z',
    version: 1,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

export function contact(n: number, overrides: Partial<ContactRow> = {}): ContactRow {
  return {
    id: uuid(n),
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    subject: `Question ${n}`,
    message: 'Hello, I would like to know more.',
    isVerified: true,
    status: 'Waiting',
    notes: '',
    createdAt: '2026-11-22T09:30:00.000Z',
    version: 1,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}

export function logRow(id: string, overrides: Partial<LogRow> = {}): LogRow {
  return {
    id,
    type: 'visitor',
    email: 'visitor@example.com',
    action: 'waitlist_attempt',
    success: true,
    ipAddress: '198.51.100.7',
    errorMessage: null,
    resource: null,
    resourceId: null,
    details: null,
    createdAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}
