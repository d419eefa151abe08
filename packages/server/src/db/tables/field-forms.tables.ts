import type { FieldFormKind, FieldOfficerRole, SimAction, SimNetwork } from '@traction/core';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

/** A form a field officer submitted from the merchant-support app (0042). */
export interface FieldFormsTable {
  id: Generated<number>;
  kind: FieldFormKind;
  officer_name: string;
  /** Lower-cased. */
  officer_email: string;
  /** `+234XXXXXXXXXX`. */
  officer_phone: string;
  officer_role: FieldOfficerRole;
  business_id: number | null;
  /** The terminal's record id (terminals.id), not its TID. */
  terminal_id: number | null;
  state_code: string;
  area: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  submitted_at: Timestamp;
  /** Question key → answer; written as JSON text. */
  answers: ColumnType<Record<string, string>, string, string>;
  summary: Generated<string>;
  sim_action: SimAction | null;
  sim_network: SimNetwork | null;
  sim_serial: string | null;
  visit_id: number | null;
  created_at: CreatedAt;
}

/** A photo taken with a form (0042); its bytes are in the file store under `file_key`. */
export interface FieldFormPhotosTable {
  id: Generated<number>;
  form_id: number;
  caption: Generated<string>;
  file_key: string;
  content_type: 'image/jpeg' | 'image/png';
  size_bytes: number;
  sha256: string;
  created_at: CreatedAt;
}
