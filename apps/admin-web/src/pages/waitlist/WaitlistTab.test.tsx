import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { AdminUser, WaitlistEntryRow } from '@tunnelscope/contracts';
import { ADMIN, VIEWER } from '../../auth/testing.js';
import {
  listAnswer,
  setupUser,
  type FakeCall,
  type FakeHandler,
} from '../../components/data-table/testing.js';
import { waitlistEntry } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { OverviewTab } from '../overview/OverviewTab.js';
import { WaitlistTab } from './WaitlistTab.js';
import { formatDateTime } from '../../components/data-table/format.js';

const LIST = '/data/waitlist';

/** A waitlist server over `rows`: lists them, applies PATCHes and DELETEs to them. */
function serve(me: AdminUser, rows: WaitlistEntryRow[], extra: FakeHandler = () => undefined) {
  return signedInServer(me, (call) => {
    if (call.method === 'GET' && call.path === LIST) return listAnswer(rows, { key: 'entries' });
    const handled = extra(call);
    if (handled) return handled;
    const row = rows.find((r) => call.path === `${LIST}/${r.id}`);
    if (row && call.method === 'PATCH') {
      Object.assign(row, call.body);
      return {
        status: 200,
        body: {
          success: true,
          message: 'Updated',
          data: { status: row.status, notes: row.notes, version: 2, updatedAt: null, updatedBy: null },
        },
      };
    }
    if (row && call.method === 'DELETE') {
      rows.splice(rows.indexOf(row), 1);
      return { status: 200, body: { success: true } };
    }
    return undefined;
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const rowOf = (text: string) =>
  within(screen.getAllByTestId('data-row').find((row) => within(row).queryByText(text) !== null)!);

async function renderTab(rows: number) {
  renderSignedIn(<WaitlistTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(rows));
}

describe('WaitlistTab', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the sign-ups of /data/waitlist newest first, with every column of the spec', async () => {
    const server = serve(ADMIN, [
      waitlistEntry(1, { notes: 'Invited to the beta' }),
      waitlistEntry(2, { isVerified: false, company: null, ipAddress: null, status: 'Pending' }),
    ]);
    await renderTab(2);
    expect(screen.getByRole('heading', { name: 'Waitlist' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the selection's checkbox (admin role)
      'Email',
      'Company',
      'Use Case',
      'OTP Status',
      'Status',
      'Created At',
      'IP Address',
      'Actions',
    ]);
    for (const name of ['Email', 'Created At'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    const first = rowOf('visitor1@example.com');
    expect(first.getByText('Company 1')).toBeInTheDocument();
    expect(first.getByText('Fraud prevention')).toBeInTheDocument();
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(first.getByText('Waiting')).toBeInTheDocument();
    expect(first.getByText('Invited to the beta')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-11-20T10:15:00.000Z'))).toBeInTheDocument();
    expect(first.getByText('203.0.113.10')).toBeInTheDocument();

    const second = rowOf('visitor2@example.com');
    expect(second.getByText('Pending', { selector: '[data-status] *' })).toBeInTheDocument();
    expect(second.getAllByText('Pending')).toHaveLength(2); // OTP Status and the entry status
    expect(second.getAllByText('-')).toHaveLength(2); // no company, no IP address
  });

  it('searches by email, filters on verified and sorts by email on the server', async () => {
    const server = serve(ADMIN, [waitlistEntry(1)]);
    const user = setupUser();
    await renderTab(1);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by email...',
    );
    const verified = screen.getByRole('combobox', { name: 'Verified' });
    expect(
      within(verified)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['all', 'All'],
      ['true', 'Verified'],
      ['false', 'Pending'],
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'visitor1');
    await user.selectOptions(verified, 'false');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toEqual({
        page: '1',
        limit: '25',
        search: 'visitor1',
        verified: 'false',
        sort: 'email',
        order: 'desc',
      }),
    );
  });

  it('saves a new status and notes with PATCH /data/waitlist/{id} and reloads the table', async () => {
    const rows = [waitlistEntry(1), waitlistEntry(2)];
    const server = serve(ADMIN, rows);
    const user = setupUser();
    await renderTab(2);
    const before = lists(server.calls).length;

    await user.click(rowOf('visitor2@example.com').getByRole('button', { name: 'Edit status and notes' }));
    const editor = rowOf('visitor2@example.com');
    await user.click(editor.getByRole('radio', { name: 'Done' }));
    await user.type(editor.getByRole('textbox', { name: 'Notes' }), 'Access granted');
    await user.click(editor.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(lists(server.calls).length).toBe(before + 1));
    expect(server.callsTo('PATCH', `${LIST}/${rows[1]!.id}`).map((c) => c.body)).toEqual([
      { status: 'Complete', notes: 'Access granted' },
    ]);
    // The reload follows the update.
    expect(server.calls.findIndex((c) => c.method === 'PATCH')).toBeLessThan(
      server.calls.lastIndexOf(lists(server.calls).at(-1)!),
    );
    const saved = rowOf('visitor2@example.com');
    expect(saved.getByText('Complete')).toBeInTheDocument();
    expect(saved.getByText('Access granted')).toBeInTheDocument();
    expect(rowOf('visitor1@example.com').getByText('Waiting')).toBeInTheDocument();
    expect(lists(server.calls).length).toBe(before + 1); // one reload, not one per invalidation
  });

  it('deletes an entry after the default confirmation', async () => {
    const rows = [waitlistEntry(1), waitlistEntry(2)];
    const server = serve(ADMIN, rows);
    const user = setupUser();
    await renderTab(2);
    const id = rows[0]!.id;
    await user.click(rowOf('visitor1@example.com').getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Entry' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this entry? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
    expect(server.callsTo('DELETE', `${LIST}/${id}`)).toHaveLength(1);
  });

  it("drops the Overview's cached counts after a delete, so they are read again", async () => {
    const rows = [waitlistEntry(1), waitlistEntry(2)];
    const stats = {
      waitlist: { total: 2, verified: 2 },
      vpnRequests: { total: 0, verified: 0 },
      contacts: { total: 0, verified: 0 },
    };
    const server = serve(ADMIN, rows, (call) =>
      call.method === 'GET' && call.path === '/dashboard/overview'
        ? { status: 200, body: { success: true, data: { stats } } }
        : undefined,
    );
    const user = setupUser();
    renderSignedIn(
      <>
        <OverviewTab />
        <WaitlistTab />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    await waitFor(() => expect(server.callsTo('GET', '/dashboard/overview')).toHaveLength(1));
    await user.click(rowOf('visitor1@example.com').getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('GET', '/dashboard/overview')).toHaveLength(2));
  });

  it("lets a view_only operator read and export, with editing and deleting disabled as 'View only'", async () => {
    const server = serve(VIEWER, [waitlistEntry(1)]);
    const user = setupUser();
    await renderTab(1);
    const edit = screen.getByRole('button', { name: 'Edit status and notes' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.hover(edit);
    expect(await screen.findByText('View only')).toBeInTheDocument();
    await user.click(edit);
    await user.click(remove);
    expect(screen.queryByRole('radiogroup', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
