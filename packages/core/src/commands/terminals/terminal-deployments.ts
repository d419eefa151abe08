import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { phoneField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';
import { OVERRIDE_CODE_STATUS_WORDS, OVERRIDE_CODE_STATUSES, overrideCodeStatus } from './override-codes';
import { serialNumberField, tidField } from './terminals';

/**
 * Terminal deployments (docs/decisions.md "Terminals"). An admin issues a deployment code for one
 * terminal in transit to a field officer (an MSO, a DSR or a sales agent); at the merchant's
 * store the terminal reports itself with that code and where it is; an accepted report deploys
 * the terminal (and its request once all its terminals are) and is kept as a deployment. Every
 * report is kept, accepted or not, as the deployment responses.
 */

/** Who takes terminals to merchants. */
export const FIELD_OFFICER_ROLES = ['MSO', 'DSR', 'SALES_AGENT'] as const;
export type FieldOfficerRole = (typeof FIELD_OFFICER_ROLES)[number];
export const FIELD_OFFICER_ROLE_WORDS: Record<FieldOfficerRole, string> = {
  MSO: 'MSO',
  DSR: 'DSR',
  SALES_AGENT: 'Sales agent',
};

/** Digits in a deployment code: typed on the terminal's keypad by the officer. */
export const DEPLOYMENT_CODE_DIGITS = 6;
/** How long a code works unless the issuer says otherwise (three days on the road), and the bounds: an hour to a week. */
export const DEPLOYMENT_CODE_DEFAULT_HOURS = 72;
export const DEPLOYMENT_CODE_MIN_HOURS = 1;
export const DEPLOYMENT_CODE_MAX_HOURS = 168;

/** A code as people read it out: `482 193`. */
export const formatDeploymentCode = (digits: string) => digits.replace(/^(\d{3})(\d{3})$/, '$1 $2');

/** Where a code stands: revoked (replaced by a newer one) and used are kept; expired follows from the time, as for override codes. */
export const DEPLOYMENT_CODE_STATUSES = OVERRIDE_CODE_STATUSES;
export type DeploymentCodeStatus = (typeof DEPLOYMENT_CODE_STATUSES)[number];
export const DEPLOYMENT_CODE_STATUS_WORDS: Record<DeploymentCodeStatus, string> = { ...OVERRIDE_CODE_STATUS_WORDS, REVOKED: 'Replaced' };
export const deploymentCodeStatus = overrideCodeStatus;

/** What became of a device's report. */
export const DEPLOYMENT_REPORT_RESULTS = ['ACCEPTED', 'REJECTED'] as const;
export type DeploymentReportResult = (typeof DEPLOYMENT_REPORT_RESULTS)[number];
export const DEPLOYMENT_REPORT_RESULT_WORDS: Record<DeploymentReportResult, string> = { ACCEPTED: 'Accepted', REJECTED: 'Rejected' };

/**
 * Why a report was rejected. The device is told the same thing for an unknown terminal and a
 * wrong code (a guess learns nothing); the console shows which it was.
 */
export const DEPLOYMENT_REJECTIONS = [
  'UNKNOWN_TERMINAL',
  'WRONG_CODE',
  'EXPIRED',
  'USED',
  'REVOKED',
  'NOT_IN_TRANSIT',
  'REQUEST_NOT_DELIVERED',
  'TOO_MANY_ATTEMPTS',
] as const;
export type DeploymentRejection = (typeof DEPLOYMENT_REJECTIONS)[number];
export const DEPLOYMENT_REJECTION_WORDS: Record<DeploymentRejection, string> = {
  UNKNOWN_TERMINAL: 'Unknown terminal',
  WRONG_CODE: 'Wrong code',
  EXPIRED: 'Code expired',
  USED: 'Code already used',
  REVOKED: 'Code replaced',
  NOT_IN_TRANSIT: 'Terminal not in transit',
  REQUEST_NOT_DELIVERED: 'Request not delivered',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes',
};

const CODE_RULE = `must be the ${DEPLOYMENT_CODE_DIGITS} digits of the deployment code`;
/** A deployment code as typed: spaces and dashes are dropped. */
export const deploymentCodeField = z
  .string()
  .min(DEPLOYMENT_CODE_DIGITS, CODE_RULE)
  .max(20, CODE_RULE)
  .meta({ examples: ['4821 93'] })
  .transform((text) => text.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${DEPLOYMENT_CODE_DIGITS}}$`), CODE_RULE))
  .meta({ label: 'Deployment code' });

export const officerRoleField = z.enum(FIELD_OFFICER_ROLES).meta({ label: 'Officer role' });
const codeStatusField = z.enum(DEPLOYMENT_CODE_STATUSES).meta({ label: 'Status' });
const resultField = z.enum(DEPLOYMENT_REPORT_RESULTS).meta({ label: 'Result' });
const rejectionField = z.enum(DEPLOYMENT_REJECTIONS).meta({ label: 'Why rejected' });
const latitudeField = z.number().min(-90, 'must be a latitude, -90 to 90').max(90, 'must be a latitude, -90 to 90').meta({ label: 'Latitude' });
const longitudeField = z.number().min(-180, 'must be a longitude, -180 to 180').max(180, 'must be a longitude, -180 to 180').meta({ label: 'Longitude' });
const rangeFields = {
  startdatetime: dateTimeParam.optional().meta({ label: 'From' }),
  enddatetime: dateTimeParam.optional().meta({ label: 'To' }),
};

export const deploymentCodeRow = z.object({
  id: z.number().int(),
  /** The terminal it deploys (its record id). */
  terminal: z.number().int(),
  terminalId: z.string(),
  serialNo: z.string(),
  /** `TID (serial)`, for tables. */
  terminalName: z.string(),
  /** The merchant the terminal was on its way to when the code was issued. */
  businessId: z.number().int(),
  businessName: z.string(),
  /** The request the terminal was sent for, if any. */
  requestId: z.number().int().nullable(),
  officerName: z.string(),
  officerPhone: z.string(),
  officerRole: officerRoleField,
  note: z.string().nullable(),
  status: codeStatusField,
  createdBy: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  usedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  /** Why it stopped working early: replaced by a newer code. */
  revokeReason: z.string().nullable(),
});
export type DeploymentCodeRow = z.infer<typeof deploymentCodeRow>;

export const listDeploymentCodes = defineCommand({
  id: 'terminal-deployment-codes.list',
  group: 'terminal-deployment-codes',
  action: 'list',
  title: 'List terminal deployment codes',
  description:
    'Deployment codes issued, newest first: the terminal and its merchant, the field officer it was given to, who issued it, when it expires, and whether it is active, used, expired or replaced. The codes themselves are never shown again. Search matches a terminal ID or serial number exactly, or the start of an officer’s name.',
  keywords: ['deployment code', 'terminaldeploymentcode', 'field officer code'],
  method: 'GET',
  path: '/v1/stores/terminaldeploymentcode',
  permission: 'terminals.view',
  input: z.object({
    ...listPaging,
    ...rangeFields,
    search: searchField.optional(),
    status: codeStatusField.optional(),
    officerRole: officerRoleField.optional(),
  }),
  output: listOutput(deploymentCodeRow),
  list: {
    route: '/terminal-deployment-codes',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/terminals/{terminal}',
    rowName: 'terminalName',
    csv: true,
    columns: [
      { key: 'id', label: 'Code #', kind: 'id' },
      { key: 'terminalName', label: 'Terminal', kind: 'text', priority: 'high' },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'officerName', label: 'Officer', kind: 'text', priority: 'high' },
      { key: 'officerRole', label: 'Role', kind: 'enum', words: FIELD_OFFICER_ROLE_WORDS, priority: 'medium' },
      { key: 'officerPhone', label: 'Officer phone', kind: 'text', priority: 'low', width: 17 },
      { key: 'status', label: 'Status', kind: 'enum', words: DEPLOYMENT_CODE_STATUS_WORDS, priority: 'high' },
      { key: 'createdBy', label: 'Issued by', kind: 'text', priority: 'low' },
      { key: 'createdAt', label: 'Issued', kind: 'datetime', priority: 'low' },
      { key: 'expiresAt', label: 'Expires', kind: 'datetime' },
      { key: 'usedAt', label: 'Used', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction terminal-deployment-codes list --status ACTIVE --officer-role MSO',
});

export const issueDeploymentCode = defineCommand({
  id: 'terminal-deployment-codes.create',
  group: 'terminal-deployment-codes',
  action: 'create',
  title: 'Issue a terminal deployment code',
  description: `A ${DEPLOYMENT_CODE_DIGITS}-digit code for one terminal in transit, given to the field officer taking it to its merchant: typed on the terminal at the store, it deploys it. It works once, for ${DEPLOYMENT_CODE_DEFAULT_HOURS} hours unless you choose between ${DEPLOYMENT_CODE_MIN_HOURS} and ${DEPLOYMENT_CODE_MAX_HOURS}; a new code for the same terminal replaces the one before. The code is in this answer only: it is stored hashed and never shown again.`,
  keywords: ['deployment code', 'terminaldeploymentcode', 'deploy terminal', 'MSO', 'DSR', 'sales agent'],
  method: 'POST',
  path: '/v1/stores/terminaldeploymentcode',
  permission: 'terminals.deploy',
  // The answer carries the code: never kept for replays.
  idempotency: 'none',
  audit: {
    action: (input) =>
      `issue a deployment code for terminal ${said(input.terminal_id) || '?'}${said(input.officerName) ? ` to ${said(input.officerName)}` : ''}${said(input.officerRole) ? ` (${said(input.officerRole).replace('_', ' ').toLowerCase()})` : ''}`,
    note: 'note',
  },
  input: z.object({
    terminal_id: tidField,
    officerName: z.string().trim().min(2).max(120).meta({ label: 'Officer name' }),
    officerPhone: phoneField.meta({ label: 'Officer phone' }),
    officerRole: officerRoleField,
    validForHours: z
      .number()
      .int('must be whole hours')
      .min(DEPLOYMENT_CODE_MIN_HOURS, `must be at least ${DEPLOYMENT_CODE_MIN_HOURS} hour`)
      .max(DEPLOYMENT_CODE_MAX_HOURS, `must be at most ${DEPLOYMENT_CODE_MAX_HOURS} hours (7 days)`)
      .default(DEPLOYMENT_CODE_DEFAULT_HOURS)
      .meta({ label: 'Valid for (hours)' }),
    note: z.string().trim().max(300).optional().meta({ label: 'Note' }),
  }),
  output: deploymentCodeRow.extend({
    /** The code, `482 193`. Shown this once: only its hash is kept. */
    code: z.string(),
  }),
  example: 'traction terminal-deployment-codes create --terminal-id 2TRC0123 --officer-name "Ada Obi" --officer-phone 08031234567 --officer-role MSO',
});

export const revokeDeploymentCode = defineCommand({
  id: 'terminal-deployment-codes.revoke',
  group: 'terminal-deployment-codes',
  action: 'revoke',
  title: 'Revoke a terminal deployment code',
  description:
    'Stops a working deployment code (the officer lost it, the visit was called off, it went to the wrong person); the terminal can then be deployed only with a new code. A used, expired or already revoked code is refused, saying which.',
  keywords: ['cancel deployment code', 'revoke code', 'terminaldeploymentcode'],
  method: 'POST',
  path: '/v1/stores/terminaldeploymentcode/{id}/revoke',
  permission: 'terminals.deploy',
  danger: 'confirm',
  audit: { action: (input) => `revoke terminal deployment code #${said(input.id) || '?'}`, note: 'reason' },
  input: z.object({
    id: idField.meta({ label: 'Code #' }),
    reason: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
  }),
  output: deploymentCodeRow,
  example: 'traction terminal-deployment-codes revoke --id 12 --reason "Officer lost the code"',
});

