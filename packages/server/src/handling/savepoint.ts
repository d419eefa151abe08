import { sql } from 'kysely';
import type { Db } from '../db/connect';

let counter = 0;

/**
 * Runs `work` under a savepoint of the caller's transaction: if it throws, only its own writes are
 * undone and the error passes on, so a bulk command can skip one refused row and keep the rest.
 */
export async function withSavepoint<T>(db: Db, work: () => Promise<T>): Promise<T> {
  counter = (counter + 1) % 1_000_000;
  const name = sql.raw(`sp_${counter}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const result = await work();
    await sql`release savepoint ${name}`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(db);
    throw error;
  }
}
