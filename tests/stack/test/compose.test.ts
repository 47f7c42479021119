import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { repoRoot } from '@tunnelscope/test-kit';
import { packageEntry } from '../src/stack.js';

/**
 * No Docker engine runs here, so this reads docker-compose.yml and the Dockerfile and checks that
 * every build, command and environment they name exists and satisfies the services' own config
 * schemas — what `docker compose up` would trip over first.
 */
type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: string[] | Record<string, unknown>;
  ports?: string[];
};

const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, ComposeService>;
};
const built = Object.entries(compose.services).filter(([, s]) => s.build);

/** name → folder of every workspace package. */
const workspace = new Map<string, string>();
for (const group of ['packages', 'services', 'apps', 'tests']) {
  for (const dir of fs.readdirSync(path.join(repoRoot, group))) {
    const file = path.join(repoRoot, group, dir, 'package.json');
    if (fs.existsSync(file))
      workspace.set(JSON.parse(fs.readFileSync(file, 'utf8')).name, path.join(group, dir));
  }
}
workspace.set('@tunnelscope/gateway', 'gateway');

/** Every deployable's environment schema, exported as `configSchema` by its package's `./config` entry. */
const DEPLOYABLES = [
  '@tunnelscope/forms-service',
  '@tunnelscope/auth-service',
  '@tunnelscope/analytics-service',
  '@tunnelscope/lookup-service',
  '@tunnelscope/ingest-service',
  '@tunnelscope/mailer-worker',
  '@tunnelscope/gateway',
];

/** Compose interpolation: `${VAR:-default}` takes the default, as on a machine with no .env. */
function interpolate(value: string): string {
  return String(value).replace(
    /\$\{(\w+)(?::-([^}]*))?\}/g,
    (_m, name: string, fallback?: string) => process.env[name] ?? fallback ?? '',
  );
}

function shapeKeys(schema: z.ZodType): string[] {
  const s = schema as unknown as { shape?: object; def?: { in?: { shape?: object } } };
  return Object.keys(s.shape ?? s.def?.in?.shape ?? {});
}