export const reportDeployment = defineCommand({
  id: 'terminal-deployments.report',
  group: 'terminal-deployments',
  action: 'report',
  title: 'Report a terminal deployed (from the terminal)',
  description:
    'What a terminal sends once set up at its merchant’s store: its terminal ID and serial number, the deployment code the field officer typed, and where it is (GPS). Accepted, the terminal is deployed (and its request, once all its terminals are) and the code is spent. Refused with a plain sentence otherwise: a wrong code (or a terminal ID and serial number that do not go together) is told only that; a used, expired or replaced code, a terminal not in transit or a request not yet delivered is told which. Every report is kept. No session: the terminal is not an admin.',
  keywords: ['deploy terminal', 'terminal/deploy', 'deployment code'],
  method: 'POST',
  path: '/v1/stores/terminal/deploy',
  auth: 'public',
  permission: null,
  // Never replayed: a retry after a lost answer is told the code was used, and when.
  idempotency: 'none',
  secrets: ['code'],
  audit: { action: (input) => `report terminal ${said(input.terminal_id) || '(no terminal ID)'} deployed` },
  input: z.object({
    terminal_id: tidField,
    serial_no: serialNumberField,
    code: deploymentCodeField,
    latitude: latitudeField,
    longitude: longitudeField,
  }),
  output: z.object({
    result: z.literal('ACCEPTED'),
    /** What the terminal shows the officer. */
    message: z.string(),
    /** The deployment recorded. */
    deploymentId: z.number().int(),
    terminalId: z.string(),
    businessName: z.string(),
    /** The request the terminal was sent for, if any, and whether it is now deployed (all its terminals are). */
    requestId: z.number().int().nullable(),
    requestDeployed: z.boolean(),
    deployedAt: timestamp,
  }),
  example: 'traction terminal-deployments report --terminal-id 2TRC0123 --serial-no PAX-0000123 --code 482193 --latitude 6.5244 --longitude 3.3792',
});

