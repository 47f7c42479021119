import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { BATCH_MAX_IPS, DETECTION_API_DOCS_PATH, STATS_FALLBACK } from '@tunnelscope/contracts';
import { renderWithProviders } from '../../test/render.js';
import HomePage from './HomePage.js';

/** The landing page's section headings, in order, with the anchors the navigation scrolls to. */
const SECTIONS: { heading: string | RegExp; id?: string }[] = [
  { heading: 'The Trusted Source For VPN Detection' },
  { heading: 'TunnelScope in numbers' },
  { heading: 'Everything behind an IP address', id: 'features' },
  { heading: 'Global network intelligence' },
  { heading: 'Advanced capabilities' },
  { heading: 'Built for precision', id: 'technology' },
  { heading: 'One call, the whole picture', id: 'api' },
  { heading: 'Use Cases Across Industries', id: 'use-cases' },
  { heading: 'Enterprise-grade service for every size' },
  { heading: 'Get started with TunnelScope' },
];

const USE_CASES = [
  'Financial Services',
  'Content & Media',
  'E-commerce & Retail',
  'Advertising & Marketing',
  'Gaming & Entertainment',
  'InfoSec & Cybersecurity',
  'Corporate & Enterprise',
  'Law Enforcement & Government',
];

const TILES = [
  'Bank grade security',
  'Fast & easy to use',
  'Reliable & scalable',
  'Here for the long run',
  'Up-to-date data',
  'Backed by experts',
];

const sectionNamed = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

