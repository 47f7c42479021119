export { migrate, migrations, MIGRATION_TABLE } from './migrations/index.js';
