import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@tunnelscope/test-kit';
import { createIpdb } from './helpers.js';
import { migrate } from '@tunnelscope/ipdb-schema';

/** Every index and constraint of the schema, as the catalog describes it. */
async function schemaDdl(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ddl: string }>(`
      select format('%s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as ddl
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select pg_get_indexdef(indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relnamespace = 'public'::regnamespace
      order by 1`);
    return rows.map((r) => r.ddl);
  } finally {
    await client.end();
  }
}

describe('the generated IP database', () => {
  let generated: TestDatabase;
  let fresh: TestDatabase;

  beforeAll(async () => {
    generated = await createIpdb('dataset');
    fresh = await createTestDatabase('dataset_fresh');
    await migrate(fresh.url);
  });
  afterAll(async () => {
    await generated?.drop();
    await fresh?.drop();
  });

  it('has exactly the indexes and constraints the migrations define (the bulk load restores them)', async () => {
    const expected = await schemaDdl(fresh.url);
    expect(expected.length).toBeGreaterThan(20);
    expect(await schemaDdl(generated.url)).toEqual(expected);
  });

  it('has moved every identity sequence past the rows it wrote', async () => {
    const client = new pg.Client({ connectionString: generated.url });
    await client.connect();
    try {
      const vendor = await client.query(
        `insert into vendors (name, origin_country) values ('Sequence Check', 'DE') returning id`,
      );
      const { rows } = await client.query(
        `select max(id) as max from vendors where name <> 'Sequence Check'`,
      );
      expect(vendor.rows[0].id).toBeGreaterThan(rows[0].max);
    } finally {
      await client.end();
    }
  });
});
