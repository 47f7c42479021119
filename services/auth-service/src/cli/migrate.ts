// `node dist/cli/migrate.js`: migrates the admin tables (a Kubernetes Job or a compose one-shot).
import { DEFAULT_DATABASE_URL } from '@tunnelscope/service-kit';
import { migrate } from '../migrations/index.js';

await migrate(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
console.warn('auth-service: migrations are up to date');
