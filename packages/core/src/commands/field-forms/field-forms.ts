import { z } from 'zod';
import { defineCommand, type ListColumn } from '../../command';
import { fileAnswer } from '../../file-answer';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { stateCodeField } from '../../schemas/business';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { TERMINAL_STATE_WORDS, TERMINAL_STATES } from '../../terminals/terminal-facts';
import { FIELD_OFFICER_ROLE_WORDS, officerRoleField } from '../terminals/terminal-deployments';

/**
 * Forms field officers submit from the merchant-support app (issue 20, spec §2 Merchant Support
 * App MGT, §7 "Sales agent and visitation"): a deployment support visit, a merchant visitation, a
 * terminal retrieval, a SIM swap or top-up. Each names its officer, the merchant and terminal it
 * is about, where and when it was filled in, its answers (to the fixed questions of its kind,
 * below) and photos. The console only reads them. Paths are the spec's (`getdeployment_support`,
 * `get-visitation-form`, `getretrieval_form`, `getsim_management`) under `/v1/salesagent`, beside
 * the rest of that group (`list-agents`, `all-schedule-visitations`); the list of every kind, the
 * detail and the photo are ours.
 */
const BASE = '/v1/salesagent';

export const FIELD_FORM_KINDS = ['DEPLOYMENT_SUPPORT', 'VISITATION', 'RETRIEVAL', 'SIM_MANAGEMENT'] as const;
export type FieldFormKind = (typeof FIELD_FORM_KINDS)[number];
export const FIELD_FORM_KIND_WORDS: Record<FieldFormKind, string> = {
  DEPLOYMENT_SUPPORT: 'Deployment support',
  VISITATION: 'Visitation',
  RETRIEVAL: 'Retrieval',
  SIM_MANAGEMENT: 'SIM management',
};

/** What an officer did to a terminal's SIM. */
export const SIM_ACTIONS = ['SWAP', 'TOP_UP', 'NEW_SIM', 'DEACTIVATE'] as const;
export type SimAction = (typeof SIM_ACTIONS)[number];
export const SIM_ACTION_WORDS: Record<SimAction, string> = { SWAP: 'Swap', TOP_UP: 'Top-up', NEW_SIM: 'New SIM', DEACTIVATE: 'Deactivate' };

/** The networks a terminal SIM may be on. */
export const SIM_NETWORKS = ['MTN', 'AIRTEL', 'GLO', '9MOBILE'] as const;
export type SimNetwork = (typeof SIM_NETWORKS)[number];
export const SIM_NETWORK_WORDS: Record<SimNetwork, string> = { MTN: 'MTN', AIRTEL: 'Airtel', GLO: 'Glo', '9MOBILE': '9mobile' };

/** One question of a form: the key its answer is stored under, and the words the app asked it in. */
export interface FieldFormQuestion {
  key: string;
  question: string;
}

/**
 * The questions of each kind of form, in the app's order. Answers are stored under these keys
 * (as text); the detail shows them with these words, and an answer to a question not listed
 * here (an older version of the app) is shown under its key.
 */
export const FIELD_FORM_QUESTIONS: Readonly<Record<FieldFormKind, readonly FieldFormQuestion[]>> = {
  DEPLOYMENT_SUPPORT: [
    { key: 'supportType', question: 'What support was given?' },
    { key: 'terminalWorking', question: 'Is the terminal working after the visit?' },
    { key: 'networkStrength', question: 'Network strength at the store' },
    { key: 'merchantTrained', question: 'Was the merchant (or their staff) trained?' },
    { key: 'paperRollsGiven', question: 'Paper rolls given' },
    { key: 'issue', question: 'What was wrong?' },
    { key: 'comment', question: 'Comment' },
  ],
  VISITATION: [
    { key: 'purpose', question: 'Purpose of the visit' },
    { key: 'merchantPresent', question: 'Was the merchant present?' },
    { key: 'terminalSeen', question: 'Was the terminal seen at the store?' },
    { key: 'dailyTransactions', question: 'About how many transactions a day?' },
    { key: 'competitorTerminals', question: 'Other companies’ terminals at the store' },
    { key: 'satisfaction', question: 'Merchant satisfaction (1 to 5)' },
    { key: 'complaint', question: 'Complaint raised' },
    { key: 'comment', question: 'Comment' },
  ],
  RETRIEVAL: [
    { key: 'reason', question: 'Why was the terminal retrieved?' },
    { key: 'terminalCondition', question: 'Condition of the terminal' },
    { key: 'chargerReturned', question: 'Was the charger returned?' },
    { key: 'simReturned', question: 'Was the SIM returned?' },
    { key: 'merchantSigned', question: 'Did the merchant sign the retrieval note?' },
    { key: 'comment', question: 'Comment' },
  ],
  SIM_MANAGEMENT: [
    { key: 'action', question: 'What was done to the SIM?' },
    { key: 'network', question: 'Network' },
    { key: 'simSerial', question: 'SIM serial number (ICCID)' },
    { key: 'oldSimSerial', question: 'Old SIM serial number (a swap)' },
    { key: 'dataBundle', question: 'Data bundle' },
    { key: 'reason', question: 'Why?' },
    { key: 'comment', question: 'Comment' },
  ],
};

