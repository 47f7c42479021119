import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, type AdminUser } from '@tunnelscope/contracts';
import {
  fakeAdminServer,
  listAnswer,
  refused,
  setupUser,
  type FakeAnswer,
  type FakeCall,
} from '../../components/data-table/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { AdminUsersPage } from './AdminUsersPage.js';
import { formatDateTime } from '../../components/data-table/format.js';

const LIST = '/data/admin-users';

const ada: AdminUser = {
  id: '0f8c2a4e-5b1d-4c3e-9a7f-2b6d8e1c4a90',
  username: 'ada',
  email: 'ada@tunnelscope.example',
  role: 'admin',
  isActive: true,
  twoFactorEnabled: true,
  lastLogin: '2026-11-20T08:30:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  lockedUntil: null,
  failedLoginAttempts: 0,
};
const grace: AdminUser = {
  id: '7d1e3b52-9c4a-4f0e-8b6d-1a2c3e4f5a6b',
  username: 'grace',
  email: 'grace@tunnelscope.example',
  role: 'view_only',
  isActive: false,
  twoFactorEnabled: false,
  lastLogin: null,
  createdAt: '2026-02-01T10:00:00.000Z',
  lockedUntil: null,
  failedLoginAttempts: 0,
};
const viewer: AdminUser = {
  ...grace,
  id: '3c9b2f1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
  username: 'viewer',
  isActive: true,
};

type Routes = Partial<Record<string, (call: FakeCall) => FakeAnswer>>;

/** The list answers ada and grace; other calls answer what `routes` says ('METHOD /path'). */
function serve(routes: Routes = {}) {
  return fakeAdminServer((call) => {
    const route = routes[`${call.method} ${call.path}`];
    if (route) return route(call);
    if (call.method === 'GET' && call.path === LIST) return listAnswer([ada, grace]);
    return undefined;
  });
}

const lists = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === LIST);
const rowOf = (username: string) =>
  screen.getAllByTestId('data-row').find((row) => within(row).queryByText(username) !== null)!;

async function renderPage(currentUser: AdminUser = ada) {
  const view = renderWithProviders(<AdminUsersPage currentUser={currentUser} />);
  await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(2));
  return view;
}

const ok = (message?: string): FakeAnswer => ({ status: 200, body: { success: true, message } });
const userAnswer = (user: AdminUser, message: string): FakeAnswer => ({
  status: 200,
  body: { success: true, message, data: { user } },
});

