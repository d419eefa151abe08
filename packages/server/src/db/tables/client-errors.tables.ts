import type { Generated } from 'kysely';
import type { Timestamp } from '../column-types';

/** A console render error reported by a signed-in admin (0011). */
export interface ClientErrorsTable {
  id: Generated<number>;
  at: Timestamp;
  admin_id: number | null;
  admin_email: string | null;
  message: string;
  stack: string | null;
  /** The page's path, without its query. */
  route: string;
  /** The console build: its entry file, `index-4f2a9c.js`. */
  console_version: string;
  user_agent: string | null;
  request_id: string | null;
}
