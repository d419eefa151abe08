import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { stateCodeField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { reasonField } from '../../schemas/risk';
import { said } from '../audit/audit-description';

/**
 * Field agents and their merchant visits (issue 20, spec §2 Merchant Support App MGT, §3
 * "Visitation schedule filters", §7 "Sales agent and visitation"). A visit is one agent at one
 * merchant for an agenda, at a place and time; it is scheduled, then logged as done or missed, or
 * cancelled. An agent never has two scheduled visits overlapping in time. Paths are the spec's
 * (`list-agents`, `all-schedule-visitations`, `schedule-visitation`) under `/v1/salesagent`; the
 * log, cancel and detail are ours.
 */

/** What field agents do: sell and onboard (sales agents), support merchants in the field (MSO, DSR), or manage accounts from the office (CSR). */
export const FIELD_AGENT_ROLES = ['SALES_AGENT', 'MSO', 'DSR', 'CSR'] as const;
export type FieldAgentRole = (typeof FIELD_AGENT_ROLES)[number];
export const FIELD_AGENT_ROLE_WORDS: Record<FieldAgentRole, string> = {
  SALES_AGENT: 'Sales agent',
  MSO: 'MSO (merchant support officer)',
  DSR: 'DSR (direct sales representative)',
  CSR: 'CSR (customer service representative)',
};
export const fieldAgentRoleField = z.enum(FIELD_AGENT_ROLES).meta({ label: 'Role', words: FIELD_AGENT_ROLE_WORDS });

/** Why an agent visits a merchant. */
export const VISIT_AGENDAS = ['ONBOARDING', 'SUPPORT', 'RETRIEVAL', 'TRAINING', 'KYC_COLLECTION', 'COLLECTION'] as const;
export type VisitAgenda = (typeof VISIT_AGENDAS)[number];
export const VISIT_AGENDA_WORDS: Record<VisitAgenda, string> = {
  ONBOARDING: 'Onboarding',
  SUPPORT: 'Support',
  RETRIEVAL: 'Terminal retrieval',
  TRAINING: 'Training',
  KYC_COLLECTION: 'KYC collection',
  COLLECTION: 'Debt collection',
};
export const visitAgendaField = z.enum(VISIT_AGENDAS).meta({ label: 'Agenda', words: VISIT_AGENDA_WORDS });

/** Where a visit stands: scheduled, then done or missed (logged), or cancelled before it happened. */
export const VISIT_STATUSES = ['SCHEDULED', 'DONE', 'MISSED', 'CANCELLED'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_WORDS: Record<VisitStatus, string> = { SCHEDULED: 'Scheduled', DONE: 'Done', MISSED: 'Missed', CANCELLED: 'Cancelled' };
export const visitStatusField = z.enum(VISIT_STATUSES).meta({ label: 'Status', words: VISIT_STATUS_WORDS });

/** What logging a visit records: it happened, or nobody came. */
export const VISIT_LOG_STATUSES = ['DONE', 'MISSED'] as const;
const logStatusField = z.enum(VISIT_LOG_STATUSES).meta({ label: 'What happened', words: { DONE: 'Done', MISSED: 'Missed' } });

/** How long a visit takes unless the scheduler says otherwise, and the bounds: 15 minutes to a working day. */
export const VISIT_DEFAULT_MINUTES = 60;
export const VISIT_MIN_MINUTES = 15;
export const VISIT_MAX_MINUTES = 480;

/** What happened at a visit, as the agent or their manager tells it. */
const outcomeField = z
  .string()
  .trim()
  .min(3, 'must say what happened, at least 3 characters')
  .max(2000, 'must be at most 2000 characters')
  .meta({ label: 'What happened' });

const rangeFields = {
  startdatetime: dateTimeParam.optional().meta({ label: 'From' }),
  enddatetime: dateTimeParam.optional().meta({ label: 'To' }),
};

export const fieldAgentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** `+234…`. */
  phone: z.string(),
  role: fieldAgentRoleField,
  /** The state they cover (two-letter code). */
  stateCode: z.string(),
  active: z.boolean(),
  /** Scheduled visits from now on. */
  upcomingVisits: z.number().int(),
  /** Merchants they manage (CSRs). */
  managedMerchants: z.number().int(),
});
export type FieldAgentRow = z.infer<typeof fieldAgentRow>;

