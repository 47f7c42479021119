// `node dist/cli/migrate.js`: migrates the admin tables (a Kubernetes Job or a compose one-shot).
import { loadMigrateConfig } from '../config.js';
import { migrate } from '../migrations/index.js';

await migrate(loadMigrateConfig().DATABASE_URL);
console.warn('auth-service: migrations are up to date');