/** The words of a question of a kind, or its key when the app sent one not (or no longer) asked. */
export function fieldFormQuestion(kind: FieldFormKind, key: string): string {
  return FIELD_FORM_QUESTIONS[kind].find((question) => question.key === key)?.question ?? key;
}

export const fieldFormKindField = z.enum(FIELD_FORM_KINDS).meta({ label: 'Kind', words: FIELD_FORM_KIND_WORDS });
const simActionField = z.enum(SIM_ACTIONS).meta({ label: 'SIM action', words: SIM_ACTION_WORDS });
const simNetworkField = z.enum(SIM_NETWORKS).meta({ label: 'Network', words: SIM_NETWORK_WORDS });
const fieldFormIdField = idField.meta({ label: 'Form' });

export const fieldFormRow = z.object({
  id: z.number().int(),
  kind: fieldFormKindField,
  /** When the officer submitted it from the app. */
  submittedAt: timestamp,
  officerName: z.string(),
  officerEmail: z.string(),
  /** `+234…`. */
  officerPhone: z.string(),
  officerRole: officerRoleField,
  /** The merchant it is about; null when the form names none (a SIM swap at the warehouse). */
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  /** The terminal it is about (its record id); null when none. */
  terminal: z.number().int().nullable(),
  /** The terminal ID (TID) and serial number. */
  terminalId: z.string().nullable(),
  serialNo: z.string().nullable(),
  /** Two-letter state code (`LA`) and its name. */
  stateCode: z.string(),
  state: z.string(),
  /** LGA or area, as the officer typed it. */
  area: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The key answer of its kind for tables: the support given, the visit's purpose, the retrieval reason, the SIM action. */
  summary: z.string(),
  /** SIM management only. */
  simAction: simActionField.nullable(),
  simNetwork: simNetworkField.nullable(),
  simSerial: z.string().nullable(),
  photos: z.number().int(),
  /** The scheduled visit a visitation form answers, when known. */
  visitId: z.number().int().nullable(),
});
export type FieldFormRow = z.infer<typeof fieldFormRow>;

const listFilters = {
  ...listPaging,
  search: searchField.optional().describe('the start of an officer’s or merchant’s name, or a terminal ID or serial number exactly'),
  startdatetime: dateTimeParam.optional().meta({ label: 'Submitted from' }),
  enddatetime: dateTimeParam.optional().meta({ label: 'Submitted to' }),
  businessId: idField.optional().meta({ label: 'Merchant (business ID)' }),
  terminal: idField.optional().meta({ label: 'Terminal (record ID)' }),
  stateCode: stateCodeField.optional(),
};

