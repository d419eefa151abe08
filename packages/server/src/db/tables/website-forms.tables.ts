import type { ChargebackClaimant, HelpDeskState, WebsiteFormAction, WebsiteFormKind, WebsiteFormStatus } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../column-types';

type NullableKobo = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
type NullableMoment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Moment = ColumnType<Date, Date | string | undefined, Date | string>;

/** A submission of a public form (0040): a chargeback or a support request. */
export interface WebsiteFormsTable {
  id: Generated<number>;
  kind: WebsiteFormKind;
  status: ColumnType<WebsiteFormStatus, WebsiteFormStatus | undefined, WebsiteFormStatus>;
  name: string;
  /** Lower-cased. */
  email: string;
  /** `+234XXXXXXXXXX`. */
  phone: string;
  business_name: string | null;
  subject: string;
  message: string;
  claimant: ChargebackClaimant | null;
  terminal_id: string | null;
  rrn: string | null;
  amount: NullableKobo;
  /** YYYY-MM-DD. */
  transaction_date: string | null;
  payment_id: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  evidence_name: string | null;
  evidence_type: string | null;
  evidence_size: number | null;
  evidence_sha256: string | null;
  /** Where the file store keeps the evidence's bytes. */
  evidence_key: string | null;
  assigned_to: number | null;
  assigned_at: NullableMoment;
  replies: Generated<number>;
  last_replied_at: NullableMoment;
  resolution: string | null;
  resolved_by: number | null;
  resolved_at: NullableMoment;
  help_desk_state: HelpDeskState | null;
  help_desk_ticket: string | null;
  help_desk_attempts: Generated<number>;
  help_desk_error: string | null;
  help_desk_next_at: NullableMoment;
  help_desk_delivered_at: NullableMoment;
  submitted_ip: Generated<string>;
  created_at: Moment;
  updated_at: Moment;
}

/** One move of a submission (0040); the first, with no action, is its arrival. */
export interface WebsiteFormEventsTable {
  id: Generated<number>;
  form_id: number;
  action: WebsiteFormAction | null;
  from_status: WebsiteFormStatus | null;
  to_status: WebsiteFormStatus;
  note: string | null;
  admin_id: number | null;
  at: Timestamp;
}
