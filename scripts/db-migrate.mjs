// Creates the databases named by the environment when missing and runs every service's own
// migrations (DECISIONS.md: each service owns its tables). Needs the services built.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const databaseUrl = process.env.DATABASE_URL ?? kit.DEFAULT_DATABASE_URL;
const ipdbUrl = process.env.IPDB_URL ?? kit.DEFAULT_IPDB_URL;

/** [service, database URL]: the application database, and the IP database of analytics-service. */
const owners = [
  ['forms-service', databaseUrl],
  ['auth-service', databaseUrl],
  ['analytics-service', ipdbUrl],
];

for (const url of new Set([databaseUrl, ipdbUrl])) {
  if (await kit.ensureDatabase(url))
    console.log(`db:migrate: created database ${new URL(url).pathname.slice(1)}`);
}
for (const [service, url] of owners) {
  const entry = path.join(root, 'services', service, 'dist/migrations/index.js');
  if (!fs.existsSync(entry)) continue; // this service has no tables (yet)
  const { migrate } = await import(pathToFileURL(entry).href);
  await migrate(url);
  console.log(`db:migrate: ${service} is up to date on ${new URL(url).pathname.slice(1)}`);
}
