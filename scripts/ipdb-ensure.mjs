// Development convenience for `scripts/start.sh`: an empty IP database gets the small generated
// dataset (about 10k real addresses, a few seconds), so the landing page counts real rows and the
// admin panel's analytics and search have data. A database with rows is never touched, and
// production never runs this (NODE_ENV=production or IPDB_AUTOGENERATE=0 skip it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
if (process.env.NODE_ENV === 'production' || process.env.IPDB_AUTOGENERATE === '0') process.exit(0);

const kit = await import(pathToFileURL(path.join(root, 'packages/service-kit/dist/index.js')).href);
const ipdbUrl = process.env.IPDB_URL ?? kit.DEFAULT_IPDB_URL;
const db = kit.createDb(ipdbUrl, { max: 1 });
let empty;
try {
  const row = await db.selectFrom('ips').select(db.fn.countAll().as('n')).executeTakeFirst();
  empty = Number(row?.n ?? 0) === 0;
} finally {
  await db.destroy();
}
if (!empty) process.exit(0);

console.log(
  'ipdb: the IP database is empty; generating the small dataset (pnpm ipdb:generate --scale small)',
);
const cli = path.join(root, 'packages/ipdb-dataset/dist/cli.js');
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, [cli, '--scale', 'small', '--url', ipdbUrl], { stdio: 'inherit' });
  child.on('exit', resolve);
});
process.exit(code ?? 1);
