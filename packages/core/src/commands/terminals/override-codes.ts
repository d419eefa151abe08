import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField, timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';
import { tidField } from './terminals';

/**
 * Terminal override codes (docs/decisions.md "Terminals"): a one-time code that lets a field
 * officer override a terminal's device lock, for one terminal or any, for a purpose. The server
 * keeps only its SHA-256; the code itself is answered once, when it is issued.
 */

/** Why a code is issued: what the field officer is about to do at the terminal. */
export const OVERRIDE_CODE_PURPOSES = ['DEPLOYMENT', 'MAINTENANCE', 'RETRIEVAL', 'LOCK_RESET'] as const;
export type OverrideCodePurpose = (typeof OVERRIDE_CODE_PURPOSES)[number];
export const OVERRIDE_CODE_PURPOSE_WORDS: Record<OverrideCodePurpose, string> = {
  DEPLOYMENT: 'Deployment set-up',
  MAINTENANCE: 'Maintenance or repair',
  RETRIEVAL: 'Retrieval',
  LOCK_RESET: 'Lock reset (tamper or PIN)',
};

/** Where a code stands. Expired is not stored: a code is expired once its time passed unused and unrevoked. */
export const OVERRIDE_CODE_STATUSES = ['ACTIVE', 'USED', 'EXPIRED', 'REVOKED'] as const;
export type OverrideCodeStatus = (typeof OVERRIDE_CODE_STATUSES)[number];
export const OVERRIDE_CODE_STATUS_WORDS: Record<OverrideCodeStatus, string> = { ACTIVE: 'Active', USED: 'Used', EXPIRED: 'Expired', REVOKED: 'Revoked' };

/** How long a code works unless the issuer says otherwise, and the bounds they may choose: an hour to a week. */
export const OVERRIDE_CODE_DEFAULT_HOURS = 24;
export const OVERRIDE_CODE_MIN_HOURS = 1;
export const OVERRIDE_CODE_MAX_HOURS = 168;
/** Digits in a code: typed on a POS keypad, so digits only; shown in groups of four. */
export const OVERRIDE_CODE_DIGITS = 12;

/** A code's status at `now`: revoked and used are kept; expired follows from the time. */
export function overrideCodeStatus(code: { usedAt: unknown; revokedAt: unknown; expiresAt: Date | string }, now: Date): OverrideCodeStatus {
  if (code.revokedAt) return 'REVOKED';
  if (code.usedAt) return 'USED';
  return new Date(code.expiresAt).getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}