export const listFieldAgents = defineCommand({
  id: 'agents.list',
  group: 'agents',
  action: 'list',
  title: 'List field agents',
  description:
    'Sales agents, MSOs, DSRs and CSRs, by name: their role, the state they cover, their scheduled visits to come and the merchants they manage. Search matches the start of a name (or of any word of it), an email or a phone number.',
  keywords: ['sales agents', 'list agents', 'MSO', 'DSR', 'CSR', 'field officers', 'corporate sales agents'],
  method: 'GET',
  path: '/v1/salesagent/list-agents',
  permission: 'visits.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    role: fieldAgentRoleField.optional(),
    stateCode: stateCodeField.optional(),
    active: z.boolean().optional().meta({ label: 'Active' }),
  }),
  output: listOutput(fieldAgentRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'name',
    csv: true,
    columns: [
      { key: 'name', label: 'Agent', kind: 'text', priority: 'high', card: 'title' },
      { key: 'role', label: 'Role', kind: 'enum', words: FIELD_AGENT_ROLE_WORDS, priority: 'high' },
      { key: 'stateCode', label: 'State', kind: 'text', width: 6 },
      { key: 'email', label: 'Email', kind: 'email', priority: 'low' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17, priority: 'low' },
      { key: 'active', label: 'Active', kind: 'boolean' },
      { key: 'upcomingVisits', label: 'Visits to come', kind: 'number' },
      { key: 'managedMerchants', label: 'Merchants managed', kind: 'number', priority: 'low' },
    ],
  },
  example: 'traction agents list --role CSR --search ada',
});

export const visitRow = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  agentRole: fieldAgentRoleField,
  businessId: z.number().int(),
  businessName: z.string(),
  agenda: visitAgendaField,
  /** Where: an address or landmark. */
  location: z.string(),
  /** The state of the location (two-letter code). */
  stateCode: z.string(),
  scheduledFor: timestamp,
  durationMinutes: z.number().int(),
  /** When the visit ends: `scheduledFor` plus its duration. */
  endsAt: timestamp,
  status: visitStatusField,
  /** What the scheduler asked the agent to do. */
  note: z.string().nullable(),
  /** What happened (logged visits). */
  outcome: z.string().nullable(),
  loggedAt: timestamp.nullable(),
  /** Who logged it (admin's name). */
  loggedBy: z.string().nullable(),
  /** The field-app form the agent submitted for it, if any (its id: `/form-responses/{formId}`). */
  formId: z.number().int().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  createdAt: timestamp,
  /** Who scheduled it (admin's name); null for demo data. */
  createdBy: z.string().nullable(),
});
export type VisitRow = z.infer<typeof visitRow>;

const visitFilters = {
  ...listPaging,
  search: searchField.optional(),
  agenda: visitAgendaField.optional(),
  stateCode: stateCodeField.optional().meta({ label: 'Location (state)' }),
  location: searchField.optional().meta({ label: 'Location contains' }),
  status: visitStatusField.optional(),
  agentId: idField.optional().meta({ label: 'Agent' }),
  businessId: idField.optional().meta({ label: 'Merchant' }),
  ...rangeFields,
};

const visitColumns = [
  { key: 'scheduledFor', label: 'When', kind: 'datetime', priority: 'high' },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high', card: 'title' },
  { key: 'agentName', label: 'Agent', kind: 'text', priority: 'high' },
  { key: 'agenda', label: 'Agenda', kind: 'enum', words: VISIT_AGENDA_WORDS, priority: 'high' },
  { key: 'location', label: 'Location', kind: 'text', priority: 'medium' },
  { key: 'stateCode', label: 'State', kind: 'text', width: 6, priority: 'low' },
  { key: 'durationMinutes', label: 'Minutes', kind: 'number', priority: 'low' },
  { key: 'status', label: 'Status', kind: 'enum', words: VISIT_STATUS_WORDS, priority: 'high' },
] as const;

