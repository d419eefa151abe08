import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { dateTimeParam, idField, searchField, timestamp } from '../../schemas/common';
import { phoneField, stateCodeField } from '../../schemas/business';
import { said } from '../audit/audit-description';
import {
  MAX_TERMINALS_PER_REQUEST,
  TERMINAL_REQUEST_SOURCE_WORDS,
  TERMINAL_REQUEST_SOURCES,
  TERMINAL_REQUEST_STATUS_WORDS,
  TERMINAL_REQUEST_STATUSES,
} from '../../terminals/terminal-request-facts';
import { TERMINAL_PROVIDER_NAMES } from '../../terminals/terminal-facts';
import { TERMINAL_PRICE_PLAN_WORDS, TERMINAL_PRICE_PLANS } from './terminal-prices';
import { tidField } from './terminals';

export const requestSourceField = z.enum(TERMINAL_REQUEST_SOURCES).meta({ label: 'Source' });
export const requestStatusField = z.enum(TERMINAL_REQUEST_STATUSES).meta({ label: 'Status' });
const requestIdField = idField.meta({ label: 'Request' });
const planField = z.enum(TERMINAL_PRICE_PLANS).meta({ label: 'Plan' });

export const terminalRequestRow = z.object({
  id: z.number().int(),
  source: requestSourceField,
  businessId: z.number().int(),
  businessName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  deliveryAddress: z.string(),
  stateCode: z.string(),
  quantity: z.number().int(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  plan: planField,
  isLoan: z.boolean(),
  /** Kobo: the price list's amount times the quantity when the request was raised. */
  amount: z.number().int(),
  status: requestStatusField,
  followUp: z.boolean(),
  followUpNote: z.string().nullable(),
  note: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  deployedAt: timestamp.nullable(),
  /** Where a dispatched request's delivery is (Terminal Delivery States). */
  deliveryStateId: z.number().int().nullable(),
  deliveryState: z.string().nullable(),
});
export type TerminalRequestRow = z.infer<typeof terminalRequestRow>;

const YES_NO = { true: 'Yes', false: 'No' } as const;

export const listTerminalRequests = defineCommand({
  id: 'terminal-requests.list',
  group: 'terminal-requests',
  action: 'list',
  title: 'List terminal requests',
  description:
    'Requests for terminals from every channel, newest first: by when they were raised, source, loan or not, follow-up, merchant name, status, when they were deployed, and which status they entered when (the change log).',
  keywords: ['terminal requests', 'listterminalrequest', 'pos requests'],
  method: 'GET',
  path: '/v1/stores/listterminalrequest',
  permission: 'terminal-requests.view',
  input: z.object({
    ...listPaging,
    startdatetime: dateTimeParam.optional().meta({ label: 'Raised from' }),
    enddatetime: dateTimeParam.optional().meta({ label: 'Raised to' }),
    search: searchField.optional(),
    source: requestSourceField.optional(),
    isloan: z.boolean().optional().meta({ label: 'On loan' }),
    followUp: z.boolean().optional().meta({ label: 'Needs a call' }),
    businessName: z.string().trim().max(120).optional().meta({ label: 'Merchant name' }),
    status: requestStatusField.optional(),
    deployedFrom: dateTimeParam.optional().meta({ label: 'Deployed from' }),
    deployedTo: dateTimeParam.optional().meta({ label: 'Deployed to' }),
    /** With `changedFrom`/`changedTo`: requests that entered this status in that window (the change log). */
    changeStatus: requestStatusField.optional().meta({ label: 'Entered status' }),
    changedFrom: dateTimeParam.optional().meta({ label: 'Entered from' }),
    changedTo: dateTimeParam.optional().meta({ label: 'Entered to' }),
  }),
  output: listOutput(terminalRequestRow),
  list: {
    route: '/terminal-requests/all',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/terminal-request/{id}',
    rowName: 'businessName',
    csv: true,
    columns: [
      { key: 'id', label: 'Request', kind: 'id' },
      { key: 'createdAt', label: 'Raised', kind: 'datetime' },
      { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
      { key: 'source', label: 'Source', kind: 'enum', words: TERMINAL_REQUEST_SOURCE_WORDS },
      { key: 'status', label: 'Status', kind: 'enum', priority: 'high', words: TERMINAL_REQUEST_STATUS_WORDS, width: 17 },
      { key: 'quantity', label: 'Terminals', kind: 'number' },
      { key: 'plan', label: 'Plan', kind: 'enum', words: TERMINAL_PRICE_PLAN_WORDS, priority: 'low' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'isLoan', label: 'Loan', kind: 'boolean', words: YES_NO, priority: 'low' },
      { key: 'followUp', label: 'Follow up', kind: 'boolean', words: YES_NO, priority: 'medium' },
      { key: 'deliveryState', label: 'Delivery', kind: 'text', priority: 'low' },
      { key: 'stateCode', label: 'State', kind: 'text', priority: 'low' },
      { key: 'deployedAt', label: 'Deployed', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction terminal-requests list --source TELESALES --status REQUESTED',
});

const requestFields = {
  business_id: idField.meta({ label: 'Merchant ID' }),
  contactName: z.string().trim().min(2).max(120).meta({ label: 'Contact name' }),
  contactPhone: phoneField.meta({ label: 'Contact phone' }),
  deliveryAddress: z.string().trim().min(5).max(300).meta({ label: 'Delivery address' }),
  stateCode: stateCodeField,
  quantity: z.number().int().min(1).max(MAX_TERMINALS_PER_REQUEST).meta({ label: 'Terminals' }),
  provider: z.enum(TERMINAL_PROVIDER_NAMES).optional().meta({ label: 'Provider' }),
  model: z.string().trim().min(1).max(40).optional().meta({ label: 'Model' }),
  plan: planField,
  isLoan: z.boolean().default(false).meta({ label: 'On loan' }),
  note: z.string().trim().max(500).optional().meta({ label: 'Note' }),
};

export const addTerminalRequest = defineCommand({
  id: 'terminal-requests.add',
  group: 'terminal-requests',
  action: 'add',
  title: 'Raise a terminal request',
  description:
    'A request for terminals for a merchant from one channel: who to call, where to deliver, how many, which model and plan (its price is taken from the price list), and whether it is on loan. A merchant marked as fraud cannot request terminals.',
  keywords: ['request terminals', 'addterminalrequest', 'new request', 'key accounts', 'telesales', 'cross selling'],
  method: 'POST',
  path: '/v1/stores/addterminalrequest',
  permission: 'terminal-requests.manage',
  audit: {
    action: (input) =>
      `raise a ${said(input.source).toLowerCase().replace('_', ' ') || ''} request for ${said(input.quantity) || 'some'} terminals for {subject}`,
    subject: { kind: 'business', from: 'business_id' },
  },
  input: z.object({ source: requestSourceField, ...requestFields }),
  output: terminalRequestRow,
  example:
    'traction terminal-requests add --source TELESALES --business-id 42 --contact-name "Ada Obi" --contact-phone 08031234567 --delivery-address "12 Allen Avenue, Ikeja" --state-code LA --quantity 2 --plan RENTAL',
});

export const requestTerminal = z.object({ id: z.number().int(), serialNo: z.string(), terminalId: z.string(), state: z.string() });

export const requestEvent = z.object({
  id: z.number().int(),
  at: timestamp,
  fromStatus: requestStatusField.nullable(),
  toStatus: requestStatusField,
  note: z.string().nullable(),
  adminName: z.string().nullable(),
});

export const getTerminalRequest = defineCommand({
  id: 'terminal-requests.get',
  group: 'terminal-requests',
  action: 'get',
  title: 'Show a terminal request',
  description: 'One request in full: the statuses it may move to next, the terminals assigned to it, and its change log.',
  method: 'GET',
  path: '/v1/stores/terminalrequest/{id}',
  permission: 'terminal-requests.view',
  input: z.object({ id: requestIdField }),
  output: terminalRequestRow.extend({
    nextStatuses: z.array(requestStatusField),
    terminals: z.array(requestTerminal),
    events: z.array(requestEvent),
  }),
  example: 'traction terminal-requests get --id 12',
});

export const editTerminalRequest = defineCommand({
  id: 'terminal-requests.edit',
  group: 'terminal-requests',
  action: 'edit',
  title: 'Edit a terminal request',
  description:
    'Its contact, address, quantity, model, plan or note, until terminals are assigned to it; at any time whether it needs a follow-up call (followUp, with a note); once dispatched, where its delivery is (deliveryStateId: a state that means delivered marks it delivered). What is left out stays as it was.',
  keywords: ['editterminalrequest', 'follow up', 'followUp'],
  method: 'PUT',
  path: '/v1/stores/editterminalrequest/{requestId}',
  permission: 'terminal-requests.manage',
  audit: { action: 'edit terminal request {subject}', subject: { kind: 'terminal-request', from: 'requestId' } },
  input: z.object({
    requestId: requestIdField,
    contactName: requestFields.contactName.optional(),
    contactPhone: requestFields.contactPhone.optional(),
    deliveryAddress: requestFields.deliveryAddress.optional(),
    stateCode: stateCodeField.optional(),
    quantity: requestFields.quantity.optional(),
    provider: requestFields.provider,
    model: requestFields.model,
    plan: planField.optional(),
    note: requestFields.note,
    followUp: z.boolean().optional().meta({ label: 'Needs a call' }),
    followUpNote: z.string().trim().max(300).optional().meta({ label: 'Why call' }),
    /** Once dispatched: where its delivery is; a state that means delivered marks the request delivered. */
    deliveryStateId: idField.optional().meta({ label: 'Delivery state' }),
  }),
  output: terminalRequestRow,
  example: 'traction terminal-requests edit --request-id 12 --follow-up --follow-up-note "Merchant asked to be called before delivery"',
});

export const updateTerminalRequestStatus = defineCommand({
  id: 'terminal-requests.update',
  group: 'terminal-requests',
  action: 'update',
  title: 'Move a terminal request on',
  description:
    'Approves or declines a request, marks it paid or on loan, assigns its terminals (by terminal ID, as many as it asked for, each in stock), dispatches, delivers or deploys it — as its status allows (any other move is refused, naming its status). Approving and declining need the approve permission.',
  keywords: ['updateTerminalRequest', 'approve request', 'decline request', 'assign terminals', 'dispatch', 'deliver'],
  method: 'POST',
  path: '/v1/stores/updateTerminalRequest',
  permission: 'terminal-requests.manage',
  danger: 'confirm',
  audit: {
    action: (input) => `move terminal request {subject} to ${said(input.status).toLowerCase().replace('_', ' ') || 'another status'}`,
    subject: { kind: 'terminal-request', from: 'requestId' },
    note: 'note',
  },
  input: z.object({
    requestId: requestIdField,
    status: requestStatusField,
    note: z.string().trim().max(300).optional().meta({ label: 'Note' }),
    /** For ASSIGNED: the terminal IDs, as many as the request asked for. */
    terminalIds: z.array(tidField).max(MAX_TERMINALS_PER_REQUEST).optional().meta({ label: 'Terminal IDs' }),
  }),
  output: terminalRequestRow,
  example: 'traction terminal-requests update --request-id 12 --status APPROVED --note "Volume checks out"',
});

export const TERMINAL_REQUEST_DECISIONS = ['APPROVED', 'DECLINED'] as const;

export const decideTerminalRequest = defineCommand({
  id: 'terminal-requests.decide',
  group: 'terminal-requests',
  action: 'decide',
  title: 'Approve or decline a terminal request',
  description:
    'The decision on a request just raised: approved (it goes on to payment, or on loan) or declined with a reason. The same move as updateTerminalRequest to APPROVED or DECLINED, kept to those who may approve.',
  keywords: ['approve terminal request', 'decline terminal request', 'review queue'],
  method: 'POST',
  path: '/v1/stores/terminalrequest/{requestId}/decision',
  permission: 'terminal-requests.approve',
  audit: {
    action: (input) => `${said(input.decision) === 'DECLINED' ? 'decline' : 'approve'} terminal request {subject}`,
    subject: { kind: 'terminal-request', from: 'requestId' },
    note: 'note',
  },
  input: z.object({
    requestId: requestIdField,
    decision: z.enum(TERMINAL_REQUEST_DECISIONS).meta({ label: 'Decision' }),
    note: z.string().trim().max(300).optional().meta({ label: 'Why' }),
  }),
  output: terminalRequestRow,
  example: 'traction terminal-requests decide --request-id 12 --decision APPROVED',
});
