import { createTestDatabase } from '@tunnelscope/test-kit';
import { createIpdb } from '../src/ipdb/ipdb.js';

describe('the IP database pool', () => {
  it("gives a lent-out client an 'error' listener, so a server going away mid-query cannot end the process", async () => {
    const database = await createTestDatabase('analytics_pool');
    const ipdb = createIpdb(database.url, { max: 1, connectTimeoutMs: 5000, statementTimeoutMs: 5000 });
    try {
      const client = await ipdb.pool.connect();
      try {
        // What pg does when the server drops the connection of a client in use: without a
        // listener, EventEmitter throws the error (an uncaught exception in production).
        expect(() => client.emit('error', new Error('Connection terminated unexpectedly'))).not.toThrow();
      } finally {
        client.release(true);
      }
    } finally {
      await ipdb.destroy();
      await database.drop();
    }
  });
});