const visitSearchWords = 'Search matches the start of a merchant’s or agent’s name (or of any word of it).';

export const listVisits = defineCommand({
  id: 'visits.list',
  group: 'visits',
  action: 'list',
  title: 'List scheduled merchant visits',
  description: `The visitation schedule, soonest first: every visit of every agent, with filters for agenda, location, status, agent and dates. ${visitSearchWords}`,
  keywords: ['all schedule visitations', 'merchant visitation', 'visit schedule', 'agent visits', 'field visits'],
  method: 'GET',
  path: '/v1/salesagent/all-schedule-visitations',
  permission: 'visits.view',
  input: z.object(visitFilters),
  output: listOutput(visitRow),
  list: {
    route: '/merchant-visitation',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/view-merchant-visitation-log/{id}',
    rowName: 'businessName',
    csv: true,
    columns: [{ key: 'id', label: 'Visit #', kind: 'id' }, ...visitColumns],
  },
  example: 'traction visits list --agent-id 3 --status SCHEDULED --startdatetime 2026-11-23 --enddatetime 2026-11-29',
});

export const listLoggedVisits = defineCommand({
  id: 'visits.logged',
  group: 'visits',
  action: 'logged',
  title: 'Merchant visitation log',
  description: `Visits whose time has come, latest first: done and missed ones with what happened, cancelled ones, and scheduled ones still waiting to be logged. ${visitSearchWords}`,
  keywords: ['merchant visitation log', 'visit log', 'visit outcomes', 'missed visits'],
  method: 'GET',
  path: '/v1/salesagent/visitation-log',
  permission: 'visits.view',
  input: z.object(visitFilters),
  output: listOutput(visitRow),
  list: {
    route: '/merchant-visitation-log',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/view-merchant-visitation-log/{id}',
    rowName: 'businessName',
    csv: true,
    columns: [
      { key: 'id', label: 'Visit #', kind: 'id' },
      ...visitColumns,
      { key: 'outcome', label: 'What happened', kind: 'sentence', priority: 'medium' },
      { key: 'loggedBy', label: 'Logged by', kind: 'text', priority: 'low' },
    ],
  },
  example: 'traction visits logged --status MISSED --startdatetime 2026-11-01',
});

const visitAnswer = z.object({ visit: visitRow, message: z.string() });

export const scheduleVisit = defineCommand({
  id: 'visits.schedule',
  group: 'visits',
  action: 'schedule',
  title: 'Schedule a merchant visit',
  description: `Books an agent to visit a merchant for an agenda, at a place and time (Lagos time unless an offset is given), for ${VISIT_DEFAULT_MINUTES} minutes unless said otherwise. A visit in the past is refused, and so is one overlapping another scheduled visit of the same agent (409 naming it). The location and state default to the merchant’s address and state.`,
  keywords: ['schedule visitation', 'new merchant visit', 'book a visit', 'field visit'],
  method: 'POST',
  path: '/v1/salesagent/schedule-visitation',
  permission: 'visits.schedule',
  audit: {
    action: (input) =>
      `schedule a ${VISIT_AGENDA_WORDS[said(input.agenda) as VisitAgenda]?.toLowerCase() ?? ''} visit by agent ${said(input.agentId)} to {subject}`,
    subject: { kind: 'business', from: 'businessId' },
  },
  input: z.object({
    agentId: idField.meta({ label: 'Agent' }),
    businessId: idField.meta({ label: 'Merchant' }),
    agenda: visitAgendaField,
    scheduledFor: dateTimeParam.meta({ label: 'When (Lagos time)' }),
    durationMinutes: z
      .number()
      .int('must be whole minutes')
      .min(VISIT_MIN_MINUTES, `must be at least ${VISIT_MIN_MINUTES} minutes`)
      .max(VISIT_MAX_MINUTES, `must be at most ${VISIT_MAX_MINUTES} minutes`)
      .default(VISIT_DEFAULT_MINUTES)
      .meta({ label: 'Duration (minutes)' }),
    location: z
      .string()
      .trim()
      .min(2, 'must be at least 2 characters')
      .max(300, 'must be at most 300 characters')
      .optional()
      .meta({ label: 'Location (address or landmark)' }),
    stateCode: stateCodeField.optional(),
    note: z.string().trim().max(1000, 'must be at most 1000 characters').optional().meta({ label: 'Note to the agent' }),
  }),
  output: visitAnswer,
  example: 'traction visits schedule --agent-id 3 --business-id 41 --agenda SUPPORT --scheduled-for 2026-11-24T10:00',
});

