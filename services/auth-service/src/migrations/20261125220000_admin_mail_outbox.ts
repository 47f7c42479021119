/**
 * `admin_mail_outbox` (issue 13, item 14): mails that must go out because of a committed change
 * (an admin's password reset), written in the change's own transaction, relayed to the mail queue
 * after the commit and retried until the queue takes them. The job is stored sealed (it carries a
 * password in clear) and the row is deleted once queued. Frozen in time: this file never imports
 * application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The queue's job id: a retried enqueue of the same mail is a no-op there.
    .addColumn('job_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('sealed_job', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('admin_mail_outbox_due_idx')
    .on('admin_mail_outbox')
    .columns(['next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_mail_outbox').ifExists().execute();
}
