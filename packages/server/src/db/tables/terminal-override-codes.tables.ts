import type { Generated } from 'kysely';
import type { OverrideCodePurpose } from '@traction/core';
import type { CreatedAt, Timestamp } from '../column-types';

/** A terminal override code, kept as its hash (0030). */
export interface TerminalOverrideCodesTable {
  id: Generated<number>;
  terminal_id: number | null;
  purpose: OverrideCodePurpose;
  note: string | null;
  code_hash: string;
  created_by: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: number | null;
  used_on_terminal_id: number | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
  revoke_reason: string | null;
}