/** A code as people read it: `4821 0937 5512`. */
export const formatOverrideCode = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** A code as typed: spaces and dashes between the groups are dropped. */
export const overrideCodeField = z
  .string()
  .min(OVERRIDE_CODE_DIGITS, `must be the ${OVERRIDE_CODE_DIGITS} digits of the code`)
  .max(40)
  .meta({ examples: ['1234 5678 9012'] })
  .transform((text) => text.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${OVERRIDE_CODE_DIGITS}}$`), `must be the ${OVERRIDE_CODE_DIGITS} digits of the code`))
  .meta({ label: 'Override code' });

const purposeField = z.enum(OVERRIDE_CODE_PURPOSES).meta({ label: 'Purpose' });
const statusField = z.enum(OVERRIDE_CODE_STATUSES).meta({ label: 'Status' });

export const overrideCodeRow = z.object({
  id: z.number().int(),
  /** The terminal it works on (its record id), or null for any terminal. */
  terminal: z.number().int().nullable(),
  /** That terminal's TID, or null for any terminal. */
  terminalId: z.string().nullable(),
  serialNo: z.string().nullable(),
  /** `TID (serial)` or "Any terminal", for tables. */
  terminalName: z.string(),
  purpose: purposeField,
  note: z.string().nullable(),
  status: statusField,
  createdBy: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  usedAt: timestamp.nullable(),
  usedBy: z.string().nullable(),
  /** Where it was used: the TID it was redeemed on (a code for any terminal names the one it opened). */
  usedOnTerminalId: z.string().nullable(),
  revokedAt: timestamp.nullable(),
  revokedBy: z.string().nullable(),
  revokeReason: z.string().nullable(),
});
export type OverrideCodeRow = z.infer<typeof overrideCodeRow>;

export const listOverrideCodes = defineCommand({
  id: 'terminal-override-codes.list',
  group: 'terminal-override-codes',
  action: 'list',
  title: 'List terminal override codes',
  description:
    'Override codes issued, newest first: the terminal (or any), purpose, who issued it and when, when it expires, and whether it is active, used, expired or revoked. The codes themselves are never shown again. Search matches a terminal ID or serial number exactly.',
  keywords: ['override code', 'list_over_ride_code', 'device lock', 'unlock terminal'],
  method: 'GET',
  path: '/v1/stores/list_over_ride_code',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, search: searchField.optional(), status: statusField.optional(), purpose: purposeField.optional() }),
  output: listOutput(overrideCodeRow),
  list: {
    route: '/terminal-override-code',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'terminalName',
    csv: true,
    columns: [
      { key: 'id', label: 'Code #', kind: 'id' },
      { key: 'terminalName', label: 'Terminal', kind: 'text', priority: 'high' },
      { key: 'purpose', label: 'Purpose', kind: 'enum', words: OVERRIDE_CODE_PURPOSE_WORDS, priority: 'medium' },
      { key: 'status', label: 'Status', kind: 'enum', words: OVERRIDE_CODE_STATUS_WORDS, priority: 'high' },
      { key: 'createdBy', label: 'Issued by', kind: 'text', priority: 'medium' },
      { key: 'createdAt', label: 'Issued', kind: 'datetime', priority: 'low' },
      { key: 'expiresAt', label: 'Expires', kind: 'datetime' },
      { key: 'usedAt', label: 'Used', kind: 'datetime', priority: 'low' },
      { key: 'usedBy', label: 'Used by', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction terminal-override-codes list --status ACTIVE',
});

export const createOverrideCode = defineCommand({
  id: 'terminal-override-codes.create',
  group: 'terminal-override-codes',
  action: 'create',
  title: 'Issue a terminal override code',
  description: `A single-use code that overrides the device lock of one terminal (by its terminal ID), or of any terminal when none is named, for a purpose. It works for ${OVERRIDE_CODE_DEFAULT_HOURS} hours unless you choose between ${OVERRIDE_CODE_MIN_HOURS} and ${OVERRIDE_CODE_MAX_HOURS}. The code is in this answer only: it is stored hashed and never shown again.`,
  keywords: ['new override code', 'unlock terminal', 'device lock', 'new-terminal-override-code'],
  method: 'POST',
  path: '/v1/stores/create_over_ride_code',
  permission: 'terminals.override',
  danger: 'confirm',
  // The answer carries the code: never kept for replays.
  idempotency: 'none',
  audit: {
    action: (input) =>
      `issue a terminal override code for ${said(input.terminal_id) ? `terminal ${said(input.terminal_id)}` : 'any terminal'}${said(input.purpose) ? ` (${said(input.purpose).toLowerCase().replace('_', ' ')})` : ''}`,
    note: 'note',
  },
  input: z.object({
    /** Left out: the code works on any terminal. */
    terminal_id: tidField.optional(),
    purpose: purposeField,
    note: z.string().trim().max(300).optional().meta({ label: 'Note' }),
    validForHours: z
      .number()
      .int('must be whole hours')
      .min(OVERRIDE_CODE_MIN_HOURS, `must be at least ${OVERRIDE_CODE_MIN_HOURS} hour`)
      .max(OVERRIDE_CODE_MAX_HOURS, `must be at most ${OVERRIDE_CODE_MAX_HOURS} hours (7 days)`)
      .default(OVERRIDE_CODE_DEFAULT_HOURS)
      .meta({ label: 'Valid for (hours)' }),
  }),
  output: overrideCodeRow.extend({
    /** The code, in groups of four. Shown this once: only its hash is kept. */
    code: z.string(),
  }),
  example: 'traction terminal-override-codes create --terminal-id 2TRC0123 --purpose LOCK_RESET --valid-for-hours 4',
});

export const revokeOverrideCode = defineCommand({
  id: 'terminal-override-codes.revoke',
  group: 'terminal-override-codes',
  action: 'revoke',
  title: 'Revoke a terminal override code',
  description:
    'Stops an active code from working (it was sent to the wrong person, the visit was called off). A used, expired or revoked code is refused, saying which.',
  keywords: ['cancel override code', 'revoke code'],
  method: 'POST',
  path: '/v1/stores/over_ride_code/{id}/revoke',
  permission: 'terminals.override',
  danger: 'confirm',
  audit: { action: (input) => `revoke terminal override code #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({
    id: idField.meta({ label: 'Code #' }),
    reason: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
  }),
  output: overrideCodeRow,
  example: 'traction terminal-override-codes revoke --id 12 --reason "Visit called off"',
});

export const redeemOverrideCode = defineCommand({
  id: 'terminal-override-codes.redeem',
  group: 'terminal-override-codes',
  action: 'redeem',
  title: 'Use a terminal override code',
  description:
    'Checks a code typed at a terminal and spends it: it works once, on the terminal it was issued for (or any, if it named none), until it expires. A code that does not match is refused without saying more; a used, expired or revoked one is refused saying which.',
  keywords: ['verify override code', 'redeem code', 'unlock terminal'],
  method: 'POST',
  path: '/v1/stores/redeem_over_ride_code',
  permission: 'terminals.manage',
  // Never kept for replays, not even as the hash of a body holding the code; a retry after a lost answer is told the code was used, when and by whom.
  idempotency: 'none',
  audit: { action: (input) => `use an override code on terminal ${said(input.terminal_id) || '(no terminal ID)'}` },
  input: z.object({ terminal_id: tidField, code: overrideCodeField }),
  output: overrideCodeRow,
  example: 'traction terminal-override-codes redeem --terminal-id 2TRC0123 --code "4821 0937 5512"',
});
