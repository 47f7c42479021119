/**
 * Applies the IP database's migrations (packages/ipdb-schema) to IPDB_URL, creating the database
 * when it is missing. analytics-service owns that database; the root `pnpm db:migrate` runs this.
 */
import { migrate } from '@tunnelscope/ipdb-schema';
import { loadConfig } from '../config.js';

const config = loadConfig();
await migrate(config.IPDB_URL);
process.stdout.write('analytics-service: migrations applied\n');
