import pg from 'pg';
import { createTestDatabase, uniqueRedisPrefix, waitFor } from '../src/database.js';

describe('createTestDatabase', () => {
  it('creates an empty database of its own and drops it', async () => {
    const db = await createTestDatabase('kit Self-Test');
    expect(new URL(db.url).pathname).toMatch(/^\/ts_test_kit_self_test_[0-9a-f]{8}$/);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const tables = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    await client.end();
    expect(tables.rows[0]).toEqual({ n: 0 });

    await db.drop();
    const admin = new pg.Client({ connectionString: db.url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const left = await admin.query('select 1 from pg_database where datname = $1', [
      new URL(db.url).pathname.slice(1),
    ]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});

describe('uniqueRedisPrefix', () => {
  it('never gives two suites the same prefix', () => {
    expect(uniqueRedisPrefix('a b')).toMatch(/^test:a-b:[0-9a-f]{8}$/);
    expect(uniqueRedisPrefix('x')).not.toBe(uniqueRedisPrefix('x'));
  });
});

describe('waitFor', () => {
  it('resolves with the first truthy value and rejects when time runs out', async () => {
    let n = 0;
    await expect(waitFor(() => (++n >= 3 ? n : 0), { intervalMs: 1 })).resolves.toBe(3);
    await expect(waitFor(() => false, { timeoutMs: 30, intervalMs: 5 })).rejects.toThrow(
      'not met within 30 ms',
    );
  });
});
