import { screen, waitFor, within } from '@testing-library/react';
import { fakeAdminServer, refused, setupUser, type FakeAnswer } from '../../components/data-table/testing.js';
import { renderWithProviders } from '../../test/render.js';
import { OverviewTab } from './OverviewTab.js';

const OVERVIEW = '/dashboard/overview';

const statsAnswer = (
  waitlist: [number, number],
  vpnRequests: [number, number],
  contacts: [number, number],
): FakeAnswer => ({
  status: 200,
  body: {
    success: true,
    data: {
      stats: {
        waitlist: { total: waitlist[0], verified: waitlist[1] },
        vpnRequests: { total: vpnRequests[0], verified: vpnRequests[1] },
        contacts: { total: contacts[0], verified: contacts[1] },
      },
    },
  },
});

const card = (title: string) => within(screen.getByRole('group', { name: title }));

describe('OverviewTab', () => {
  it('shows six stat cards with the verified counts and the rounded rates', async () => {
    const server = fakeAdminServer((call) =>
      call.path === OVERVIEW ? statsAnswer([120, 84], [30, 10], [7, 0]) : undefined,
    );
    renderWithProviders(<OverviewTab />);
    expect(screen.getByText('Loading overview…')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('stat-card');
    expect(screen.queryByText('Loading overview…')).not.toBeInTheDocument();
    expect(cards).toHaveLength(6);
    expect(server.callsTo('GET', OVERVIEW)).toHaveLength(1);

    expect(cards.map((c) => within(c).getByTestId('stat-value').textContent)).toEqual([
      '84',
      '10',
      '0',
      '70%',
      '33%',
      '0%',
    ]);
    expect(card('Total Waitlist').getByText('Verified sign-ups of 120 total')).toBeInTheDocument();
    expect(card('VPN Requests').getByText('Verified requests of 30 total')).toBeInTheDocument();
    expect(card('Contact Forms').getByText('Verified messages of 7 total')).toBeInTheDocument();
    expect(card('Verification Rate').getByText('84 of 120 waitlist sign-ups verified')).toBeInTheDocument();
    expect(card('VPN Request Filled').getByText('10 of 30 VPN requests verified')).toBeInTheDocument();
    expect(card('Contact Response').getByText('0 of 7 contact forms verified')).toBeInTheDocument();
    expect(cards.map((c) => c.getAttribute('data-color'))).toEqual([
      'blue',
      'green',
      'purple',
      'orange',
      'teal',
      'indigo',
    ]);
  });

  it('shows 0% rather than dividing by zero when nothing was submitted', async () => {
    fakeAdminServer(() => statsAnswer([0, 0], [0, 0], [0, 0]));
    renderWithProviders(<OverviewTab />);
    await screen.findAllByTestId('stat-card');
    expect(card('Verification Rate').getByTestId('stat-value')).toHaveTextContent('0%');
    expect(card('VPN Request Filled').getByTestId('stat-value')).toHaveTextContent('0%');
    expect(card('Contact Response').getByTestId('stat-value')).toHaveTextContent('0%');
  });

  it("shows 'Dashboard Error' when the stats fail to load, and loads them again on Retry", async () => {
    let fail = true;
    const server = fakeAdminServer((call) => {
      if (call.path !== OVERVIEW) return undefined;
      return fail ? refused(403, 'Not allowed right now') : statsAnswer([2, 1], [0, 0], [0, 0]);
    });
    const user = setupUser();
    renderWithProviders(<OverviewTab />);
    expect(await screen.findByText('Dashboard Error')).toBeInTheDocument();
    expect(screen.getByText('Not allowed right now')).toBeInTheDocument();
    expect(screen.queryByTestId('stat-card')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('stat-card')).toHaveLength(6));
    expect(screen.queryByText('Dashboard Error')).not.toBeInTheDocument();
    expect(card('Verification Rate').getByTestId('stat-value')).toHaveTextContent('50%');
    expect(server.callsTo('GET', OVERVIEW)).toHaveLength(2);
  });

  it("shows 'Dashboard Error' with the HTTP status when the server gives no reason", async () => {
    fakeAdminServer(() => ({ status: 404 }));
    renderWithProviders(<OverviewTab />);
    expect(await screen.findByText('Dashboard Error')).toBeInTheDocument();
    expect(screen.getByText('HTTP 404: Bad Request')).toBeInTheDocument();
  });
});
