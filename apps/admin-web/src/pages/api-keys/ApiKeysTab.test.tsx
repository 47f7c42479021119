import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { API_KEY_MESSAGES, type AdminUser, type ApiKeyView } from '@tunnelscope/contracts';
import { ADMIN, VIEWER } from '../../auth/testing.js';
import {
  listAnswer,
  refused,
  setupUser,
  type FakeCall,
  type FakeHandler,
} from '../../components/data-table/testing.js';
import { waitlistEntry } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { ApiKeysTab } from './ApiKeysTab.js';
import { formatDateTime } from '../../components/data-table/format.js';

const LIST = '/api-keys';
const SECRET = 'ts_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789Ab';

function apiKey(n: number, overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: `6f1c2d3e-4a5b-4c6d-8e7f-${String(n).padStart(12, '0')}`,
    name: `Key ${n}`,
    ownerEmail: `owner${n}@shop.example`,
    prefix: `ts_live_K${n}x`,
    dailyQuota: 10_000,
    burstPerSecond: 50,
    allowExport: false,
    allowedNetworks: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    graceUntil: null,
    ...overrides,
  };
}

const checkout = apiKey(1, {
  name: 'Checkout',
  dailyQuota: 250_000,
  allowExport: true,
  lastUsedAt: '2026-11-25T08:00:00.000Z',
});
const rotated = apiKey(2, { name: 'Signup', graceUntil: '2099-01-01T00:00:00.000Z' });
const revoked = apiKey(3, { name: 'Old', revokedAt: '2026-11-01T00:00:00.000Z' });

