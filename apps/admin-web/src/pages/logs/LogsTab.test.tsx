import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { LOG_ACTION_FILTERS, type LogRow } from '@tunnelscope/contracts';
import { ADMIN, VIEWER } from '../../auth/testing.js';
import {
  listAnswer,
  setupUser,
  type FakeCall,
  type FakeHandler,
} from '../../components/data-table/testing.js';
import { logRow } from '../../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { LogsTab } from './LogsTab.js';
import { formatDateTime } from '../../components/data-table/format.js';

const LIST = '/data/logs';
const ADMIN_ROW_ID = 'admin:9f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const rows: LogRow[] = [
  logRow(ADMIN_ROW_ID, {
    type: 'admin',
    email: 'ada',
    action: 'login_failed',
    success: false,
    ipAddress: '203.0.113.7',
    errorMessage: { error: 'Invalid credentials' },
  }),
  logRow('visitor:12', {
    email: 'visitor@example.com',
    action: 'otp_verified',
    details: { form: 'waitlist' },
  }),
  logRow('visitor:13', { email: null, action: 'brand_new_action', ipAddress: null }),
];

function serve(extra: FakeHandler = () => undefined, me = ADMIN) {
  return signedInServer(me, (call) => {
    if (call.method === 'GET' && call.path === LIST) return listAnswer(rows, { key: 'logs' });
    return extra(call);
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const dataRows = () => screen.getAllByTestId('data-row').map((row) => within(row));

async function renderTab() {
  renderSignedIn(<LogsTab />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(3));
}

describe('LogsTab', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the rows of /data/logs with friendly action names, results, details and an Admin badge', async () => {
    const server = serve();
    await renderTab();
    expect(screen.getByRole('heading', { name: 'Logs' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '', // the selection's "Select all on this page"
      'User / Email',
      'Action',
      'Result',
      'IP Address',
      'Details',
      'Timestamp',
      'Actions',
    ]);
    expect(screen.getByRole('button', { name: 'Timestamp' })).toBeInTheDocument();

    const [admin, visitor, unknown] = dataRows() as [
      ReturnType<typeof within>,
      ReturnType<typeof within>,
      ReturnType<typeof within>,
    ];
    expect(admin.getByText('ada')).toBeInTheDocument();
    expect(admin.getByText('Admin')).toBeInTheDocument();
    expect(admin.getByText('Login Failed')).toBeInTheDocument();
    expect(admin.getByText('Failed')).toBeInTheDocument();
    expect(admin.getByText('203.0.113.7')).toBeInTheDocument();
    expect(admin.getByTestId('log-details')).toHaveTextContent('Invalid credentials');
    expect(admin.getByText(formatDateTime('2026-11-22T12:00:00.000Z'))).toBeInTheDocument();

    expect(visitor.getByText('visitor@example.com')).toBeInTheDocument();
    expect(visitor.queryByText('Admin')).not.toBeInTheDocument();
    expect(visitor.getByText('OTP Verified')).toBeInTheDocument();
    expect(visitor.getByText('Success')).toBeInTheDocument();
    expect(visitor.getByTestId('log-details')).toHaveTextContent('form: waitlist');

    expect(unknown.getByText('Brand New Action')).toBeInTheDocument();
    expect(unknown.getByTestId('log-details')).toHaveTextContent(/^-$/);
    expect(unknown.getAllByText('-')).toHaveLength(3); // no e-mail, no IP address, no details
  });

  it('searches on email and IP address and sends the chosen action filter', async () => {
    const server = serve();
    const user = setupUser();
    await renderTab();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute(
      'placeholder',
      'Search by email or IP address...',
    );
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['all', ...LOG_ACTION_FILTERS]);
    expect(within(action).getByRole('option', { name: 'Admin Login' })).toHaveValue('admin_login');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), '203.0.113.7');
    await user.selectOptions(action, 'admin_logout');
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toEqual({
        page: '1',
        limit: '25',
        search: '203.0.113.7',
        action: 'admin_logout',
        sort: 'createdAt',
        order: 'desc',
      }),
    );
    await user.selectOptions(action, 'vpn_request_attempt');
    await waitFor(() => expect(lists(server.calls).at(-1)?.query.action).toBe('vpn_request_attempt'));
    await user.selectOptions(action, 'all');
    await waitFor(() => expect(lists(server.calls).at(-1)?.query).not.toHaveProperty('action'));
  });

  it('keeps admin audit rows: their delete is disabled with the reason; visitor rows can be deleted', async () => {
    const server = serve((call) =>
      call.method === 'DELETE' ? { status: 200, body: { success: true } } : undefined,
    );
    const user = setupUser();
    await renderTab();
    const [adminDelete, visitorDelete] = dataRows().map((row) => row.getByRole('button', { name: 'Delete' }));
    expect(adminDelete).toHaveAttribute('aria-disabled', 'true');
    expect(visitorDelete).not.toHaveAttribute('aria-disabled');
    await user.hover(adminDelete!);
    expect(
      await screen.findByText('Admin audit log entries are kept and cannot be deleted'),
    ).toBeInTheDocument();
    await user.click(adminDelete!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(visitorDelete!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Entry' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    // The id is sent URL-encoded: /data/logs/visitor%3A12.
    await waitFor(() => expect(server.callsTo('DELETE', `${LIST}/visitor%3A12`)).toHaveLength(1));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("disables every delete for a view_only operator with the 'View only' hint", async () => {
    serve(undefined, VIEWER);
    const user = setupUser();
    await renderTab();
    const buttons = dataRows().map((row) => row.getByRole('button', { name: 'Delete' }));
    for (const button of buttons) expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(buttons[1]!);
    expect(await screen.findByText('View only')).toBeInTheDocument();
  });

  describe('selection (issue 16)', () => {
    it('offers visitor rows only, and deletes the selection in one request after a confirmation', async () => {
      const server = serve((call) =>
        call.method === 'POST' && call.path === `${LIST}/bulk`
          ? { status: 200, body: { success: true, data: { changed: 2, unchanged: 0, notFound: 0 } } }
          : undefined,
      );
      const user = setupUser();
      await renderTab();
      const [admin, visitor, other] = dataRows() as [
        ReturnType<typeof within>,
        ReturnType<typeof within>,
        ReturnType<typeof within>,
      ];
      expect(admin.queryByRole('checkbox', { name: 'Select row' })).not.toBeInTheDocument();
      expect(visitor.getByRole('checkbox', { name: 'Select row' })).toBeInTheDocument();

      await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
      expect(screen.getByTestId('selection-count')).toHaveTextContent('2 selected');
      expect(other.getByRole('checkbox', { name: 'Select row' })).toBeChecked();

      const bar = screen.getByRole('region', { name: 'Bulk actions' });
      await user.click(within(bar).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('2 rows will change.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(server.calls.filter((c) => c.method === 'POST' && c.path === `${LIST}/bulk`)).toEqual([
          expect.objectContaining({ body: { ids: ['visitor:12', 'visitor:13'], action: 'delete' } }),
        ]),
      );
    });

    it('shows a view_only operator no selection', async () => {
      serve(undefined, VIEWER);
      await renderTab();
      expect(screen.queryByRole('checkbox', { name: 'Select row' })).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Select all on this page' })).not.toBeInTheDocument();
    });
  });
});
