import { jest } from '@jest/globals';
import { ADMIN_TIMINGS } from '@tunnelscope/contracts';
import { answer, installFetchMock } from '../test/fetch-mock.js';
import { analyticsBody, analyticsFixture } from '../pages/vpn-db/analytics.fixture.js';
import {
  DatabaseOfflineError,
  cachedAnalytics,
  fetchAnalytics,
  invalidateAnalyticsCache,
  loadAnalytics,
  searchIp,
} from './ipdb.js';

let fetchMock: jest.Mock<typeof fetch>;

/** Settles a promise while fake timers run, so the API client's retry pauses pass. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await jest.advanceTimersByTimeAsync(5_000);
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

beforeEach(() => {
  invalidateAnalyticsCache();
  fetchMock = installFetchMock();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('fetchAnalytics', () => {
  it('GETs the analytics below the prefix with cookies and no HTTP cache', async () => {
    answer(200, analyticsBody());
    const snapshot = await fetchAnalytics();
    expect(snapshot.data).toEqual(analyticsFixture);
    expect(snapshot.generatedAt).toBe('2025-06-01T08:00:00.000Z');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/vpn-db/advanced-analytics');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store' });
  });

  it("turns a 500 into 'HTTP 500: Failed to fetch analytics' after the client's retries", async () => {
    answer(500, { success: false, error: 'INTERNAL', message: 'boom' }, 'Internal Server Error');
    await expect(settle(fetchAnalytics())).rejects.toMatchObject({
      message: 'HTTP 500: Failed to fetch analytics',
    });
    expect(fetchMock).toHaveBeenCalledTimes(ADMIN_TIMINGS.retryAttempts);
  });

  it("turns a 4xx into 'HTTP {status}: Failed to fetch analytics' at once", async () => {
    answer(403, { success: false, error: 'FORBIDDEN', message: 'No' });
    await expect(fetchAnalytics()).rejects.toMatchObject({ message: 'HTTP 403: Failed to fetch analytics' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads networkError from a 503 body before treating the status as an error', async () => {
    answer(503, { success: false, networkError: true, message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    const failure = settle(fetchAnalytics());
    await expect(failure).rejects.toBeInstanceOf(DatabaseOfflineError);
    await expect(failure).rejects.toThrow('connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('reads networkError from a 200 body too, with a fallback message', async () => {
    answer(200, { success: false, networkError: true });
    await expect(fetchAnalytics()).rejects.toThrow(
      new DatabaseOfflineError('The IP database cannot be reached'),
    );
  });

  it('refuses an answer that does not match the contract', async () => {
    const { topCountries: _dropped, ...partial } = analyticsFixture;
    answer(200, { success: true, data: partial });
    await expect(fetchAnalytics()).rejects.toThrow(/Unexpected analytics answer \(data\.topCountries/);
  });

  it("keeps the server's message when it answers success: false", async () => {
    answer(200, { success: false, error: 'QUERY_FAILED', message: 'Analytics query timed out' });
    await expect(fetchAnalytics()).rejects.toThrow('Analytics query timed out');
  });
});

describe('loadAnalytics', () => {
  it('starts the first fetch only after 100 ms', async () => {
    answer(200, analyticsBody());
    const loading = loadAnalytics();
    await jest.advanceTimersByTimeAsync(ADMIN_TIMINGS.analyticsFetchDelayMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(loading).resolves.toMatchObject({ data: analyticsFixture });
  });

  it('answers from memory for 5 minutes, then fetches again', async () => {
    answer(200, analyticsBody());
    const first = await settle(loadAnalytics());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    jest.setSystemTime(first.fetchedAt + ADMIN_TIMINGS.analyticsCacheMs - 1);
    await expect(loadAnalytics()).resolves.toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    jest.setSystemTime(first.fetchedAt + ADMIN_TIMINGS.analyticsCacheMs);
    expect(cachedAnalytics()).toBeNull();
    await settle(loadAnalytics());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('goes to the server at once when forced, even with a fresh cache', async () => {
    answer(200, analyticsBody());
    await settle(loadAnalytics());
    const forced = loadAnalytics({ force: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await forced;
  });

  it('does not cache a failure', async () => {
    answer(200, { success: false, networkError: true, message: 'down' });
    await expect(settle(loadAnalytics())).rejects.toBeInstanceOf(DatabaseOfflineError);
    expect(cachedAnalytics()).toBeNull();
  });

  it('calls nothing when cancelled during the delay', async () => {
    answer(200, analyticsBody());
    const controller = new AbortController();
    const loading = loadAnalytics({ signal: controller.signal });
    controller.abort();
    await expect(loading).rejects.toBeDefined();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('searchIp', () => {
  const record = {
    data_type: 'current',
    ip: '185.220.101.4',
    country: 'Germany',
    city: 'Frankfurt am Main',
    isp: 'M247 Europe SRL',
    vpnname: 'NordVPN',
    vendorname: 'Nord Security',
    is_vpn: true,
    is_proxy: false,
    is_tor: false,
    lastchecked: '2025-05-31T10:00:00.000Z',
    historydate: null,
    subdomainname: null,
    subdomain: null,
    subdomain_lastchecked: null,
  };

  it('POSTs the address and returns the records with their count', async () => {
    answer(200, { success: true, data: [record], recordCount: 1, searchedIp: '185.220.101.4' });
    await expect(searchIp('185.220.101.4')).resolves.toEqual({
      records: [record],
      recordCount: 1,
      searchedIp: '185.220.101.4',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/vpn-db/search-ip');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(init!.body as string)).toEqual({ ipAddress: '185.220.101.4' });
  });

  it('answers networkError as DatabaseOfflineError, also behind a 503', async () => {
    answer(503, { success: false, networkError: true, message: 'IP database unreachable' });
    await expect(settle(searchIp('8.8.8.8'))).rejects.toThrow(
      new DatabaseOfflineError('IP database unreachable'),
    );
  });

  it("prefers the server's message for a refused search", async () => {
    answer(400, {
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'Please enter a valid IPv4 address (e.g., 8.8.8.8)',
    });
    await expect(searchIp('1.2.3.4')).rejects.toThrow('Please enter a valid IPv4 address (e.g., 8.8.8.8)');
  });

  it("falls back to 'HTTP {status}: {statusText}' when the server says nothing", async () => {
    answer(502, null, 'Bad Gateway');
    await expect(settle(searchIp('1.2.3.4'))).rejects.toThrow('HTTP 502: Bad Gateway');
  });
});
