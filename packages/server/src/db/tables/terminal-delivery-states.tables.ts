import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../column-types';

/** A step of terminal deliveries (0033). */
export interface TerminalDeliveryStatesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  position: number;
  active: Generated<boolean>;
  delivered: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
