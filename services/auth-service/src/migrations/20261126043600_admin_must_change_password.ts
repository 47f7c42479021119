/**
 * Issue 16, item 8: `admin_users.must_change_password`. Set by an admin's password reset and by
 * the Add Admin User dialog (whoever chose that password is not its owner); cleared when the
 * operator chooses their own. Until then every admin call but the choice itself is refused.
 * Existing accounts keep working: the default is false. Frozen in time: imports no application code.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin_users').dropColumn('must_change_password').execute();
}
