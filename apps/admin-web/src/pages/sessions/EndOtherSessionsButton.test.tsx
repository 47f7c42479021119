/** Issue 16: "End all my other sessions" on the Sessions tab (any role, after a confirmation). */
import { screen, within } from '@testing-library/react';
import { ADMIN, VIEWER, session, setupUser } from '../../auth/testing.js';
import { renderSignedIn, signedInServer } from '../../test/signed-in.js';
import { EndOtherSessionsButton, END_OTHER_SESSIONS, endedMessage } from './EndOtherSessionsButton.js';

const END = '/auth/end-other-sessions';

describe('End all my other sessions', () => {
  it('says how many ended', () => {
    expect(endedMessage(0)).toBe('No other sessions were active');
    expect(endedMessage(1)).toBe('Ended 1 session');
    expect(endedMessage(3)).toBe('Ended 3 sessions');
  });

  it('asks first, counts my other listed sessions, then ends them (view_only too)', async () => {
    const server = signedInServer(VIEWER, (call) =>
      call.method === 'POST' && call.path === END
        ? { status: 200, body: { success: true, message: 'Sessions ended', data: { ended: 2 } } }
        : undefined,
    );
    const list = [
      session({ username: VIEWER.username, isCurrent: true }),
      session({ id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', username: VIEWER.username }),
      session({ id: '2b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', username: VIEWER.username }),
      session({ id: '3b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', username: ADMIN.username }),
    ];
    const user = setupUser();
    renderSignedIn(<EndOtherSessionsButton sessions={list} />);
    await user.click(await screen.findByRole('button', { name: END_OTHER_SESSIONS }));
    const dialog = within(await screen.findByRole('dialog', { name: END_OTHER_SESSIONS }));
    expect(dialog.getByText(/\(2 listed\)\? This session stays signed in\./)).toBeInTheDocument();
    expect(server.callsTo('POST', END)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'End sessions' }));
    expect(await screen.findByText('Ended 2 sessions')).toBeInTheDocument();
    expect(server.callsTo('POST', END)).toHaveLength(1);
  });
});
