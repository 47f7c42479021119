import type { jest } from '@jest/globals';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpSearchRecord } from '@tunnelscope/contracts';
import { answer, installFetchMock } from '../../test/fetch-mock.js';
import { emptyIpSearchRecord } from '../../test/ip-search-record.fixture.js';
import { renderWithProviders } from '../../test/render.js';
import { SearchDbTab, validateIpInput } from './SearchDbTab.js';

let fetchMock: jest.Mock<typeof fetch>;

const empty = emptyIpSearchRecord;

const records: IpSearchRecord[] = [
  {
    ...empty,
    data_type: 'current',
    country: 'Germany',
    city: 'Frankfurt am Main',
    isp: 'M247 Europe SRL',
    vpnname: 'NordVPN',
    vendorname: 'Nord Security',
    is_vpn: true,
    is_proxy: false,
    is_tor: true,
    lastchecked: '2025-05-31T10:00:00.000Z',
  },
  {
    ...empty,
    data_type: 'history',
    country: 'Netherlands',
    city: 'Amsterdam',
    isp: 'Datacamp Limited',
    vpnname: 'Surfshark',
    vendorname: 'Nord Security',
    is_vpn: true,
    is_proxy: true,
    is_tor: false,
    historydate: '2024-11-02T00:00:00.000Z',
  },
  {
    ...empty,
    data_type: 'history',
    country: 'Netherlands',
    city: 'Amsterdam',
    isp: 'Datacamp Limited',
    vpnname: 'CyberGhost',
    vendorname: 'Kape Technologies',
    is_vpn: true,
    is_proxy: false,
    is_tor: false,
    historydate: '2024-06-15T00:00:00.000Z',
  },
  {
    ...empty,
    data_type: 'subdomain',
    vpnname: 'NordVPN',
    vendorname: 'Nord Security',
    subdomainname: 'de1042.nordvpn.com',
    subdomain: 'live',
    subdomain_lastchecked: '2025-05-30T08:00:00.000Z',
  },
  {
    ...empty,
    data_type: 'subdomain_history',
    vpnname: 'Surfshark',
    vendorname: 'Nord Security',
    subdomainname: 'nl-ams-v042.prod.surfshark.com',
    subdomain: 'dead',
    historydate: '2024-11-02T00:00:00.000Z',
  },
];

function found(list: IpSearchRecord[] = records, searchedIp = '185.220.101.4') {
  return { success: true, data: list, recordCount: list.length, searchedIp };
}

const ipInput = () => screen.getByLabelText('IP Address');

/** The toast titled `title` (not the panel or alert of the same name). */
/** A 5xx is tried 3 times 500 ms apart before its toast shows: wait longer than testing-library's 1 s. */
async function findToast(title: string) {
  const matches = await screen.findAllByText(title, {}, { timeout: 5_000 });
  const toast = matches.map((el) => el.closest('.mantine-Notification-root')).find(Boolean);
  if (!toast) throw new Error(`no toast titled ${title}`);
  return toast as HTMLElement;
}

beforeEach(() => {
  fetchMock = installFetchMock();
});

// The toast store is module-level: a toast of one test would still be there in the next.
afterEach(() => {
  act(() => notifications.clean());
});

describe('validateIpInput', () => {
  it('trims a valid address', () => {
    expect(validateIpInput('  8.8.8.8 ')).toEqual({ ipAddress: '8.8.8.8' });
  });
  it.each([
    ['', 'Please enter an IP address to search'],
    ['   ', 'Please enter an IP address to search'],
    ['256.1.1.1', 'Please enter a valid IPv4 address (e.g., 8.8.8.8)'],
    ['1.2.3', 'Please enter a valid IPv4 address (e.g., 8.8.8.8)'],
    ['2001:db8::1', 'Please enter a valid IPv4 address (e.g., 8.8.8.8)'],
  ])('refuses %j with the spec message', (raw, message) => {
    expect(validateIpInput(raw)).toEqual({ error: message });
  });
});

