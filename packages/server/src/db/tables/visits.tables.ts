import type { FieldAgentRole, VisitAgenda, VisitStatus } from '@traction/core';
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../column-types';

/** A sales agent, MSO, DSR or CSR (0044). */
export interface FieldAgentsTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased; unique. */
  email: string;
  /** `+234XXXXXXXXXX`. */
  phone: string;
  role: FieldAgentRole;
  state_code: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

/** The CSR managing a merchant (0044): one per merchant. */
export interface MerchantCsrTable {
  business_id: number;
  csr_agent_id: number | null;
  since: Timestamp;
  /** The CSR also onboarded the merchant. */
  onboarded: Generated<boolean>;
}

/** A merchant visit (0044). */
export interface VisitsTable {
  id: Generated<number>;
  agent_id: number;
  business_id: number;
  agenda: VisitAgenda;
  location: string;
  state_code: string;
  scheduled_for: Timestamp;
  duration_minutes: Generated<number>;
  status: Generated<VisitStatus>;
  note: string | null;
  outcome: string | null;
  logged_at: Timestamp | null;
  logged_by: number | null;
  form_id: number | null;
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A change of a visit (0044). */
export interface VisitEventsTable {
  id: Generated<number>;
  visit_id: number;
  kind: 'SCHEDULED' | 'DONE' | 'MISSED' | 'CANCELLED';
  note: string | null;
  admin_id: number | null;
  at: Timestamp;
}
