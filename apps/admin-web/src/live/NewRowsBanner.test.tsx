import { act, screen, waitFor } from '@testing-library/react';
import type { WaitlistEntryRow } from '@tunnelscope/contracts';
import { ADMIN } from '../auth/testing.js';
import { listAnswer, setupUser } from '../components/data-table/testing.js';
import { WaitlistTab } from '../pages/waitlist/WaitlistTab.js';
import { OverviewTab } from '../pages/overview/OverviewTab.js';
import { waitlistEntry } from '../test/review-fixtures.js';
import { renderSignedIn, signedInServer } from '../test/signed-in.js';
import { resetLiveConnection, subscribeLive } from './live-connection.js';
import { newRowsText } from './NewRowsBanner.js';
import { FakeEventSource, installFakeEventSource } from './testing.js';

const LIST = '/data/waitlist';

beforeEach(() => installFakeEventSource());
afterEach(() => resetLiveConnection());

describe('newRowsText', () => {
  it('counts sign-ups, requests and messages, singular and plural', () => {
    expect(newRowsText('waitlist', 1)).toBe('1 new sign-up');
    expect(newRowsText('waitlist', 3)).toBe('3 new sign-ups');
    expect(newRowsText('vpn-requests', 2)).toBe('2 new requests');
    expect(newRowsText('contacts', 1)).toBe('1 new message');
  });
});

describe('the live connection', () => {
  it('opens one EventSource below the admin prefix for every subscriber, and closes it with the last', () => {
    const stopA = subscribeLive(() => undefined);
    const stopB = subscribeLive(() => undefined);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toMatch(/\/events$/);
    stopA();
    expect(FakeEventSource.instances[0]!.closed).toBe(false);
    stopB();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });
});

describe('NewRowsBanner on the Waitlist tab', () => {
  it('announces new sign-ups instead of moving rows, and "show" reloads the table', async () => {
    const rows: WaitlistEntryRow[] = [waitlistEntry(1, { email: 'first@example.com' })];
    const server = signedInServer(ADMIN, (call) =>
      call.method === 'GET' && call.path === LIST ? listAnswer(rows, { key: 'entries' }) : undefined,
    );
    renderSignedIn(<WaitlistTab />);
    expect(await screen.findByText('first@example.com')).toBeInTheDocument();
    const loads = server.callsTo('GET', LIST).length;

    const second = waitlistEntry(2, { email: 'second@example.com' });
    const third = waitlistEntry(3, { email: 'third@example.com' });
    rows.unshift(second, third);
    act(() => {
      FakeEventSource.current().emit('row.created', { list: 'waitlist', id: second.id, verified: false });
      FakeEventSource.current().emit('row.created', { list: 'waitlist', id: third.id, verified: false });
      // The same row announced again (a new code) and another list's row count once / not at all.
      FakeEventSource.current().emit('row.created', { list: 'waitlist', id: third.id, verified: false });
      FakeEventSource.current().emit('row.created', { list: 'contacts', id: 'c-1', verified: false });
    });
    expect(await screen.findByText('2 new sign-ups —')).toBeInTheDocument();
    // The table did not move under the cursor.
    expect(server.callsTo('GET', LIST)).toHaveLength(loads);
    expect(screen.queryByText('second@example.com')).not.toBeInTheDocument();

    await setupUser().click(screen.getByRole('button', { name: 'show' }));
    expect(await screen.findByText('second@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/new sign-ups? —/)).not.toBeInTheDocument();
  });

  it('refreshes a changed row in place', async () => {
    const row = waitlistEntry(4, { email: 'shown@example.com', notes: 'old note' });
    const rows = [row];
    const server = signedInServer(ADMIN, (call) =>
      call.method === 'GET' && call.path === LIST ? listAnswer(rows, { key: 'entries' }) : undefined,
    );
    renderSignedIn(<WaitlistTab />);
    expect(await screen.findByText('shown@example.com')).toBeInTheDocument();
    const loads = server.callsTo('GET', LIST).length;
    act(() => FakeEventSource.current().emit('row.changed', { list: 'waitlist', id: row.id }));
    await waitFor(() => expect(server.callsTo('GET', LIST).length).toBe(loads + 1));
    expect(screen.queryByText(/new sign-up/)).not.toBeInTheDocument();
  });
});

describe("reloads a live event triggers never count as the operator's activity (issue 16 item 5)", () => {
  it('reloads for a changed or deleted row, and on resync, as background calls; "show" and Refresh are ordinary', async () => {
    const shown = waitlistEntry(5, { email: 'watched@example.com' });
    const rows = [shown];
    const server = signedInServer(ADMIN, (call) =>
      call.method === 'GET' && call.path === LIST ? listAnswer(rows, { key: 'entries' }) : undefined,
    );
    renderSignedIn(<WaitlistTab />);
    expect(await screen.findByText('watched@example.com')).toBeInTheDocument();
    const backgroundOf = () => server.callsTo('GET', LIST).map((call) => call.background ?? false);
    expect(backgroundOf()).toEqual([false]);

    // Another operator edits, then deletes, a row on screen; then the stream resumes after a gap.
    act(() => FakeEventSource.current().emit('row.changed', { list: 'waitlist', id: shown.id }));
    await waitFor(() => expect(backgroundOf()).toEqual([false, true]));
    act(() => FakeEventSource.current().emit('row.deleted', { list: 'waitlist', id: shown.id }));
    await waitFor(() => expect(backgroundOf()).toEqual([false, true, true]));
    act(() => FakeEventSource.current().emit('resync'));
    await waitFor(() => expect(backgroundOf()).toEqual([false, true, true, true]));

    // What the operator asks for moves the session as before.
    await setupUser().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(backgroundOf()).toEqual([false, true, true, true, false]));
    rows.unshift(waitlistEntry(6, { email: 'arrived@example.com' }));
    act(() => FakeEventSource.current().emit('row.created', { list: 'waitlist', id: rows[0]!.id }));
    await setupUser().click(await screen.findByRole('button', { name: 'show' }));
    expect(await screen.findByText('arrived@example.com')).toBeInTheDocument();
    expect(backgroundOf().at(-1)).toBe(false);
  });

  it('shows the banner inside the table, below its title', async () => {
    signedInServer(ADMIN, (call) =>
      call.method === 'GET' && call.path === LIST
        ? listAnswer([waitlistEntry(7)], { key: 'entries' })
        : undefined,
    );
    renderSignedIn(<WaitlistTab />);
    const title = await screen.findByRole('heading', { name: 'Waitlist' });
    act(() => FakeEventSource.current().emit('row.created', { list: 'waitlist', id: waitlistEntry(8).id }));
    const banner = await screen.findByText('1 new sign-up —');
    expect(title.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the Overview by push', () => {
  it('reads its counts again on overview.changed', async () => {
    const server = signedInServer(ADMIN, (call) =>
      call.method === 'GET' && call.path === '/dashboard/overview'
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                stats: {
                  waitlist: { total: 1, verified: 1 },
                  vpnRequests: { total: 0, verified: 0 },
                  contacts: { total: 0, verified: 0 },
                },
              },
            },
          }
        : undefined,
    );
    renderSignedIn(<OverviewTab />);
    await waitFor(() => expect(server.callsTo('GET', '/dashboard/overview')).toHaveLength(1));
    act(() => FakeEventSource.current().emit('overview.changed'));
    await waitFor(() => expect(server.callsTo('GET', '/dashboard/overview')).toHaveLength(2));
  });
});