/** An API-keys server over `keys`; `extra` answers anything else first. */
function serve(me: AdminUser, keys: ApiKeyView[], extra: FakeHandler = () => undefined) {
  return signedInServer(me, async (call) => {
    const handled = await extra(call);
    if (handled) return handled;
    if (call.method === 'GET' && call.path === LIST) return listAnswer(keys);
    if (call.method === 'GET' && call.path === '/data/waitlist') {
      return listAnswer([waitlistEntry(1, { email: 'buyer@bank.example' })]);
    }
    return undefined;
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const rowOf = (text: string) =>
  within(screen.getAllByTestId('data-row').find((row) => within(row).queryByText(text) !== null)!);
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

async function renderTab(rows: number) {
  const user = setupUser();
  renderSignedIn(<ApiKeysTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(rows));
  return user;
}

describe('ApiKeysTab', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the keys with owner, prefix, limits, export, dates and status, newest first', async () => {
    const server = serve(ADMIN, [checkout, rotated, revoked]);
    await renderTab(3);
    expect(screen.getByRole('heading', { name: 'API Keys' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });

    const first = rowOf('Checkout');
    expect(first.getByText('owner1@shop.example')).toBeInTheDocument();
    expect(first.getByText('ts_live_K1x…')).toBeInTheDocument();
    expect(first.getByText('250,000')).toBeInTheDocument();
    expect(first.getByText('50')).toBeInTheDocument();
    expect(first.getByText('Allowed')).toBeInTheDocument();
    expect(first.getByText(formatDateTime(checkout.lastUsedAt!))).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();

    expect(rowOf('Signup').getByText('Rotating')).toBeInTheDocument();
    expect(rowOf('Signup').getByText(`until ${formatDateTime(rotated.graceUntil!)}`)).toBeInTheDocument();
    expect(rowOf('Signup').getByText('Never')).toBeInTheDocument();
    expect(rowOf('Old').getByText('Revoked')).toBeInTheDocument();
    // A revoked key can be neither rotated nor revoked again.
    expect(rowOf('Old').queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
    expect(rowOf('Old').queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('searches on name and owner, filters by status and sorts through the shared list query', async () => {
    const server = serve(ADMIN, [checkout]);
    const user = await renderTab(1);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'shop');
    await waitFor(() => expect(lists(server.calls).at(-1)?.query).toMatchObject({ search: 'shop' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'revoked');
    await waitFor(() => expect(lists(server.calls).at(-1)?.query).toMatchObject({ status: 'revoked' }));
    await user.click(screen.getByRole('button', { name: 'Daily Quota' }));
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toMatchObject({ sort: 'dailyQuota', order: 'desc' }),
    );
  });

  it('creates a key for a verified waitlist owner, shows the secret once, and copies it', async () => {
    const created = apiKey(9, {
      name: 'Bank checks',
      ownerEmail: 'buyer@bank.example',
      prefix: 'ts_live_AbCd',
    });
    const keys = [checkout];
    const server = serve(ADMIN, keys, (call) => {
      if (call.method === 'POST' && call.path === LIST) {
        keys.unshift(created);
        return { status: 201, body: { success: true, key: SECRET, apiKey: created } };
      }
      return undefined;
    });
    const user = await renderTab(1);

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Bank checks');
    const picker = dialog.getByRole('combobox', { name: 'Verified waitlist entry' });
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: 'buyer@bank.example' })).toBeInTheDocument(),
    );
    expect(server.callsTo('GET', '/data/waitlist')[0]?.query).toMatchObject({ verified: 'true' });
    await user.selectOptions(picker, 'buyer@bank.example');
    expect(dialog.getByRole('textbox', { name: 'Owner email' })).toHaveValue('buyer@bank.example');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));

    const reveal = within(await screen.findByRole('dialog', { name: 'Copy your API key' }));
    expect(reveal.getByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(reveal.getByRole('alert')).toHaveTextContent(API_KEY_MESSAGES.created);
    expect(server.callsTo('POST', LIST).map((c) => c.body)).toEqual([
      {
        name: 'Bank checks',
        ownerEmail: 'buyer@bank.example',
        dailyQuota: 10_000,
        burstPerSecond: 50,
        allowExport: false,
      },
    ]);

    await user.click(reveal.getByRole('button', { name: 'Copy key' }));
    // user-event stands in for the browser's clipboard: what it holds is what was copied.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await reveal.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(reveal.getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Once closed, the secret is nowhere on the page; the list shows the new key by its prefix.
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    expect(document.body.textContent).not.toContain(SECRET);
    expect(rowOf('Bank checks').getByText('ts_live_AbCd…')).toBeInTheDocument();
  });

  it("checks a typed owner with the contracts' schema and sends nothing until it is valid", async () => {
    const server = serve(ADMIN, [checkout]);
    const user = await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    await user.type(dialog.getByRole('textbox', { name: 'Owner email' }), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('rotates with the chosen grace hours and shows the new secret once', async () => {
    const server = serve(ADMIN, [checkout], (call) =>
      call.method === 'POST' && call.path === `${LIST}/${checkout.id}/rotate`
        ? {
            status: 200,
            body: {
              success: true,
              key: SECRET,
              apiKey: { ...checkout, graceUntil: '2099-01-01T00:00:00.000Z' },
            },
          }
        : undefined,
    );
    const user = await renderTab(1);
    await user.click(rowOf('Checkout').getByRole('button', { name: 'Rotate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rotate API key' }));
    const grace = dialog.getByRole('textbox', { name: 'Grace period (hours)' });
    expect(grace).toHaveValue('24');
    await user.clear(grace);
    await user.type(grace, '48');
    await user.click(dialog.getByRole('button', { name: 'Rotate key' }));
    const reveal = within(await screen.findByRole('dialog', { name: 'Copy your API key' }));
    expect(reveal.getByRole('alert')).toHaveTextContent(API_KEY_MESSAGES.rotated);
    expect(server.callsTo('POST', `${LIST}/${checkout.id}/rotate`).map((c) => c.body)).toEqual([
      { graceHours: 48 },
    ]);
  });

  it('revokes only after a confirmation, then reloads the list', async () => {
    const server = serve(ADMIN, [checkout], (call) =>
      call.method === 'DELETE' && call.path === `${LIST}/${checkout.id}`
        ? {
            status: 200,
            body: {
              success: true,
              message: 'API key revoked',
              apiKey: { ...checkout, revokedAt: '2026-11-25T12:00:00.000Z' },
            },
          }
        : undefined,
    );
    const user = await renderTab(1);
    await user.click(rowOf('Checkout').getByRole('button', { name: 'Revoke' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    expect(confirm.getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', `${LIST}/${checkout.id}`)).toHaveLength(0);

    await user.click(rowOf('Checkout').getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText(API_KEY_MESSAGES.revokedNow)).toBeInTheDocument();
    expect(server.callsTo('DELETE', `${LIST}/${checkout.id}`)).toHaveLength(1);
    await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
  });

  it("toasts the server's refusal of a revoke", async () => {
    serve(ADMIN, [checkout], (call) =>
      call.method === 'DELETE' ? refused(404, API_KEY_MESSAGES.notFound) : undefined,
    );
    const user = await renderTab(1);
    await user.click(rowOf('Checkout').getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText(API_KEY_MESSAGES.notFound)).toBeInTheDocument();
  });

  it('shows a view_only operator the list and usage, but no create, rotate or revoke', async () => {
    const server = serve(VIEWER, [checkout, rotated]);
    await renderTab(2);
    expect(screen.queryByRole('button', { name: 'Create key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(rowOf('Checkout').getByRole('button', { name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(writes(server.calls)).toHaveLength(0);
  });

  it('charts the last 30 days of one key against its quota', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10),
      count: i === 29 ? 1200 : 100,
    }));
    const server = serve(VIEWER, [checkout], (call) =>
      call.path === `${LIST}/${checkout.id}/usage`
        ? { status: 200, body: { success: true, data: { days, dailyQuota: checkout.dailyQuota } } }
        : undefined,
    );
    const user = await renderTab(1);
    await user.click(rowOf('Checkout').getByRole('button', { name: 'Usage' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Usage of Checkout' }));
    expect(await dialog.findByTestId('usage-chart')).toBeInTheDocument();
    expect(dialog.getByRole('figure', { name: 'Daily lookups of Checkout' })).toBeInTheDocument();
    expect(dialog.getByTestId('usage-total')).toHaveTextContent('4,100');
    expect(dialog.getByText('Daily quota 250,000')).toBeInTheDocument();
    expect(server.callsTo('GET', `${LIST}/${checkout.id}/usage`)).toHaveLength(1);
  });
});
