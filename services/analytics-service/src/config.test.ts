import { randomBytes } from 'node:crypto';
import { configSchema } from './config.js';

describe('the production configuration', () => {
  const privateProduction = {
    NODE_ENV: 'production',
    INTERNAL_SHARED_SECRET: randomBytes(32).toString('base64'),
    IPDB_URL: 'postgres://analytics:private-password-7f3a9c@db:5432/tunnelscope_ipdb',
    DATABASE_URL: 'postgres://analytics:private-password-7f3a9c@db:5432/tunnelscope',
  };

  it('accepts private database passwords', () => {
    expect(configSchema.safeParse(privateProduction).success).toBe(true);
  });

  // The application database holds admin_logs (issue 13: requested refreshes are audited there).
  it.each([
    ['the IP database', { IPDB_URL: 'postgres://postgres:postgres@db:5432/tunnelscope_ipdb' }],
    ['the application database', { DATABASE_URL: 'postgres://postgres:postgres@db:5432/tunnelscope' }],
  ])('refuses the Postgres password of compose for %s', (_what, change) => {
    expect(configSchema.safeParse({ ...privateProduction, ...change }).success).toBe(false);
  });
});
