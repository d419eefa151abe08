import type { ColumnType, Generated } from 'kysely';
import type { SavingsPlan, WaitlistSource } from '@traction/core';

type NullableKobo = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;

/** One person on the savings wait-list (0036). */
export interface SavingsWaitlistTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased; unique. */
  email: string;
  /** `+234XXXXXXXXXX`. */
  phone: string;
  business_id: number | null;
  plan: SavingsPlan;
  /** Kobo a month; null: not said. */
  monthly_amount: NullableKobo;
  state_code: string | null;
  source: WaitlistSource;
  joined_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
