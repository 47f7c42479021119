import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';

/**
 * Serialises submissions of one form for one address until the transaction ends, so two quick
 * resends reuse one row instead of racing to create two.
 */
export async function lockFormEmail(trx: Executor, form: string, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${form}:${email.toLowerCase()}`}, 0))`.execute(
    trx,
  );
}