describe('SearchDbTab', () => {
  it('asks for an address before searching, and calls nothing', async () => {
    renderWithProviders(<SearchDbTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Search DB' }));
    expect(await screen.findByText('Please enter an IP address to search')).toBeInTheDocument();
    expect(ipInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an address that is not IPv4, and the message goes once the input changes', async () => {
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '300.1.2.3{Enter}');
    expect(await screen.findByText('Please enter a valid IPv4 address (e.g., 8.8.8.8)')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(ipInput(), '{Backspace}');
    expect(screen.queryByText('Please enter a valid IPv4 address (e.g., 8.8.8.8)')).not.toBeInTheDocument();
  });

  it('searches the trimmed address on Enter', async () => {
    answer(200, found());
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '  185.220.101.4  {Enter}');
    await screen.findByText('Current Information');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/vpn-db/search-ip');
    expect(JSON.parse(init!.body as string)).toEqual({ ipAddress: '185.220.101.4' });
    expect(ipInput()).toHaveValue('185.220.101.4');
  });

  it('groups the records into the four groups with their fields, the count and the searched IP', async () => {
    answer(200, found());
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '185.220.101.4');
    await userEvent.click(screen.getByRole('button', { name: 'Search DB' }));

    expect(await screen.findByTestId('search-summary')).toHaveTextContent(
      'Found 5 records for 185.220.101.4',
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Current Information',
      'Historical Information',
      'Related Subdomains',
      'Subdomain History',
    ]);
    const group = (name: string) => within(screen.getByRole('region', { name }));

    const [current] = group('Current Information').getAllByTestId('ip-record');
    expect(current).toHaveTextContent(
      /185\.220\.101\.4.*Germany.*Frankfurt am Main.*M247 Europe SRL.*NordVPN.*Nord Security.*VPN.*Tor.*2025-05-31/,
    );
    expect(within(current!).queryByText('Proxy')).not.toBeInTheDocument();

    const history = group('Historical Information').getAllByTestId('ip-record');
    expect(history).toHaveLength(2);
    expect(history[0]).toHaveTextContent(/2024-11-02.*Netherlands.*Amsterdam.*Datacamp Limited.*Surfshark/);
    expect(within(history[0]!).getByText('Proxy')).toBeInTheDocument();
    expect(history[1]).toHaveTextContent(/CyberGhost.*Kape Technologies/);

    const [subdomain] = group('Related Subdomains').getAllByTestId('ip-record');
    expect(subdomain).toHaveTextContent(/de1042\.nordvpn\.com.*Live.*NordVPN.*2025-05-30/);
    const [old] = group('Subdomain History').getAllByTestId('ip-record');
    expect(old).toHaveTextContent(/nl-ams-v042\.prod\.surfshark\.com.*Dead.*2024-11-02.*Surfshark/);

    expect(screen.getAllByTestId('ip-record')).toHaveLength(5);
  });

  it('says which groups have nothing when only some do', async () => {
    answer(200, found([records[0]!]));
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '185.220.101.4{Enter}');
    expect(await screen.findByTestId('search-summary')).toHaveTextContent('Found 1 record for 185.220.101.4');
    expect(screen.getByText('No earlier VPN use recorded')).toBeInTheDocument();
    expect(screen.getAllByTestId('ip-record')).toHaveLength(1);
  });

  it("shows 'No Records Found' for an address the database does not know", async () => {
    answer(200, found([], '8.8.8.8'));
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '8.8.8.8{Enter}');
    expect(await screen.findByRole('heading', { name: 'No Records Found' })).toBeInTheDocument();
    expect(screen.getByText(/record of 8\.8\.8\.8/)).toBeInTheDocument();
    expect(screen.queryByTestId('ip-record')).not.toBeInTheDocument();
    expect(screen.queryByText('Current Information')).not.toBeInTheDocument();
  });

  it("shows the orange 'Database Offline' toast and panel on networkError, and Retry Connection searches again", async () => {
    answer(200, { success: false, networkError: true, message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '185.220.101.4{Enter}');

    const toast = await findToast('Database Offline');
    expect(toast).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:5432');
    expect(toast.getAttribute('style')).toContain('orange');
    const panel = screen.getByTestId('db-offline');
    expect(panel).toHaveTextContent('Database Connection Failed: connect ECONNREFUSED 127.0.0.1:5432');
    expect(panel.getAttribute('style')).toContain('orange');
    expect(screen.queryByText('Search Error')).not.toBeInTheDocument();

    answer(200, found());
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry Connection' }));
    expect(await screen.findByTestId('search-summary')).toHaveTextContent('Found 5 records');
    expect(screen.queryByTestId('db-offline')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toEqual({ ipAddress: '185.220.101.4' });
  });

  it("shows 'Search Error' with the server's message for any other failure", async () => {
    answer(400, { success: false, error: 'VALIDATION_ERROR', message: 'Address refused by the server' });
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '10.0.0.1{Enter}');

    const toast = await findToast('Search Error');
    expect(toast).toHaveTextContent('Address refused by the server');
    const alert = screen
      .getAllByText('Search Error')
      .find((el) => !toast.contains(el))!
      .closest('[role="alert"]');
    expect(alert).toHaveTextContent('Address refused by the server');
    expect(screen.queryByTestId('db-offline')).not.toBeInTheDocument();
  });

  it("shows 'Search Error' with 'HTTP 500: …' when the server fails without a message", async () => {
    answer(500, null, 'Internal Server Error');
    renderWithProviders(<SearchDbTab />);
    await userEvent.type(ipInput(), '10.0.0.1{Enter}');
    const toast = await findToast('Search Error');
    await waitFor(() => expect(toast).toHaveTextContent('HTTP 500: Internal Server Error'));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('Clear Results empties the results, the input and any message', async () => {
    answer(200, found());
    renderWithProviders(<SearchDbTab />);
    const clear = screen.getByRole('button', { name: 'Clear Results' });
    expect(clear).toBeDisabled();

    await userEvent.type(ipInput(), '185.220.101.4{Enter}');
    await screen.findByTestId('search-summary');
    await userEvent.click(clear);
    expect(screen.queryByTestId('search-summary')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ip-record')).not.toBeInTheDocument();
    expect(ipInput()).toHaveValue('');
    expect(ipInput()).toHaveFocus();

    await userEvent.type(ipInput(), 'nope{Enter}');
    expect(await screen.findByText('Please enter a valid IPv4 address (e.g., 8.8.8.8)')).toBeInTheDocument();
    await userEvent.click(clear);
    expect(screen.queryByText('Please enter a valid IPv4 address (e.g., 8.8.8.8)')).not.toBeInTheDocument();
  });
});
