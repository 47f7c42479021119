// Creates the databases named by the environment when missing, then has every owner of tables run
// its own migrations (each service's `dist/cli/migrate.js`): forms-service, auth-service and
// lookup-service (API keys) on the application database, analytics-service on the IP database.
// Needs the services built.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const databaseUrl = process.env.DATABASE_URL ?? kit.DEFAULT_DATABASE_URL;
const ipdbUrl = process.env.IPDB_URL ?? kit.DEFAULT_IPDB_URL;

/** [service, the database it migrates]. */
const owners = [
  ['forms-service', databaseUrl],
  ['auth-service', databaseUrl],
  ['lookup-service', databaseUrl],
  ['analytics-service', ipdbUrl],
];

for (const url of new Set([databaseUrl, ipdbUrl])) {
  if (await kit.ensureDatabase(url))
    console.log(`db:migrate: created database ${new URL(url).pathname.slice(1)}`);
}
const env = { ...process.env, DATABASE_URL: databaseUrl, IPDB_URL: ipdbUrl };
for (const [service, url] of owners) {
  const cli = path.join(root, 'services', service, 'dist/cli/migrate.js');
  const { code, output } = await new Promise((resolve) => {
    const child = spawn(process.execPath, [cli], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', (err) => resolve({ code: 1, output: err.message }));
    child.on('exit', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
  });
  if (code !== 0) {
    process.stderr.write(output);
    console.error(`db:migrate: ${service}'s migrations failed (exit ${code})`);
    process.exit(1);
  }
  console.log(`db:migrate: ${service} is up to date on ${new URL(url).pathname.slice(1)}`);
}