export const deploymentReportRow = z.object({
  id: z.number().int(),
  receivedAt: timestamp,
  /** The terminal ID and serial number as the device sent them. */
  terminalId: z.string(),
  serialNo: z.string(),
  /** The terminal they name together (its record id), or null when they do not. */
  terminal: z.number().int().nullable(),
  businessName: z.string().nullable(),
  result: resultField,
  reason: rejectionField.nullable(),
  /** What the device was answered. */
  message: z.string(),
  /** The code it matched, and the officer it was given to. */
  codeId: z.number().int().nullable(),
  officerName: z.string().nullable(),
  officerRole: officerRoleField.nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** `latitude, longitude` to 5 decimals (about a metre), for tables and maps. */
  gps: z.string(),
  /** The address it came from. */
  ip: z.string().nullable(),
  deploymentId: z.number().int().nullable(),
});
export type DeploymentReportRow = z.infer<typeof deploymentReportRow>;

export const listDeploymentReports = defineCommand({
  id: 'terminal-deployment-responses.list',
  group: 'terminal-deployment-responses',
  action: 'list',
  title: 'List terminal deployment responses',
  description:
    'Every report terminals sent when set up with a deployment code, newest first: accepted or rejected and why, the officer whose code it was, where the terminal was (GPS) and the address it came from. Filter by when, result, reason, and a terminal (its terminal ID or serial number, exactly).',
  keywords: ['deployment-response', 'deployment responses', 'device reports'],
  method: 'GET',
  path: '/v1/stores/deployment-response',
  permission: 'terminals.view',
  input: z.object({
    ...listPaging,
    ...rangeFields,
    result: resultField.optional(),
    reason: rejectionField.optional(),
    terminal: z.string().trim().max(30).optional().meta({ label: 'Terminal ID or serial number' }),
  }),
  output: listOutput(deploymentReportRow),
  list: {
    route: '/terminal-deployment-responses',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    rowName: 'terminalId',
    csv: true,
    columns: [
      { key: 'id', label: 'Report #', kind: 'id' },
      { key: 'receivedAt', label: 'Received', kind: 'datetime' },
      { key: 'terminalId', label: 'Terminal ID', kind: 'text', width: 10 },
      { key: 'serialNo', label: 'Serial number', kind: 'text', width: 16, priority: 'low' },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'medium' },
      { key: 'result', label: 'Result', kind: 'enum', words: DEPLOYMENT_REPORT_RESULT_WORDS, priority: 'high' },
      { key: 'reason', label: 'Why rejected', kind: 'enum', words: DEPLOYMENT_REJECTION_WORDS, priority: 'high' },
      { key: 'officerName', label: 'Officer', kind: 'text', priority: 'medium' },
      { key: 'officerRole', label: 'Role', kind: 'enum', words: FIELD_OFFICER_ROLE_WORDS, priority: 'low' },
      { key: 'gps', label: 'GPS', kind: 'text', priority: 'low', width: 20 },
      { key: 'ip', label: 'Address', kind: 'text', priority: 'low' },
      { key: 'message', label: 'Answer', kind: 'sentence', priority: 'low' },
    ],
  },
  example: 'traction terminal-deployment-responses list --result REJECTED --startdatetime 2026-11-01',
});

