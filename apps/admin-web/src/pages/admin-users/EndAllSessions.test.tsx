/** Issue 16: "End all sessions" of an operator in Admin Users (admin role, after a confirmation). */
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@tunnelscope/contracts';
import { fakeAdminServer, listAnswer, setupUser } from '../../components/data-table/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { AdminUsersPage } from './AdminUsersPage.js';

const LIST = '/data/admin-users';
const ada: AdminUser = {
  id: '0f8c2a4e-5b1d-4c3e-9a7f-2b6d8e1c4a90',
  username: 'ada',
  email: 'ada@tunnelscope.example',
  role: 'admin',
  isActive: true,
  twoFactorEnabled: true,
  lastLogin: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  lockedUntil: null,
  failedLoginAttempts: 0,
};
const grace: AdminUser = {
  ...ada,
  id: '7d1e3b52-9c4a-4f0e-8b6d-1a2c3e4f5a6b',
  username: 'grace',
  role: 'view_only',
  mustChangePassword: true,
};
const END = `/admin-users/${grace.id}/end-sessions`;

function serve() {
  return fakeAdminServer((call) => {
    if (call.method === 'GET' && call.path === LIST) return listAnswer([ada, grace]);
    if (call.method === 'POST' && call.path === END) {
      return { status: 200, body: { success: true, message: 'Sessions ended', data: { ended: 2 } } };
    }
    return undefined;
  });
}

const rowOf = (username: string) =>
  screen.getAllByTestId('data-row').find((row) => within(row).queryByText(username) !== null)!;

describe('End all sessions (issue 16)', () => {
  it('asks first, then ends every session of that operator and says how many', async () => {
    const server = serve();
    const user = setupUser();
    renderWithProviders(<AdminUsersPage currentUser={ada} />);
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));

    // An account created in the dialog or reset says its password is still to be chosen.
    expect(within(rowOf('grace')).getByText('Password change due')).toBeInTheDocument();
    expect(within(rowOf('ada')).queryByText('Password change due')).toBeNull();
    await user.click(within(rowOf('grace')).getByRole('button', { name: 'End all sessions' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'End All Sessions' }));
    expect(dialog.getByText(/End all sessions of "grace"\?/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST', END)).toHaveLength(0);

    await user.click(within(rowOf('grace')).getByRole('button', { name: 'End all sessions' }));
    dialog = within(await screen.findByRole('dialog', { name: 'End All Sessions' }));
    await user.click(dialog.getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('grace was signed out of 2 sessions.')).toBeInTheDocument();
    expect(server.callsTo('POST', END)).toHaveLength(1);
    // Many clicks through Mantine's dialogs: slow in jsdom on a busy machine.
  }, 90_000);

  it('is not offered to a view_only operator', async () => {
    serve();
    renderWithProviders(<AdminUsersPage currentUser={grace} />);
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });
});
