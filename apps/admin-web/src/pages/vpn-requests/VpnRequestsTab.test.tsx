import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { AdminUser, VpnRequestRow } from '@tunnelscope/contracts';
import { ADMIN } from '../../auth/testing.js';
import {
  listAnswer,
  refused,
  setupUser,
  type FakeCall,
  type FakeHandler,
} from '../../components/data-table/testing.js';
import { vpnRequest } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { safeHttpUrl, storeLinkText } from './vpn-request-columns.js';
import { VpnRequestsTab } from './VpnRequestsTab.js';

const LIST = '/data/vpn-requests';

function serve(rows: VpnRequestRow[], extra: FakeHandler = () => undefined, me: AdminUser = ADMIN) {
  return signedInServer(me, (call) => {
    if (call.method === 'GET' && call.path === LIST) return listAnswer(rows, { key: 'requests' });
    return extra(call);
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const rowOf = (text: string) =>
  within(screen.getAllByTestId('data-row').find((row) => within(row).queryByText(text) !== null)!);

async function renderTab(rows: number) {
  renderSignedIn(<VpnRequestsTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(rows));
}

describe('VpnRequestsTab', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the requests of /data/vpn-requests with every column of the spec', async () => {
    const server = serve([
      vpnRequest(1, { additionalInfo: 'Popular in Brazil', status: 'Complete', notes: 'Added to the list' }),
      vpnRequest(2, { isVerified: false, requestNumber: null, status: 'Pending' }),
    ]);
    await renderTab(2);
    expect(screen.getByRole('heading', { name: 'VPN Requests' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the selection's checkbox (admin role)
      'VPN Name',
      'User Email',
      'Play Store Link',
      'Request Number',
      'Verified',
      'Status',
      'Created At',
      'Actions',
    ]);
    for (const name of ['VPN Name', 'User Email', 'Created At']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }

    const first = rowOf('Shield VPN 1');
    expect(first.getByText('Popular in Brazil')).toBeInTheDocument();
    expect(first.getByText('requester1@example.com')).toBeInTheDocument();
    expect(first.getByText('REQ-1001')).toBeInTheDocument();
    // The first cell is the selection's checkbox (admin role).
    const verifiedCell = (row: typeof first) => row.getAllByRole('cell')[5]!;
    expect(verifiedCell(first)).toHaveTextContent(/^OK$/);
    // The compact status badge: Wait, Pend or OK, with its notes.
    expect(within(first.getByTestId('status-editor')).getByText('OK')).toBeInTheDocument();
    expect(first.getByText('Added to the list')).toBeInTheDocument();

    const second = rowOf('Shield VPN 2');
    expect(verifiedCell(second)).toHaveTextContent(/^Pending$/);
    expect(within(second.getByTestId('status-editor')).getByText('Pend')).toBeInTheDocument();
    expect(second.getByText('-')).toBeInTheDocument();
  });

  it('opens the Play Store link in a new tab without a handle on the panel', async () => {
    serve([vpnRequest(1)]);
    await renderTab(1);
    const link = screen.getByRole('link', { name: 'com.shield.vpn1' });
    expect(link).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=com.shield.vpn1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never makes a link of a stored address that is not http or https', async () => {
    serve([vpnRequest(1, { playstoreLink: 'javascript:alert(1)' })]);
    await renderTab(1);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });

  it('searches on email and VPN name, filters on verified and sorts by VPN name on the server', async () => {
    const server = serve([vpnRequest(1)]);
    const user = setupUser();
    await renderTab(1);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by email or VPN name...',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'shield');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Verified' }), 'true');
    await user.click(screen.getByRole('button', { name: 'VPN Name' }));
    await user.click(screen.getByRole('button', { name: 'VPN Name' }));
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toEqual({
        page: '1',
        limit: '25',
        search: 'shield',
        verified: 'true',
        sort: 'vpnName',
        order: 'asc',
      }),
    );
  });

  it('saves the compact status and notes with PATCH /data/vpn-requests/{id}', async () => {
    const row = vpnRequest(1);
    const server = serve([row], (call) =>
      call.method === 'PATCH'
        ? {
            status: 200,
            body: {
              success: true,
              message: 'Updated',
              data: { ...(call.body as object), version: 2, updatedAt: null, updatedBy: null },
            },
          }
        : undefined,
    );
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Edit status and notes' }));
    await user.click(screen.getByRole('radio', { name: 'Done' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Detected since v2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('PATCH', `${LIST}/${row.id}`).map((c) => c.body)).toEqual([
        { status: 'Complete', notes: 'Detected since v2' },
      ]),
    );
    await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
  });

  it("asks 'Delete VPN Request' first, saying it cannot be undone, then deletes", async () => {
    const row = vpnRequest(1);
    const server = serve([row], (call) =>
      call.method === 'DELETE' ? { status: 200, body: { success: true } } : undefined,
    );
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete VPN Request' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this VPN request? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', `${LIST}/${row.id}`)).toHaveLength(1));
    await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
  });

  it("says 'Delete Failed' when the delete is refused", async () => {
    serve([vpnRequest(1)], (call) =>
      call.method === 'DELETE' ? refused(404, 'Entry not found') : undefined,
    );
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete VPN Request' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete entry: Entry not found')).toBeInTheDocument();
  });
});

describe('store links', () => {
  it('accepts only http and https addresses', () => {
    expect(safeHttpUrl('https://play.google.com/store/apps/details?id=a.b')?.host).toBe('play.google.com');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });

  it('reads as the app id, or as the host and path', () => {
    expect(storeLinkText(new URL('https://play.google.com/store/apps/details?id=com.x.vpn&hl=en'))).toBe(
      'com.x.vpn',
    );
    expect(storeLinkText(new URL('https://example.com/app/vpn'))).toBe('example.com/app/vpn');
    expect(storeLinkText(new URL('https://example.com/'))).toBe('example.com');
  });
});