export const deploymentRow = z.object({
  id: z.number().int(),
  deployedAt: timestamp,
  /** The terminal deployed (its record id). */
  terminal: z.number().int(),
  terminalId: z.string(),
  serialNo: z.string(),
  businessId: z.number().int(),
  businessName: z.string(),
  storeName: z.string().nullable(),
  /** The request it was sent for, if any. */
  requestId: z.number().int().nullable(),
  officerName: z.string(),
  officerPhone: z.string(),
  officerRole: officerRoleField,
  latitude: z.number(),
  longitude: z.number(),
  /** `latitude, longitude` to 5 decimals (about a metre), for tables and maps. */
  gps: z.string(),
  codeId: z.number().int(),
  reportId: z.number().int(),
});
export type DeploymentRow = z.infer<typeof deploymentRow>;

export const listDeployments = defineCommand({
  id: 'terminal-deployments.list',
  group: 'terminal-deployments',
  action: 'list',
  title: 'List terminal deployments',
  description:
    'Terminals deployed at their merchants by field officers with a deployment code, newest first: the terminal, merchant and store, the request it was sent for, the officer (MSO, DSR or sales agent) and where it was set up (GPS). Search matches the start of a merchant’s or officer’s name, or a terminal ID or serial number exactly.',
  keywords: ['terminal deployments', 'deployment MSO', 'deployment DSR', 'deployment sales agent'],
  method: 'GET',
  path: '/v1/stores/terminal-deployments',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, ...rangeFields, search: searchField.optional(), officerRole: officerRoleField.optional() }),
  output: listOutput(deploymentRow),
  list: {
    route: '/terminal-deployments',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/terminals/{terminal}',
    rowName: 'terminalId',
    csv: true,
    columns: [
      { key: 'id', label: 'Deployment #', kind: 'id' },
      { key: 'deployedAt', label: 'Deployed', kind: 'datetime' },
      { key: 'terminalId', label: 'Terminal ID', kind: 'text', width: 10 },
      { key: 'serialNo', label: 'Serial number', kind: 'text', width: 16, priority: 'low' },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'storeName', label: 'Store', kind: 'text', priority: 'low' },
      { key: 'officerName', label: 'Officer', kind: 'text', priority: 'high' },
      { key: 'officerRole', label: 'Role', kind: 'enum', words: FIELD_OFFICER_ROLE_WORDS, priority: 'medium' },
      { key: 'officerPhone', label: 'Officer phone', kind: 'text', priority: 'low', width: 17 },
      { key: 'requestId', label: 'Request', kind: 'id', priority: 'low' },
      { key: 'gps', label: 'GPS', kind: 'text', priority: 'low', width: 20 },
    ],
  },
  example: 'traction terminal-deployments list --officer-role DSR --startdatetime 2026-11-01',
});