describe('docker-compose.yml', () => {
  const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);

  it('builds every service from the Dockerfile with a stage that exists and a workspace package', () => {
    expect(built.length).toBeGreaterThanOrEqual(6);
    for (const [name, svc] of built) {
      const b = svc.build!;
      expect(fs.existsSync(path.join(repoRoot, b.context))).toBe(true);
      expect(fs.existsSync(path.join(repoRoot, b.context, b.dockerfile ?? 'Dockerfile'))).toBe(true);
      expect({ name, stage: stages.includes(b.target ?? 'service') }).toEqual({ name, stage: true });
      expect({ name, package: workspace.has(b.args?.PACKAGE ?? '') }).toEqual({ name, package: true });
    }
  });

  it('runs commands that the build produces (dist/x.js from src/x.ts)', () => {
    for (const [name, svc] of built) {
      const dir = workspace.get(svc.build!.args!.PACKAGE!)!;
      const command = svc.command ?? ['node', 'dist/server.js'];
      expect(command[0]).toBe('node');
      const source = command[1]!.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts');
      expect({ name, source, exists: fs.existsSync(path.join(repoRoot, dir, source)) }).toEqual({
        name,
        source,
        exists: true,
      });
    }
  });

  it('ships dist with every deployed package and its workspace dependencies (pnpm deploy)', () => {
    const seen = new Set<string>();
    const visit = (pkgName: string) => {
      if (seen.has(pkgName)) return;
      seen.add(pkgName);
      const pkg = JSON.parse(
        fs.readFileSync(path.join(repoRoot, workspace.get(pkgName)!, 'package.json'), 'utf8'),
      );
      expect({ pkgName, files: pkg.files }).toEqual({ pkgName, files: expect.arrayContaining(['dist']) });
      for (const [dep, version] of Object.entries<string>(pkg.dependencies ?? {})) {
        if (version.startsWith('workspace:')) visit(dep);
      }
    };
    for (const [, svc] of built) visit(svc.build!.args!.PACKAGE!);
  });

  it.each(DEPLOYABLES)(
    'gives %s an environment its config schema accepts, with no unknown keys',
    async (pkg) => {
      const file = packageEntry(`${pkg}/config`);
      const schema = (await import(pathToFileURL(file).href)).configSchema as z.ZodType;
      const known = shapeKeys(schema);
      expect(known.length).toBeGreaterThan(3);
      const services = built.filter(
        ([, s]) => s.build!.args!.PACKAGE === pkg && s.command?.[1] === 'dist/server.js',
      );
      expect(services.length).toBe(1);
      for (const [name, svc] of services) {
        const env = Object.fromEntries(
          Object.entries(svc.environment ?? {}).map(([k, v]) => [k, interpolate(v)]),
        );
        const result = schema.safeParse(env);
        expect({
          name,
          issues: result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        }).toEqual({
          name,
          issues: [],
        });
        expect({ name, unknown: Object.keys(env).filter((k) => !known.includes(k)) }).toEqual({
          name,
          unknown: [],
        });
      }
    },
  );

  it('points every upstream URL and SMTP host at a service the file defines', () => {
    const names = Object.keys(compose.services);
    for (const svc of Object.values(compose.services)) {
      for (const [key, value] of Object.entries(svc.environment ?? {})) {
        // PUBLIC_SITE_URL and TURNSTILE_SCRIPT_URL are addresses for the visitor's browser, not services.
        if (
          !/_URL$/.test(key) ||
          ['PUBLIC_SITE_URL', 'TURNSTILE_SCRIPT_URL'].includes(key) ||
          interpolate(value) === ''
        )
          continue;
        const host = new URL(interpolate(value)).hostname;
        expect({ key, host, defined: names.includes(host) }).toEqual({ key, host, defined: true });
      }
      const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
      for (const d of deps) expect(names).toContain(d);
    }
  });

  // Issue 13, item 3: the compose file is a development stack that says so, reachable from the
  // machine it runs on only, and its published secrets cannot start a production deployment.
  it('says it is a development stack and runs the services in development', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# DEVELOPMENT STACK/);
    for (const [name, svc] of built.filter(([, s]) => s.environment?.INTERNAL_SHARED_SECRET)) {
      expect({ name, NODE_ENV: svc.environment?.NODE_ENV }).toEqual({ name, NODE_ENV: 'development' });
    }
  });

  it('binds every published port to 127.0.0.1', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const port of svc.ports ?? []) {
        expect({ name, port, local: String(port).startsWith('127.0.0.1:') }).toEqual({
          name,
          port,
          local: true,
        });
      }
    }
  });

  it.each(DEPLOYABLES)(
    '%s refuses to start in production with the secrets compose publishes',
    async (pkg) => {
      const file = packageEntry(`${pkg}/config`);
      const schema = (await import(pathToFileURL(file).href)).configSchema as z.ZodType;
      const [, svc] = built.find(
        ([, s]) => s.build!.args!.PACKAGE === pkg && s.command?.[1] === 'dist/server.js',
      )!;
      const env = Object.fromEntries(
        Object.entries(svc.environment ?? {}).map(([k, v]) => [k, interpolate(v)]),
      );
      const result = schema.safeParse({ ...env, NODE_ENV: 'production' });
      expect({ pkg, refused: !result.success }).toEqual({ pkg, refused: true });
    },
  );

  it('publishes only the gateway (and the mail UI) to the host', () => {
    const published = Object.entries(compose.services)
      .filter(([, s]) => s.ports?.length)
      .map(([n]) => n);
    // The Turnstile stand-in serves the widget script to the browser, as Cloudflare would.
    expect(published.sort()).toEqual(['gateway', 'mailpit', 'turnstile-standin']);
  });
});
