import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { AdminUser, HistoryEntry, WaitlistEntryRow } from '@tunnelscope/contracts';
import { ADMIN, VIEWER } from '../../auth/testing.js';
import { listAnswer, setupUser, type FakeCall } from '../data-table/testing.js';
import { waitlistEntry } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { WaitlistTab } from '../../pages/waitlist/WaitlistTab.js';
import { DRAWER_TITLE, HISTORY_TITLE, USE_CURRENT_LABEL } from './RecordDrawer.js';

const LIST = '/data/waitlist';
const LONG_USE_CASE = `We screen sign-ups for VPN traffic. ${'Every line of this long text is kept. '.repeat(12)}The end.`;

const HISTORY: HistoryEntry[] = [
  {
    at: '2026-11-24T12:00:00.000Z',
    kind: 'admin',
    who: 'alice',
    action: 'waitlist_entry_updated',
    summary: 'Status Waiting → Pending',
  },
  {
    at: '2026-11-20T10:05:00.000Z',
    kind: 'visitor',
    who: 'visitor1@example.com',
    action: 'otp_verified',
    summary: 'Succeeded',
  },
];

/**
 * A waitlist server over `rows`: the list, each row's detail (its fields and HISTORY), and a
 * versioned PATCH that refuses a stale version as the service does.
 */
function serve(me: AdminUser, rows: WaitlistEntryRow[]) {
  return signedInServer(me, (call: FakeCall) => {
    if (call.method === 'GET' && call.path === LIST) return listAnswer(rows, { key: 'entries' });
    const row = rows.find((r) => call.path === `${LIST}/${r.id}`);
    if (!row) return undefined;
    if (call.method === 'GET') {
      return {
        status: 200,
        body: {
          success: true,
          data: {
            row,
            fields: {
              id: row.id,
              email: row.email,
              use_case: row.useCase,
              otp_attempts: 0,
              version: row.version,
            },
            history: HISTORY,
          },
        },
      };
    }
    if (call.method === 'PATCH') {
      const body = call.body as { status: WaitlistEntryRow['status']; notes: string; version: number };
      if (body.version !== row.version) {
        const current = {
          status: row.status,
          notes: row.notes,
          version: row.version,
          updatedBy: row.updatedBy,
          updatedAt: row.updatedAt,
        };
        return {
          status: 409,
          body: {
            success: false,
            error: 'CONFLICT',
            message: `Changed by ${row.updatedBy} at ${row.updatedAt}`,
            code: 'version_conflict',
            current,
          },
        };
      }
      Object.assign(row, {
        status: body.status,
        notes: body.notes,
        version: row.version + 1,
        updatedBy: me.username,
      });
      const data = {
        status: row.status,
        notes: row.notes,
        version: row.version,
        updatedAt: null,
        updatedBy: me.username,
      };
      return { status: 200, body: { success: true, message: 'Updated successfully', data } };
    }
    return undefined;
  });
}

async function renderTab(rows: number) {
  renderSignedIn(<WaitlistTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(rows));
}

const drawer = () => screen.getByRole('dialog', { name: DRAWER_TITLE });

describe('RecordDrawer (Waitlist)', () => {
  afterEach(() => act(() => notifications.clean()));

  it('opens from the keyboard (j, Enter) with every stored field in full and the history, and Escape closes it', async () => {
    serve(ADMIN, [waitlistEntry(1, { useCase: LONG_USE_CASE }), waitlistEntry(2)]);
    const user = setupUser();
    await renderTab(2);

    await user.keyboard('j');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: DRAWER_TITLE });
    await within(dialog).findByText(LONG_USE_CASE);
    expect(within(dialog).getByText('Use case')).toBeInTheDocument();
    expect(within(dialog).getAllByText('visitor1@example.com', { exact: false }).length).toBeGreaterThan(0);
    const history = within(within(dialog).getByRole('region', { name: HISTORY_TITLE })).getAllByRole(
      'listitem',
    );
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Status Waiting → Pending'),
      expect.stringContaining('Succeeded'),
    ]);
    expect(history[0]).toHaveTextContent('Operator');
    expect(history[1]).toHaveTextContent('Visitor');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DRAWER_TITLE })).not.toBeInTheDocument());
  });

  it('opens with a click or tap on the row, and n opens it with the notes focused', async () => {
    serve(ADMIN, [waitlistEntry(1)]);
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByText('visitor1@example.com'));
    await within(await screen.findByRole('dialog', { name: DRAWER_TITLE })).findByText('Stored fields');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DRAWER_TITLE })).not.toBeInTheDocument());

    await user.keyboard('j');
    await user.keyboard('n');
    const notes = await within(await screen.findByRole('dialog', { name: DRAWER_TITLE })).findByLabelText(
      'Notes',
    );
    await waitFor(() => expect(notes).toHaveFocus());
  });

  it('refuses to overwrite another operator’s change: "Changed by X at T" with the current values', async () => {
    const rows = [waitlistEntry(1, { status: 'Waiting', notes: '', version: 1 })];
    serve(ADMIN, rows);
    const user = setupUser();
    await renderTab(1);
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    const notes = await within(await screen.findByRole('dialog', { name: DRAWER_TITLE })).findByLabelText(
      'Notes',
    );

    // Meanwhile another operator saves the row.
    Object.assign(rows[0]!, {
      status: 'Complete',
      notes: 'done by bob',
      version: 2,
      updatedBy: 'bob',
      updatedAt: '2026-11-25T09:00:00.000Z',
    });
    await user.type(notes, 'my note');
    await user.click(within(drawer()).getByRole('button', { name: 'Save' }));

    const alert = await within(drawer()).findByRole('alert');
    expect(alert).toHaveTextContent('Changed by bob at 2026-11-25T09:00:00.000Z');
    expect(alert).toHaveTextContent('done by bob');
    expect(within(alert).getByText('Complete')).toBeInTheDocument();
    // Nothing of ours reached the row.
    expect(rows[0]).toMatchObject({ notes: 'done by bob', version: 2 });

    await user.click(within(alert).getByRole('button', { name: USE_CURRENT_LABEL }));
    await waitFor(() => expect(within(drawer()).getByLabelText('Notes')).toHaveValue('done by bob'));
    expect(within(drawer()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is read-only for view_only: no Save, the notes cannot be typed in', async () => {
    serve(VIEWER, [waitlistEntry(1)]);
    const user = setupUser();
    await renderTab(1);
    await user.click(screen.getByText('visitor1@example.com'));
    const notes = await within(await screen.findByRole('dialog', { name: DRAWER_TITLE })).findByLabelText(
      'Notes',
    );
    expect(notes).toHaveAttribute('readonly');
    expect(within(drawer()).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