type Column = ListColumn;
const col = {
  id: { key: 'id', label: 'Form #', kind: 'id' },
  submittedAt: { key: 'submittedAt', label: 'Submitted', kind: 'datetime', priority: 'high' },
  kind: { key: 'kind', label: 'Kind', kind: 'enum', words: FIELD_FORM_KIND_WORDS, priority: 'high' },
  officerName: { key: 'officerName', label: 'Officer', kind: 'text', priority: 'high' },
  officerRole: { key: 'officerRole', label: 'Role', kind: 'enum', words: FIELD_OFFICER_ROLE_WORDS, priority: 'low' },
  officerPhone: { key: 'officerPhone', label: 'Officer phone', kind: 'text', width: 17, priority: 'low' },
  businessName: { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  terminalId: { key: 'terminalId', label: 'TID', kind: 'text', width: 10, priority: 'high' },
  serialNo: { key: 'serialNo', label: 'Serial', kind: 'text', priority: 'medium' },
  state: { key: 'state', label: 'State', kind: 'text', priority: 'medium' },
  area: { key: 'area', label: 'LGA / area', kind: 'text', priority: 'low' },
  photos: { key: 'photos', label: 'Photos', kind: 'number', priority: 'low' },
  simAction: { key: 'simAction', label: 'Action', kind: 'enum', words: SIM_ACTION_WORDS, priority: 'high' },
  simNetwork: { key: 'simNetwork', label: 'Network', kind: 'enum', words: SIM_NETWORK_WORDS, priority: 'high' },
  simSerial: { key: 'simSerial', label: 'SIM serial', kind: 'text', priority: 'medium' },
} as const satisfies Record<string, Column>;
const summary = (label: string): Column => ({ key: 'summary', label, kind: 'sentence', priority: 'medium' });

const listSpec = (route: string, columns: readonly Column[]) => ({
  route,
  pageSize: PAGE_SIZE,
  rowKey: 'id',
  searchField: 'search',
  dateRange: { from: 'startdatetime', to: 'enddatetime' },
  detailRoute: '/form-responses/{id}',
  rowName: 'officerName',
  csv: true,
  columns,
});

const SEARCH_WORDS = 'Search matches the start of the officer’s or merchant’s name (or of any word of it), or a terminal ID or serial number exactly.';

export const listFieldForms = defineCommand({
  id: 'field-forms.list',
  group: 'field-forms',
  action: 'list',
  title: 'List form responses from the field app',
  description: `Form Responses: every form field officers submitted from the merchant-support app, newest first, of every kind (deployment support, visitation, retrieval, SIM management). ${SEARCH_WORDS}`,
  keywords: ['form responses', 'field forms', 'merchant support app', 'field officer forms'],
  method: 'GET',
  path: `${BASE}/field-forms`,
  permission: 'field-forms.view',
  input: z.object({ ...listFilters, kind: fieldFormKindField.optional() }),
  output: listOutput(fieldFormRow),
  list: listSpec('/form-responses', [
    col.id,
    col.submittedAt,
    col.kind,
    col.officerName,
    col.officerRole,
    col.businessName,
    col.terminalId,
    col.serialNo,
    summary('Summary'),
    col.state,
    col.area,
    col.photos,
  ]),
  example: 'traction field-forms list --kind RETRIEVAL --state-code LA --startdatetime 2026-11-01',
});

export const listDeploymentSupportForms = defineCommand({
  id: 'field-forms.deployment-support',
  group: 'field-forms',
  action: 'deployment-support',
  title: 'List deployment support forms',
  description: `Support Deployment: the forms officers filled in at a merchant’s store when setting up, fixing or training on a terminal, newest first. ${SEARCH_WORDS}`,
  keywords: ['support deployment', 'getdeployment_support', 'deployment support', 'terminal support visit'],
  method: 'GET',
  path: `${BASE}/getdeployment_support`,
  permission: 'field-forms.view',
  input: z.object(listFilters),
  output: listOutput(fieldFormRow),
  list: listSpec('/support-deployment', [
    col.id,
    col.submittedAt,
    col.officerName,
    col.officerRole,
    col.businessName,
    col.terminalId,
    col.serialNo,
    summary('Support given'),
    col.state,
    col.area,
    col.photos,
  ]),
  example: 'traction field-forms deployment-support --search "Bola" --startdatetime 2026-11-01',
});

export const listVisitationForms = defineCommand({
  id: 'field-forms.visitation',
  group: 'field-forms',
  action: 'visitation',
  title: 'List merchant visitation forms',
  description: `Visitation form responses: what officers found on their visits to merchants (who was there, the terminal, trade, complaints), newest first. ${SEARCH_WORDS}`,
  keywords: ['visitation form response', 'get-visitation-form', 'merchant visit form', 'visit report'],
  method: 'GET',
  path: `${BASE}/get-visitation-form`,
  permission: 'field-forms.view',
  input: z.object(listFilters),
  output: listOutput(fieldFormRow),
  list: listSpec('/visitation-form-response', [
    col.id,
    col.submittedAt,
    col.officerName,
    col.officerRole,
    col.businessName,
    col.terminalId,
    summary('Purpose'),
    col.state,
    col.area,
    col.photos,
  ]),
  example: 'traction field-forms visitation --business-id 12',
});

export const listRetrievalForms = defineCommand({
  id: 'field-forms.retrieval',
  group: 'field-forms',
  action: 'retrieval',
  title: 'List terminal retrieval forms',
  description: `Retrieval Response: the forms officers filled in when taking a terminal back from a merchant (why, its condition, what came back with it), newest first. ${SEARCH_WORDS}`,
  keywords: ['retrieval response', 'getretrieval_form', 'terminal retrieval', 'retrieved terminal'],
  method: 'GET',
  path: `${BASE}/getretrieval_form`,
  permission: 'field-forms.view',
  input: z.object(listFilters),
  output: listOutput(fieldFormRow),
  list: listSpec('/retrieval-response', [
    col.id,
    col.submittedAt,
    col.terminalId,
    col.serialNo,
    col.businessName,
    summary('Reason'),
    col.officerName,
    col.officerRole,
    col.state,
    col.area,
    col.photos,
  ]),
  example: 'traction field-forms retrieval --search 2058ABCD',
});

export const listSimForms = defineCommand({
  id: 'field-forms.sim',
  group: 'field-forms',
  action: 'sim',
  title: 'List SIM management forms',
  description: `SIM MGT: the SIM swaps, top-ups, new SIMs and deactivations officers recorded on terminals, newest first, with the SIM’s network and serial. ${SEARCH_WORDS} A SIM serial is matched exactly too.`,
  keywords: ['sim mgt', 'getsim_management', 'sim swap', 'sim top-up', 'terminal sim'],
  method: 'GET',
  path: `${BASE}/getsim_management`,
  permission: 'field-forms.view',
  input: z.object({ ...listFilters, simAction: simActionField.optional(), simNetwork: simNetworkField.optional() }),
  output: listOutput(fieldFormRow),
  list: listSpec('/sim-mgt', [
    col.id,
    col.submittedAt,
    col.simAction,
    col.simNetwork,
    col.simSerial,
    col.terminalId,
    col.serialNo,
    col.businessName,
    col.officerName,
    col.state,
    col.photos,
  ]),
  example: 'traction field-forms sim --sim-action SWAP --sim-network MTN',
});

/** A kept photo's description; its bytes come from `field-forms photo`. */
export const fieldFormPhoto = z.object({
  id: z.number().int(),
  caption: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

export const fieldFormAnswer = z.object({
  /** The key the app stored it under. */
  key: z.string(),
  /** The question in words (FIELD_FORM_QUESTIONS), or the key for one not asked any more. */
  question: z.string(),
  answer: z.string(),
});

export const fieldFormDetail = fieldFormRow.extend({
  /** The answers in the order of the kind's questions; answers to questions no longer asked come last. */
  answers: z.array(fieldFormAnswer),
  photoList: z.array(fieldFormPhoto),
  /** The terminal's state now (it may have moved on since). */
  terminalState: z.enum(TERMINAL_STATES).nullable().meta({ words: TERMINAL_STATE_WORDS }),
});
export type FieldFormDetail = z.infer<typeof fieldFormDetail>;

export const getFieldForm = defineCommand({
  id: 'field-forms.get',
  group: 'field-forms',
  action: 'get',
  title: 'Show a form from the field app',
  description: 'One form in full: the officer, the merchant and terminal, where and when it was filled in, every answer with its question, and its photos.',
  keywords: ['form response', 'field form', 'retrieval form', 'visitation form'],
  method: 'GET',
  path: `${BASE}/field-forms/{id}`,
  permission: 'field-forms.view',
  input: z.object({ id: fieldFormIdField }),
  output: fieldFormDetail,
  example: 'traction field-forms get --id 42',
});

export const getFieldFormPhoto = defineCommand({
  id: 'field-forms.photo',
  group: 'field-forms',
  action: 'photo',
  title: 'Download a photo of a field form',
  description: 'A photo an officer took with a form (JPEG or PNG, checked again on the way out), sent so a browser can show it.',
  keywords: ['field form photo', 'retrieval photo', 'store photo'],
  method: 'GET',
  path: `${BASE}/field-forms/{id}/photos/{photoId}`,
  permission: 'field-forms.view',
  answers: 'file',
  input: z.object({ id: fieldFormIdField, photoId: idField.meta({ label: 'Photo' }) }),
  output: fileAnswer,
  example: 'traction field-forms photo --id 42 --photo-id 7 --out store.png',
});
