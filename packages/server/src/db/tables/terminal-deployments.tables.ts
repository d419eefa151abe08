import type { ColumnType, Generated } from 'kysely';
import type { DeploymentRejection, DeploymentReportResult, FieldOfficerRole } from '@traction/core';
import type { CreatedAt, Timestamp } from '../column-types';

/** A deployment code, kept as its hash (0034). */
export interface TerminalDeploymentCodesTable {
  id: Generated<number>;
  terminal_id: number;
  business_id: number;
  request_id: number | null;
  officer_name: string;
  officer_phone: string;
  officer_role: FieldOfficerRole;
  note: string | null;
  code_hash: string;
  created_by: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoke_reason: string | null;
}

/** What a terminal reported with a deployment code, accepted or not (0034). */
export interface TerminalDeploymentReportsTable {
  id: Generated<number>;
  received_at: Timestamp;
  sent_terminal_id: string;
  sent_serial_no: string;
  latitude: number;
  longitude: number;
  terminal_id: number | null;
  code_id: number | null;
  result: DeploymentReportResult;
  reason: DeploymentRejection | null;
  message: string;
  ip: string | null;
}

/** A terminal deployed with a code (0034). */
export interface TerminalDeploymentsTable {
  id: Generated<number>;
  terminal_id: number;
  business_id: number;
  store_id: number | null;
  request_id: number | null;
  code_id: number;
  report_id: number;
  officer_name: string;
  officer_phone: string;
  officer_role: FieldOfficerRole;
  latitude: number;
  longitude: number;
  deployed_at: ColumnType<Date, Date | string, never>;
}