describe('HomePage', () => {
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    // The stats service is unreachable: the row must show the spec's fallbacks.
    fetchMock = jest.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    globalThis.fetch = fetchMock;
  });

  it('renders the ten sections in order, each named by its heading, with the navigation anchors', async () => {
    const { container } = renderWithProviders(<HomePage />);
    const sections = [...container.querySelectorAll('section')];
    expect(sections).toHaveLength(10);
    sections.forEach((section, i) => {
      const { heading, id } = SECTIONS[i]!;
      const labelledBy = section.getAttribute('aria-labelledby');
      expect(labelledBy).toBeTruthy();
      expect(document.getElementById(labelledBy!)).toHaveTextContent(heading);
      expect(section).toHaveAccessibleName(heading);
      if (id) expect(section).toHaveAttribute('id', id);
    });
    for (const anchor of ['features', 'technology', 'api', 'use-cases']) {
      expect(container.querySelector(`section#${anchor}`)).not.toBeNull();
    }
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });

  it('has one h1 (the hero) and no skipped heading levels', () => {
    const { container } = renderWithProviders(<HomePage />);
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
  });

  it('links the hero to the waitlist and the VPN request page and mentions 99.7% accuracy', () => {
    renderWithProviders(<HomePage />);
    const hero = within(sectionNamed('The Trusted Source For VPN Detection'));
    expect(hero.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', '/waitlist');
    expect(hero.getByRole('link', { name: 'Request VPN' })).toHaveAttribute('href', '/vpn-request');
    expect(hero.getByText(/99\.7% accuracy/)).toBeInTheDocument();
  });

  it('shows the stats fallbacks when the stats call fails', async () => {
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/stats', expect.anything()));
    const stats = within(sectionNamed('TunnelScope in numbers'));
    const pairs = [
      ['IPs Tracked', STATS_FALLBACK.ipsTracked],
      ['VPN Vendors', STATS_FALLBACK.vendorsSupported],
      ['Detection Accuracy', STATS_FALLBACK.accuracyRate],
      ['Update Rate', STATS_FALLBACK.updateRate],
    ] as const;
    expect(stats.getAllByRole('term').map((t) => t.textContent)).toEqual(pairs.map(([label]) => label));
    expect(stats.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '200K+',
      '70+',
      '99.7%',
      '12H',
    ]);
    expect(pairs.map(([, value]) => value)).toEqual(['200K+', '70+', '99.7%', '12H']);
  });

  it('shows six feature cards, the globe (still picture in jsdom) and the technology claims', async () => {
    renderWithProviders(<HomePage />);
    const features = within(sectionNamed('Everything behind an IP address'));
    expect(features.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    for (const name of ['VPN detection', 'Tor exit nodes', 'Proxy detection', 'Geolocation']) {
      expect(features.getByRole('heading', { name })).toBeInTheDocument();
    }
    const network = within(sectionNamed('Global network intelligence'));
    const globe = network.getByRole('img', { name: /^Globe marking 21 cities/ });
    await waitFor(() => expect(globe).toHaveAttribute('data-mode', 'static'));
    expect(within(globe).getByTestId('globe-static').querySelectorAll('[data-city]')).toHaveLength(21);

    const technology = within(sectionNamed('Built for precision'));
    for (const name of ['Precision detection', 'Geolocation', 'ISP attribution', 'Historical IP analysis']) {
      expect(technology.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(technology.getByText('99%')).toBeInTheDocument();
    expect(technology.getByText('Database refreshed every 12 hours')).toBeInTheDocument();
    expect(technology.getAllByText(/multiple sources/).length).toBeGreaterThan(0);
  });

  it('shows a sample request and a cut-off sample response, without calling the detection API', async () => {
    renderWithProviders(<HomePage />);
    const api = within(sectionNamed('One call, the whole picture'));
    const request = api.getByRole('region', { name: 'Request' });
    expect(request).toHaveTextContent(/curl ".*\/api\/v1\/vpn\/check\?ip=37\.120\.192\.18"/);
    expect(request).toHaveTextContent('X-API-Key: $TUNNELSCOPE_API_KEY');
    const response = api.getByRole('region', { name: 'Response' }).textContent!;
    for (const field of [
      'ip',
      'vendor',
      'is_vpn',
      'is_proxy',
      'country',
      'region',
      'city',
      'company',
      'asn',
      'domain',
      'type',
      'route',
    ]) {
      expect(response).toContain(`"${field}":`);
    }
    expect(response.trimEnd().endsWith('…')).toBe(true);
    // The spec's fields, in its order, first.
    expect([...response.matchAll(/^ {2}"(\w+)":/gm)].map((m) => m[1])).toEqual([
      'ip',
      'vendor',
      'is_vpn',
      'is_proxy',
      'country',
      'region',
      'city',
      'company',
      'asn',
    ]);
    expect(api.getByText(/HTTPS with 256-bit SSL/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    for (const [url] of fetchMock.mock.calls) expect(String(url)).not.toContain('/api/v1/');
  });

  it('links the API section to the reference and claims only what the API does', () => {
    renderWithProviders(<HomePage />);
    const api = within(sectionNamed('One call, the whole picture'));
    expect(api.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute(
      'href',
      DETECTION_API_DOCS_PATH,
    );
    expect(api.getByRole('link', { name: 'See every field' })).toHaveAttribute(
      'href',
      DETECTION_API_DOCS_PATH,
    );
    expect(api.getByText(/up to 1,000 addresses/)).toHaveTextContent(BATCH_MAX_IPS.toLocaleString('en-US'));
    for (const claim of [/evidence/, /confidence/, /IPv4 and IPv6/, /MMDB and CSV/]) {
      expect(api.getAllByText(claim).length).toBeGreaterThan(0);
    }
  });

  it('shows the eight use-case cards and the six enterprise tiles by name, in order', () => {
    renderWithProviders(<HomePage />);
    const useCases = within(sectionNamed('Use Cases Across Industries'));
    expect(useCases.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(USE_CASES);
    expect(useCases.getByText(/KYC\/AML compliance/)).toBeInTheDocument();
    expect(useCases.getByText(/anti-cheat/)).toBeInTheDocument();
    expect(useCases.getByText(/command-and-control \(C&C\)/)).toBeInTheDocument();
    expect(useCases.getByText(/forensics/)).toBeInTheDocument();

    const enterprise = within(sectionNamed('Enterprise-grade service for every size'));
    expect(enterprise.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(TILES);
    expect(enterprise.getByText(/millions of queries daily/)).toBeInTheDocument();
    expect(enterprise.getByText(/24\/7/)).toBeInTheDocument();
  });

  it('closes with links to the waitlist and the contact page', () => {
    renderWithProviders(<HomePage />);
    const cta = within(sectionNamed('Get started with TunnelScope'));
    expect(cta.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', '/waitlist');
    expect(cta.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('writes no placeholder copy', () => {
    const { container } = renderWithProviders(<HomePage />);
    expect(container.textContent).not.toMatch(/lorem|ipsum|TODO|TBD|\{product\}/i);
  });
});
