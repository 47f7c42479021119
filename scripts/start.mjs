// Runs the whole stack in the foreground: migrations, then gateway, services and mail worker as
// child processes with prefixed output. Without SMTP_URL a local mail sink is started too, and
// its page shows every mail (the codes a visitor needs). Ctrl-C stops everything gracefully.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const env = { ...process.env };
const children = [];
let stopping = false;

const colors = [36, 32, 35, 33, 34, 31];
function run(name, file, extraEnv = {}) {
  const color = colors[children.length % colors.length];
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${color}m${name.padEnd(17)}\x1b[0m|`;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the stack`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = setTimeout(() => process.exit(code || 1), 12_000);
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => {
      clearTimeout(deadline);
      process.exit(code);
    },
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// 1. Migrations (each service's own), creating the databases when missing.
await new Promise((resolve, reject) => {
  const m = spawn(process.execPath, [path.join(root, 'scripts/db-migrate.mjs')], { env, stdio: 'inherit' });
  m.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrations failed (${code})`))));
});

// 1b. Development only: an empty IP database gets the small generated dataset (scripts/ipdb-ensure.mjs).
await new Promise((resolve) => {
  const g = spawn(process.execPath, [path.join(root, 'scripts/ipdb-ensure.mjs')], { env, stdio: 'inherit' });
  // A failure here leaves the IP database empty: the site falls back, nothing else depends on it.
  g.on('exit', (code) => {
    if (code !== 0)
      console.error('ipdb: could not generate the small dataset; /api/stats shows its fallbacks');
    resolve();
  });
});

// 2. A local mail sink when no SMTP server is configured.
if (!env.SMTP_URL) {
  const smtpPort = env.MAIL_SINK_SMTP_PORT ?? '1025';
  const httpPort = env.MAIL_SINK_HTTP_PORT ?? '8025';
  env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  run('mail-sink', 'packages/mail-sink/dist/cli.js', {
    MAIL_SINK_SMTP_PORT: smtpPort,
    MAIL_SINK_HTTP_PORT: httpPort,
  });
  console.log(`Mail sink: read every mail (and its code) at http://127.0.0.1:${httpPort}`);
}

// 3. Turnstile: without real keys, the offline stand-ins (widget script and siteverify) that follow
// Cloudflare's test keys, so sign-in runs the same code path as with real keys (no bypass of the
// bot check exists, even in development).
if (!env.TURNSTILE_SCRIPT_URL && !env.TURNSTILE_VERIFY_URL) {
  const port = env.TURNSTILE_STANDIN_PORT ?? '8788';
  env.TURNSTILE_SCRIPT_URL = `http://127.0.0.1:${port}/turnstile/v0/api.js`;
  env.TURNSTILE_VERIFY_URL = `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
  env.TURNSTILE_SITE_KEY ??= '1x00000000000000000000AA';
  env.TURNSTILE_SECRET ??= '1x0000000000000000000000000000000AA';
  run('turnstile-standin', 'packages/turnstile-standin/dist/cli.js', { TURNSTILE_STANDIN_PORT: port });
}

// The site's own address in canonical links, Open Graph tags and the sitemap: the gateway here.
env.PUBLIC_ORIGIN ??= `http://localhost:${env.GATEWAY_PORT ?? 8080}`;

// 4. The services, then the gateway in front of them.
run('forms-service', 'services/forms-service/dist/server.js');
run('analytics-service', 'services/analytics-service/dist/server.js');
run('lookup-service', 'services/lookup-service/dist/server.js');
// Writes to the IP database (its tables are ipdb-schema's, migrated above by analytics-service).
run('ingest-service', 'services/ingest-service/dist/server.js');
run('mailer-worker', 'services/mailer-worker/dist/server.js');
run('auth-service', 'services/auth-service/dist/server.js');
run('gateway', 'gateway/dist/server.js');
const site = `http://localhost:${env.GATEWAY_PORT ?? 8080}`;
console.log(`TunnelScope: ${site} (Ctrl-C to stop)`);
console.log(
  `Admin panel: ${site}/admin-${env.ADMIN_PATH_HEX ?? '0d3ad0c0ffee0b5e55ed0a11c0ffee00'} ` +
    '(create an account with: pnpm admin:create --username U --email E)',
);
console.log(
  `Detection API: ${site}/api/v1/vpn/check?ip=… with an X-API-Key header ` +
    '(create a key with: pnpm api-key:create --email E --name N)',
);
console.log(
  `Collector API: ${site}/ingest/v1/observations with Authorization: Bearer <collector token> ` +
    '(create one with: pnpm collector:create --name N)',
);
