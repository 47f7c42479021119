/** Applies lookup-service migrations to DATABASE_URL (the root `pnpm db:migrate` runs every service's). */
import { loadConfig } from '../config.js';
import { migrate } from '../migrations/index.js';

const config = loadConfig();
await migrate(config.DATABASE_URL);
process.stdout.write('lookup-service: migrations applied\n');