export const logVisit = defineCommand({
  id: 'visits.log',
  group: 'visits',
  action: 'log',
  title: 'Log a merchant visit',
  description:
    'Records what happened at a scheduled visit once its time has come: done or missed, in words, with the field-app form the agent submitted if any. A visit is logged once.',
  keywords: ['log visit', 'visit outcome', 'mark visit done', 'mark visit missed'],
  method: 'POST',
  path: '/v1/salesagent/visitations/{id}/log',
  permission: 'visits.schedule',
  audit: { action: (input) => `log {subject} as ${said(input.status).toLowerCase() || 'logged'}`, subject: { kind: 'visit', from: 'id' }, note: 'outcome' },
  input: z.object({
    id: idField.meta({ label: 'Visit' }),
    status: logStatusField,
    outcome: outcomeField,
    formId: idField.optional().meta({ label: 'Field-app form (its id)' }),
  }),
  output: visitAnswer,
  example: 'traction visits log --id 12 --status DONE --outcome "Trained the cashier; terminal working"',
});

export const cancelVisit = defineCommand({
  id: 'visits.cancel',
  group: 'visits',
  action: 'cancel',
  title: 'Cancel a merchant visit',
  description: 'Calls off a scheduled visit, with a reason; the agent’s time is free again. A logged visit cannot be cancelled.',
  keywords: ['cancel visit', 'call off visit'],
  method: 'POST',
  path: '/v1/salesagent/visitations/{id}/cancel',
  permission: 'visits.schedule',
  danger: 'confirm',
  audit: { action: 'cancel {subject}', subject: { kind: 'visit', from: 'id' }, note: 'reason' },
  input: z.object({ id: idField.meta({ label: 'Visit' }), reason: reasonField }),
  output: visitAnswer,
  example: 'traction visits cancel --id 12 --reason "Merchant closed for the holiday"',
});

export const VISIT_EVENT_KINDS = ['SCHEDULED', 'DONE', 'MISSED', 'CANCELLED'] as const;
export const visitEventRow = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_EVENT_KINDS),
  /** The outcome or the reason, as given. */
  note: z.string().nullable(),
  at: timestamp,
  /** The admin's name; null for demo data. */
  by: z.string().nullable(),
});
export type VisitEventRow = z.infer<typeof visitEventRow>;

export const getVisit = defineCommand({
  id: 'visits.show',
  group: 'visits',
  action: 'show',
  title: 'Show a merchant visit',
  description:
    'One visit: who, where, when and why, what happened and the form the agent submitted, with its history (scheduled, logged, cancelled: when and by whom).',
  keywords: ['view merchant visitation log', 'visit detail'],
  method: 'GET',
  path: '/v1/salesagent/visitations/{id}',
  permission: 'visits.view',
  input: z.object({ id: idField.meta({ label: 'Visit' }) }),
  output: z.object({ visit: visitRow, history: z.array(visitEventRow) }),
  example: 'traction visits show --id 12',
});
