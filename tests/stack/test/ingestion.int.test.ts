import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@tunnelscope/test-kit';
import { call, packageEntry, startStack, type Stack } from '../src/stack.js';

/**
 * Issue 17 end to end, through the real gateway: a collector reports an exit address of a VPN the
 * database has never heard of (collector token made by `pnpm collector:create`'s command), a Tor
 * bulk exit list with another address is served from a local server and run by `pnpm feeds:run`'s
 * command, and the detection API — a key made by `pnpm api-key:create`'s command — answers both
 * with the right flags, evidence and sources once lookup-service has swapped to the new data.
 */
const collectorCli = packageEntry('@tunnelscope/ingest-service/cli/collector');
const feedsCli = packageEntry('@tunnelscope/ingest-service/cli/feeds');
const apiKeyCli = packageEntry('@tunnelscope/lookup-service/cli/api-key');

/**
 * Public addresses the empty stack database has never seen, from ordinary allocated ranges (not
 * special-purpose: ingest-service refuses those): one a collector reports, one a Tor list names.
 */
const COLLECTOR_IP = '193.19.108.37';
const TOR_IP = '109.70.100.23';
const NEW_VPN = 'Stack Collector VPN';
const NEW_VENDOR = 'Stack Collector Vendor Ltd';
/** Generous for a shared 2-core machine: the index is rebuilt in a worker after each data version. */
const ANSWER_DEADLINE_MS = 120_000;

function runCli(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The Tor Project's bulk exit list format: one address per line (a comment, blank lines, IPv6). */
function torBulkExitList(): string {
  return ['# Tor bulk exit list, served for the stack test', TOR_IP, '', '2a0b:f4c2:2::23', ''].join('\n');
}

describe('ingestion end to end: collector API and Tor feed to the detection API', () => {
  let stack: Stack;
  let torServer: http.Server;
  let torUrl: string;
  let collectorToken: string;
  let apiKey: string;

  beforeAll(async () => {
    stack = await startStack({
      label: 'ingestion',
      services: ['lookup-service', 'ingest-service', 'gateway'],
      // A data-version change is noticed within a second here (30 s by default).
      env: { LOOKUP_INDEX_POLL_SECONDS: '1' },
    });
    torServer = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(torBulkExitList());
    });
    await new Promise<void>((r) => torServer.listen(0, '127.0.0.1', r));
    torUrl = `http://127.0.0.1:${(torServer.address() as AddressInfo).port}/torbulkexitlist`;
    // The index loads in a worker after the service listens; /readyz turns 200 when it has.
    await waitFor(async () => (await fetch(`${stack.lookupUrl}/readyz`)).ok, { timeoutMs: 90_000 });
  }, 150_000);
  afterAll(async () => {
    await new Promise<void>((r) => (torServer ? torServer.close(() => r()) : r()));
    await stack?.close();
  });

  /** GET /api/v1/vpn/check for `ip` until `done` holds or the deadline passes; the last answer either way. */
  async function answerFor(
    ip: string,
    done: (body: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ANSWER_DEADLINE_MS;
    for (;;) {
      const res = await call(stack, 'GET', `/api/v1/vpn/check?ip=${ip}`, undefined, { 'x-api-key': apiKey });
      expect(res.status).toBe(200);
      if (done(res.body) || Date.now() > deadline) return res.body;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('makes a collector token and an API key with the operators’ commands', async () => {
    const collector = await runCli(collectorCli, ['create', '--name', 'stack-collector-1'], stack.env);
    expect(collector).toMatchObject({ code: 0 });
    collectorToken = collector.stdout.trim();
    expect(collectorToken).toMatch(/^ts_col_[A-Za-z0-9]{38}$/);
    const key = await runCli(
      apiKeyCli,
      ['create', '--email', 'buyer@acme.example', '--name', 'Ingestion test'],
      stack.env,
    );
    expect(key).toMatchObject({ code: 0 });
    apiKey = key.stdout.trim();
    expect(apiKey).toMatch(/^ts_live_/);
  });

  it('starts from addresses the detection API knows nothing about', async () => {
    for (const ip of [COLLECTOR_IP, TOR_IP]) {
      const res = await call(stack, 'GET', `/api/v1/vpn/check?ip=${ip}`, undefined, { 'x-api-key': apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ip, bogon: false, is_vpn: false, is_tor: false, vpn: null });
    }
  });

  it('accepts a collector’s observation of a new VPN through the gateway and creates the VPN', async () => {
    const res = await call(
      stack,
      'POST',
      '/ingest/v1/observations',
      {
        observations: [
          {
            vpn: NEW_VPN,
            vendor: NEW_VENDOR,
            ip: COLLECTOR_IP,
            observedAt: new Date().toISOString(),
            location: { country: 'SE', city: 'Stockholm' },
            protocol: 'wireguard',
          },
        ],
      },
      { authorization: `Bearer ${collectorToken}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accepted: { observations: 1, resolutions: 0 },
      refused: [],
      createdVpns: expect.arrayContaining([NEW_VPN]),
    });
    expect(res.body.dataVersion).toEqual(expect.any(Number));
  });

  it('refuses the collector API without a token with an ingest problem document', async () => {
    const res = await call(stack, 'POST', '/ingest/v1/observations', { observations: [] });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'missing_token', type: 'urn:tunnelscope:ingest:missing_token' });
  });

  it('runs the Tor feed from a local server with `pnpm feeds:run --feed tor`', async () => {
    const run = await runCli(feedsCli, ['--feed', 'tor'], { ...stack.env, FEED_TOR_URL: torUrl });
    expect(run).toMatchObject({ code: 0 });
    const row = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(row).toMatchObject({
      feed: 'tor',
      source: torUrl,
      parsed: 2,
      added: 2,
      keptPrevious: false,
      error: null,
    });
  });

  it(
    'answers the collector’s address as the new VPN, its vendor, and the collector as its source',
    async () => {
      const today = new Date().toISOString().slice(0, 10);
      // The VPN name reaches the answer with the first swap after the batch.
      const answer = await answerFor(COLLECTOR_IP, (b) => b.vpn === NEW_VPN);
      expect(answer).toMatchObject({ ip: COLLECTOR_IP, is_vpn: true, vpn: NEW_VPN, vendor: NEW_VENDOR });
      expect(answer.evidence).toEqual(expect.arrayContaining(['vpn_exit_observed', 'collector']));
      expect(answer.sources).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ flag: 'vpn', source: 'collector', last_seen: today }),
        ]),
      );
    },
    ANSWER_DEADLINE_MS + 30_000,
  );

  it(
    'answers the Tor list’s address as a Tor exit, with the exit list as its source',
    async () => {
      const today = new Date().toISOString().slice(0, 10);
      const answer = await answerFor(TOR_IP, (b) => b.is_tor === true);
      expect(answer).toMatchObject({ ip: TOR_IP, is_tor: true });
      expect(answer.evidence).toEqual(expect.arrayContaining(['tor_exit_list']));
      expect(answer.sources).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ flag: 'tor', source: 'tor_exit_list', last_seen: today }),
        ]),
      );
    },
    ANSWER_DEADLINE_MS + 30_000,
  );
});
