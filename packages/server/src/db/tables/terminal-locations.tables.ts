import type { ColumnType, Generated } from 'kysely';
import type { TerminalLocationKind } from '@traction/core';
import type { CreatedAt, Timestamp } from '../column-types';

/** A named place terminals are stocked in or deployed from (0031). */
export interface TerminalLocationsTable {
  id: Generated<number>;
  name: string;
  address: string;
  state_code: string;
  lga: string | null;
  kind: TerminalLocationKind;
  capacity: number | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  removed_at: Timestamp | null;
}
