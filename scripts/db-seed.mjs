// Development data for the application database: a few dozen waitlist entries, VPN requests,
// contact messages and their registration logs. Each table is seeded once (its seed rows are
// recognised by their @seed.example.com-style addresses), so it is safe to repeat.
// Production never runs it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { WAITLIST_USE_CASES } = await import(
  pathToFileURL(path.join(root, 'packages/contracts/dist/index.js')).href
);
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
if (process.env.NODE_ENV === 'production') {
  console.error('db:seed refuses to run with NODE_ENV=production');
  process.exit(1);
}
const client = new pg.Client({
  connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tunnelscope',
});
await client.connect();

const companies = [
  'Northwind Bank',
  'Globex Payments',
  'Initech Security',
  'Umbrella Media',
  'Stark Retail',
  'Wayne Gaming',
];
const useCases = WAITLIST_USE_CASES;
const vpns = [
  ['Turbo VPN', 'free.vpn.unblock.proxy.turbovpn'],
  ['Thunder VPN', 'com.fast.free.unblock.thunder.vpn'],
  ['Secure VPN', 'com.fast.free.unblock.secure.vpn'],
  ['VPN Master', 'free.vpn.unblock.proxy.vpnmaster'],
  ['Hotspot Shield', 'hotspotshield.android.vpn'],
];
const statuses = ['Waiting', 'Pending', 'Complete'];
const pick = (list, i) => list[i % list.length];
const daysAgo = (n) => new Date(Date.now() - n * 86_400_000 - ((n * 7919) % 86_400_000));

const SEED_DOMAIN = 'seed.example.com';
async function notSeeded(table, emailColumn) {
  const { rows } = await client.query(
    `select count(*)::int as n from ${table} where ${emailColumn} like $1`,
    [`%.${SEED_DOMAIN}`],
  );
  return rows[0].n === 0;
}
const seedEmail = (local, company) => `${local}@${company.toLowerCase().replace(/\s+/g, '')}.${SEED_DOMAIN}`;

try {
  await client.query('begin');
  if (await notSeeded('waitlist_entries', 'email')) {
    for (let i = 0; i < 40; i++) {
      const email = seedEmail(`analyst${i}`, pick(companies, i));
      const verified = i % 4 !== 0;
      await client.query(
        `insert into waitlist_entries (email, company, use_case, is_verified, verified_at, ip_address, status, notes, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          email,
          pick(companies, i),
          pick(useCases, i),
          verified,
          verified ? daysAgo(i) : null,
          `203.0.113.${i + 1}`,
          pick(statuses, i),
          i % 5 === 0 ? 'Asked for an API trial' : '',
          daysAgo(i),
        ],
      );
      await client.query(
        `insert into registration_logs (email, ip_address, user_agent, action, success, created_at)
         values ($1, $2, 'Mozilla/5.0 (seed)', 'waitlist_attempt', true, $3)`,
        [email, `203.0.113.${i + 1}`, daysAgo(i)],
      );
    }
  }
  if (await notSeeded('vpn_requests', 'user_email')) {
    for (let i = 0; i < 15; i++) {
      const [name, pkg] = pick(vpns, i);
      const verified = i % 3 !== 0;
      const created = daysAgo(i * 2);
      const number = verified
        ? `VPN-${created.toISOString().slice(0, 10).replace(/-/g, '')}-SEED${String(i).padStart(2, '0')}`
        : null;
      await client.query(
        `insert into vpn_requests (vpn_name, playstore_link, user_email, additional_info, request_number, is_verified,
           verified_at, ip_address, user_agent, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'Mozilla/5.0 (seed)', $9, $10)`,
        [
          name,
          `https://play.google.com/store/apps/details?id=${pkg}`,
          seedEmail(`risk${i}`, pick(companies, i + 2)),
          'Seen in our login traffic; please add detection.',
          number,
          verified,
          verified ? created : null,
          `198.51.100.${i + 1}`,
          pick(statuses, i),
          created,
        ],
      );
    }
  }
  if (await notSeeded('contact_forms', 'email')) {
    for (let i = 0; i < 15; i++) {
      const verified = i % 3 !== 1;
      await client.query(
        `insert into contact_forms (name, email, subject, message, consent, has_marketing, is_verified, verified_at,
           ip_address, status, created_at)
         values ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10)`,
        [
          `Contact Person ${i}`,
          seedEmail(`buyer${i}`, pick(companies, i + 1)),
          pick(['Enterprise pricing', 'API limits', 'Data coverage in APAC', 'Security review'], i),
          'We would like to understand how your VPN detection fits our onboarding checks.',
          i % 2 === 0,
          verified,
          verified ? daysAgo(i) : null,
          `192.0.2.${i + 1}`,
          pick(statuses, i),
          daysAgo(i),
        ],
      );
    }
  }
  await client.query('commit');
  console.log('db:seed: development data is in place');
} catch (err) {
  await client.query('rollback');
  throw err;
} finally {
  await client.end();
}
