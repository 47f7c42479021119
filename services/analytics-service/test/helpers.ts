import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ADMIN_API, type AdminIdentity, type AdminRole } from '@tunnelscope/contracts';
import { generateDataset, loadSources, SCALES } from '@tunnelscope/ipdb-dataset';
import { gatewayHeadersFor, systemClock } from '@tunnelscope/service-kit';
import {
  createTestDatabase,
  deleteKeysWithPrefix,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type TestDatabase,
} from '@tunnelscope/test-kit';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openConnections } from '../src/connections.js';
import { migrate } from '@tunnelscope/ipdb-schema';

export const SECRET = 'test-internal-secret-0123456789abcdef';
/** Nothing listens on port 1: connections are refused at once. */
export const UNREACHABLE_IPDB_URL = 'postgres://postgres@127.0.0.1:1/tunnelscope_ipdb';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix('analytics'),
      INTERNAL_SHARED_SECRET: SECRET,
      IPDB_URL: UNREACHABLE_IPDB_URL,
      // Tests run the refresh themselves (refresh-job.int.test.ts).
      ANALYTICS_REFRESH_INTERVAL_SECONDS: '0',
      ...env,
    },
    (code) => {
      throw new Error(`invalid analytics configuration (exit ${code})`);
    },
  );
}

/**
 * The app on connections of its own, opened from `config` as server.ts opens them and closed with
 * the app. `deps` replaces any of them (a stats source, a clock).
 */
export async function buildTestApp(
  config: Config,
  deps: Partial<Omit<AppDeps, 'config'>> = {},
): Promise<FastifyInstance> {
  const connections = openConnections(config);
  const app = await buildApp({ ...connections, clock: systemClock, ...deps, config });
  app.addHook('onClose', async () => connections.close());
  return app;
}

/** Removes every key a suite wrote under its prefix. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    await deleteKeysWithPrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}

export { TEST_REDIS_URL };

export interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  json(): any;
}

const listening = new WeakMap<FastifyInstance, Promise<string>>();

/**
 * A GET over a real socket. (Not `app.inject`: under jest's ESM mode on Node 20, light-my-request
 * cannot `require` the ESM-only `cookie` 2, and this tests the service's real HTTP path anyway.)
 */
export async function get(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(app, 'GET', path, undefined, headers);
}

/** A POST with a JSON body (a string is sent as is; `undefined` sends an empty JSON body). */
export async function post(
  app: FastifyInstance,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(
    app,
    'POST',
    path,
    body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
    {
      'content-type': 'application/json',
      ...headers,
    },
  );
}

async function send(
  app: FastifyInstance,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  let base = listening.get(app);
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const { port } = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    });
    listening.set(app, base);
  }
  // Object.entries leaves the symbol out: fetch takes string keys only.
  const signed = {
    ...Object.fromEntries(Object.entries(headers)),
    ...signedAsGateway(headers, method, path),
  };
  const res = await fetch(`${await base}${path}`, { method, headers: signed, body });
  const text = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), json: () => JSON.parse(text) };
}

/**
 * What the gateway would vouch for, signed by `send` once the method and path are known: the
 * gateway's MAC and identity are bound to one request (issue 13, item 2).
 */
const SIGN_AS_GATEWAY = Symbol('sign as the gateway');
interface SignAs {
  secret: string;
  identity?: AdminIdentity;
  clientIp?: string;
}
export type GatewayCallHeaders = Record<string, string> & { [SIGN_AS_GATEWAY]?: SignAs };

function signedAsGateway(headers: GatewayCallHeaders, method: string, path: string): Record<string, string> {
  const as = headers[SIGN_AS_GATEWAY];
  if (!as) return {};
  return gatewayHeadersFor(as.secret, { audience: 'analytics', method, url: path, ...as });
}

/** Headers of a call through the gateway (its MAC; X-Forwarded-For when `clientIp` is given). */
export function viaGateway(clientIp?: string, secret = SECRET): GatewayCallHeaders {
  return { [SIGN_AS_GATEWAY]: { secret, clientIp } } as GatewayCallHeaders;
}

/** Identity headers as the gateway signs them for a signed-in operator. */
export function adminHeaders(role: AdminRole = 'admin', secret = SECRET): GatewayCallHeaders {
  return operatorHeaders(
    {
      adminId: '5f0c6c1e-3c2b-4f7a-9d51-0a9e8b7c6d5e',
      sessionId: '9b2d4e6f-8a1c-4b3d-9e5f-7a6b5c4d3e2f',
      username: role === 'admin' ? 'operator' : 'viewer',
      email: `${role}@tunnelscope.example`,
      role,
      twoFactorEnabled: true,
    },
    secret,
  );
}

/**
 * Identity headers for an operator that exists in the application database (createTestOperator),
 * so the audit rows written for it keep their admin_logs foreign keys.
 */
export function operatorHeaders(identity: AdminIdentity, secret = SECRET): GatewayCallHeaders {
  return { [SIGN_AS_GATEWAY]: { secret, identity } } as GatewayCallHeaders;
}

/** Admin prefixes of the calls as analytics-service sees them (the gateway strips /admin-<hex>). */
export const ANALYTICS_PATH = ADMIN_API.advancedAnalytics.path;
export const SEARCH_PATH = ADMIN_API.searchIp.path;

/** A fixed seed: every suite's small dataset is the same. */
export const DATASET_SEED = 20261124;

/**
 * A database of its own, migrated and filled with the small dataset. The data packages are read
 * once per test file.
 */
export async function createIpdb(label: string, opts: { generate?: boolean } = {}): Promise<TestDatabase> {
  const db = await createTestDatabase(label);
  if (opts.generate === false) {
    await migrate(db.url);
    return db;
  }
  sources ??= loadSources();
  await generateDataset({ url: db.url, scale: SCALES.small, seed: DATASET_SEED, migrate, sources });
  return db;
}
let sources: ReturnType<typeof loadSources> | undefined;