describe('AdminUsersPage', () => {
  afterEach(() => act(() => notifications.clean()));

  it('lists the accounts from the server with their role, status and 2FA', async () => {
    const server = serve();
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Admin Users' })).toBeInTheDocument();
    expect(lists(server.calls)[0]?.query).toEqual({
      page: '1',
      limit: '25',
      sort: 'createdAt',
      order: 'desc',
    });

    const first = within(rowOf('ada'));
    expect(first.getByText('ada@tunnelscope.example')).toBeInTheDocument();
    expect(first.getByText('ADMIN')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('Enabled')).toBeInTheDocument();
    expect(first.getByText('You')).toBeInTheDocument();
    expect(first.getByText(formatDateTime(ada.lastLogin!))).toBeInTheDocument();

    const second = within(rowOf('grace'));
    expect(second.getByText('VIEW ONLY')).toBeInTheDocument();
    expect(second.getByText('Inactive')).toBeInTheDocument();
    expect(second.getByText('Disabled')).toBeInTheDocument();
    expect(second.getByText('Never')).toBeInTheDocument();

    for (const name of ['Email', 'Created At']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: 'Created At' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('filters by role and status on the server', async () => {
    const server = serve();
    const user = setupUser();
    await renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'view_only');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'inactive');
    await waitFor(() =>
      expect(lists(server.calls).at(-1)?.query).toMatchObject({
        page: '1',
        role: 'view_only',
        status: 'inactive',
      }),
    );
    expect(
      within(screen.getByRole('combobox', { name: 'Role' }))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['all', 'admin', 'view_only']);
  });

  describe('for a view_only operator', () => {
    it('shows no Add or Delete buttons, and Edit and Reset disabled with a View only hint', async () => {
      const server = serve();
      const user = setupUser();
      await renderPage(viewer);
      expect(screen.queryByRole('button', { name: 'Add Admin User' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

      const row = within(rowOf('ada'));
      const edit = row.getByRole('button', { name: 'Edit' });
      const reset = row.getByRole('button', { name: 'Reset password' });
      expect(edit).toHaveAttribute('aria-disabled', 'true');
      expect(reset).toHaveAttribute('aria-disabled', 'true');
      await user.hover(edit);
      expect(await screen.findByText('View only')).toBeInTheDocument();

      await user.click(edit);
      await user.click(reset);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
      // Reading and exporting stay open to view_only.
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });
  });

  describe('Add Admin User', () => {
    async function openAdd() {
      const user = setupUser();
      await renderPage();
      await user.click(screen.getByRole('button', { name: 'Add Admin User' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Add Admin User' }));
      return { user, dialog };
    }

    it("toasts 'Validation Error' / 'All fields are required' for an empty field and sends nothing", async () => {
      const server = serve();
      const { user, dialog } = await openAdd();
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'alan');
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'alan@example.com');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(await screen.findByText('Validation Error')).toBeInTheDocument();
      expect(screen.getByText('All fields are required')).toBeInTheDocument();
      expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it("shows the contracts' username and password messages", async () => {
      const server = serve();
      const { user, dialog } = await openAdd();
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'al');
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'alan@example.com');
      await user.type(dialog.getByLabelText('Password'), 'short');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
        'Username must be at least 3 characters',
      );
      expect(await screen.findAllByText('Username must be at least 3 characters')).toHaveLength(2);
      expect(dialog.getByText('Password must be at least 10 characters')).toBeInTheDocument();

      await user.clear(dialog.getByRole('textbox', { name: 'Username' }));
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'alan');
      await user.clear(dialog.getByLabelText('Password'));
      await user.type(dialog.getByLabelText('Password'), 'alllowercase1!');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(
        await dialog.findByText(
          'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
        ),
      ).toBeInTheDocument();
      expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it('creates the account, says so, closes and reloads the list', async () => {
      const created: AdminUser = { ...grace, id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', username: 'alan' };
      const server = serve({
        'POST /admin-users': () => ({ ...userAnswer(created, 'Admin user created'), status: 201 }),
      });
      const { user, dialog } = await openAdd();
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'alan');
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'alan@example.com');
      await user.type(dialog.getByLabelText('Password'), 'Str0ng&Secret');
      await user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'view_only');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));

      expect(await screen.findByText('Admin user created successfully')).toBeInTheDocument();
      expect(server.callsTo('POST', '/admin-users').map((c) => c.body)).toEqual([
        { username: 'alan', email: 'alan@example.com', password: 'Str0ng&Secret', role: 'view_only' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
    });

    it("toasts the server's refusal, or 'Failed to create user' without a message", async () => {
      let answer = refused(409, 'Username already exists');
      const server = serve({ 'POST /admin-users': () => answer });
      const { user, dialog } = await openAdd();
      await user.type(dialog.getByRole('textbox', { name: 'Username' }), 'ada');
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada2@example.com');
      await user.type(dialog.getByLabelText('Password'), 'Str0ng&Secret');
      await user.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(await screen.findByText('Username already exists')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Admin User' })).toBeInTheDocument();

      answer = refused(400);
      await user.click(dialog.getByRole('button', { name: 'Create User' }));
      expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
      expect(lists(server.calls)).toHaveLength(1);
    });
  });

  describe('Edit', () => {
    it('sends username, email, role and isActive with PUT and says it was updated', async () => {
      const server = serve({
        [`PUT /admin-users/${grace.id}`]: (call) =>
          userAnswer({ ...grace, ...(call.body as Partial<AdminUser>) }, 'Admin user updated'),
      });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin User' }));
      expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue('grace');
      expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('view_only');
      expect(dialog.getByRole('switch', { name: 'Active' })).not.toBeChecked();

      await user.clear(dialog.getByRole('textbox', { name: 'Email' }));
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
      await user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'admin');
      await user.click(dialog.getByRole('switch', { name: 'Active' }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Admin user updated successfully')).toBeInTheDocument();
      expect(server.callsTo('PUT', `/admin-users/${grace.id}`).map((c) => c.body)).toEqual([
        { username: 'grace', email: 'grace@example.com', role: 'admin', isActive: true },
      ]);
      await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
    });

    it("sends what was typed without checking it, and toasts 'Failed to update admin user' on failure", async () => {
      const server = serve({ [`PUT /admin-users/${grace.id}`]: () => refused(400) });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin User' }));
      await user.clear(dialog.getByRole('textbox', { name: 'Username' }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Failed to update admin user')).toBeInTheDocument();
      expect(server.callsTo('PUT', `/admin-users/${grace.id}`).map((c) => c.body)).toEqual([
        { username: '', email: grace.email, role: 'view_only', isActive: false },
      ]);
      // The dialog stays open for another try.
      expect(screen.getByRole('dialog', { name: 'Edit Admin User' })).toBeInTheDocument();
    });

    it('does not let operators demote or deactivate themselves', async () => {
      serve();
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('ada')).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin User' }));
      expect(dialog.getByRole('combobox', { name: 'Role' })).toBeDisabled();
      expect(dialog.getByRole('switch', { name: 'Active' })).toBeDisabled();
      expect(within(rowOf('ada')).getByRole('button', { name: 'Delete' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    });
  });

  describe('Reset password', () => {
    it("asks first, then posts and says 'Password Reset Sent' to the user's e-mail", async () => {
      const path = `/admin-users/${grace.id}/reset-password`;
      const server = serve({ [`POST ${path}`]: () => ok('Password reset') });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Reset password' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Reset Password' }));
      expect(dialog.getByText(/sent to grace@tunnelscope.example/)).toBeInTheDocument();
      expect(server.callsTo('POST', path)).toHaveLength(0);
      await user.click(dialog.getByRole('button', { name: 'Reset Password' }));

      expect(await screen.findByText('Password Reset Sent')).toBeInTheDocument();
      expect(
        screen.getByText('A new password has been sent to grace@tunnelscope.example.'),
      ).toBeInTheDocument();
      expect(server.callsTo('POST', path)).toHaveLength(1);
    });

    it("toasts the server's message, or 'Failed to reset password'", async () => {
      serve({ [`POST /admin-users/${grace.id}/reset-password`]: () => refused(400) });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Reset password' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Reset Password' })).getByRole('button', {
          name: 'Reset Password',
        }),
      );
      expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    });
  });

  describe('Delete', () => {
    it("confirms under 'Delete Admin User', deletes, says so and reloads", async () => {
      const server = serve({ [`DELETE /admin-users/${grace.id}`]: () => ok('Deleted') });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Delete' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete Admin User' }));
      expect(
        dialog.getByText(/delete the admin user "grace"\? This action cannot be undone\./),
      ).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Admin user deleted successfully')).toBeInTheDocument();
      expect(server.callsTo('DELETE', `/admin-users/${grace.id}`)).toHaveLength(1);
      await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
    });

    it("toasts the server's refusal, or 'Failed to delete admin user'", async () => {
      let answer = refused(409, 'The last active admin cannot be removed, deactivated or demoted');
      serve({ [`DELETE /admin-users/${grace.id}`]: () => answer });
      const user = setupUser();
      await renderPage();
      const remove = async () => {
        await user.click(within(rowOf('grace')).getByRole('button', { name: 'Delete' }));
        await user.click(
          within(await screen.findByRole('dialog', { name: 'Delete Admin User' })).getByRole('button', {
            name: 'Delete',
          }),
        );
      };
      await remove();
      expect(
        await screen.findByText('The last active admin cannot be removed, deactivated or demoted'),
      ).toBeInTheDocument();
      answer = refused(400);
      await remove();
      expect(await screen.findByText('Failed to delete admin user')).toBeInTheDocument();
    });
  });

  describe('lock state, Unlock and Reset 2FA (issue 13)', () => {
    const lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    const lockedGrace: AdminUser = { ...grace, isActive: true, lockedUntil, failedLoginAttempts: 5 };
    const listOf = (rows: AdminUser[]) => () => listAnswer(rows);

    it('shows a locked account with a Locked until badge, and Unlock only where it applies', async () => {
      serve({ [`GET ${LIST}`]: listOf([ada, lockedGrace]) });
      await renderPage();
      const locked = within(rowOf('grace'));
      expect(locked.getByText(`Locked until ${formatDateTime(lockedUntil)}`)).toBeInTheDocument();
      expect(locked.getByRole('button', { name: 'Unlock' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(within(rowOf('ada')).queryByText(/Locked until/)).not.toBeInTheDocument();
      expect(within(rowOf('ada')).getByRole('button', { name: 'Unlock' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      // grace has no 2FA to reset.
      expect(locked.getByRole('button', { name: 'Reset 2FA' })).toHaveAttribute('aria-disabled', 'true');
    });

    it('unlocks after a confirmation, says so and reloads the list', async () => {
      const path = `/admin-users/${grace.id}/unlock`;
      const server = serve({
        [`GET ${LIST}`]: listOf([ada, lockedGrace]),
        [`POST ${path}`]: () =>
          userAnswer(
            { ...lockedGrace, lockedUntil: null, failedLoginAttempts: 0 },
            ADMIN_MESSAGES.accountUnlocked,
          ),
      });
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Unlock' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Unlock Account' }));
      expect(server.callsTo('POST', path)).toHaveLength(0);
      await user.click(dialog.getByRole('button', { name: 'Unlock' }));
      expect(await screen.findByText('Account Unlocked')).toBeInTheDocument();
      expect(screen.getByText(ADMIN_MESSAGES.accountUnlocked)).toBeInTheDocument();
      expect(server.callsTo('POST', path)).toHaveLength(1);
      await waitFor(() => expect(lists(server.calls)).toHaveLength(2));
    });

    it("resets 2FA after a confirmation, or toasts the server's refusal", async () => {
      const withTwoFactor: AdminUser = { ...grace, twoFactorEnabled: true };
      const path = `/admin-users/${grace.id}/reset-2fa`;
      const answers: FakeAnswer[] = [
        userAnswer({ ...withTwoFactor, twoFactorEnabled: false }, ADMIN_MESSAGES.twoFactorReset),
        refused(404, 'Admin user not found'),
      ];
      const server = serve({
        [`GET ${LIST}`]: listOf([ada, withTwoFactor]),
        [`POST ${path}`]: () => answers.shift()!,
      });
      const user = setupUser();
      await renderPage();
      for (const expected of [ADMIN_MESSAGES.twoFactorReset, 'Admin user not found']) {
        await user.click(within(rowOf('grace')).getByRole('button', { name: 'Reset 2FA' }));
        const dialog = within(await screen.findByRole('dialog', { name: 'Reset 2FA' }));
        await user.click(dialog.getByRole('button', { name: 'Reset 2FA' }));
        expect(await screen.findByText(expected)).toBeInTheDocument();
      }
      expect(server.callsTo('POST', path)).toHaveLength(2);
    });

    it('offers neither to a view_only operator', async () => {
      serve({ [`GET ${LIST}`]: listOf([ada, lockedGrace]) });
      await renderPage(viewer);
      expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reset 2FA' })).not.toBeInTheDocument();
      expect(within(rowOf('grace')).getByText(/Locked until/)).toBeInTheDocument();
    });
  });

  describe('editing oneself re-authenticates (issue 13)', () => {
    async function editSelf() {
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('ada')).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin User' }));
      await user.clear(dialog.getByRole('textbox', { name: 'Email' }));
      await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'ada.l@tunnelscope.example');
      return { user, dialog };
    }

    it('asks for the current password before an own e-mail change, and sends it', async () => {
      const server = serve({
        [`PUT /admin-users/${ada.id}`]: (call) =>
          userAnswer({ ...ada, email: (call.body as AdminUser).email }, 'Admin user updated'),
      });
      const { user, dialog } = await editSelf();
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await dialog.findByText(ADMIN_MESSAGES.currentPasswordConfirm)).toBeInTheDocument();
      expect(server.callsTo('PUT', `/admin-users/${ada.id}`)).toHaveLength(0);

      await user.type(dialog.getByLabelText('Current Password'), 'Old-Passw0rd!');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Admin user updated successfully')).toBeInTheDocument();
      expect(server.callsTo('PUT', `/admin-users/${ada.id}`).map((c) => c.body)).toEqual([
        {
          username: 'ada',
          email: 'ada.l@tunnelscope.example',
          role: 'admin',
          isActive: true,
          currentPassword: 'Old-Passw0rd!',
        },
      ]);
    });

    it('shows a wrong current password at its field and keeps the dialog open', async () => {
      serve({
        [`PUT /admin-users/${ada.id}`]: () => ({
          status: 403,
          body: {
            success: false,
            error: 'invalid_current_password',
            message: ADMIN_MESSAGES.currentPasswordWrong,
          },
        }),
      });
      const { user, dialog } = await editSelf();
      await user.type(dialog.getByLabelText('Current Password'), 'not-my-password');
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
      expect(await dialog.findByText(ADMIN_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Edit Admin User' })).toBeInTheDocument();
      expect(screen.queryByText('Failed to update admin user')).not.toBeInTheDocument();
    });

    it("asks no password when editing someone else's row", async () => {
      serve();
      const user = setupUser();
      await renderPage();
      await user.click(within(rowOf('grace')).getByRole('button', { name: 'Edit' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Admin User' }));
      expect(dialog.queryByLabelText('Current Password')).not.toBeInTheDocument();
    });
  });
});
