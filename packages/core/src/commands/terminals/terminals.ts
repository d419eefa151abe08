import { z } from 'zod';
import { defineCommand } from '../../command';
import { said } from '../audit/audit-description';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { bulkOutput, checkSelection, selectionFields } from '../../selection';
import { idField, searchField, timestamp } from '../../schemas/common';
import {
  SERIAL_PATTERN,
  TERMINAL_PROVIDER_NAMES,
  TERMINAL_STATE_WORDS,
  TERMINAL_STATES,
  TID_PATTERN,
  type TerminalState,
} from '../../terminals/terminal-facts';

export const terminalStateField = z.enum(TERMINAL_STATES).meta({ label: 'State' });

const SERIAL_RULE = 'must be 3 to 30 letters, digits or dashes (a number alone is padded to 3 digits)';

/** A maker's serial number, in capitals; a number alone is padded to 3 digits (spec §5: `7` → `007`). */
export const serialNumberField = z
  .string()
  .trim()
  .max(30, SERIAL_RULE)
  .toUpperCase()
  .transform((text) => (/^\d{1,2}$/.test(text) ? text.padStart(3, '0') : text))
  .pipe(z.string().regex(SERIAL_PATTERN, SERIAL_RULE))
  .meta({ label: 'Serial number' });

/** A terminal id (TID): 8 digits or capitals. */
const TID_RULE = 'must be 8 digits or capital letters';
export const tidField = z
  .string()
  .trim()
  .max(8, TID_RULE)
  .toUpperCase()
  .regex(TID_PATTERN, TID_RULE)
  .meta({ label: 'Terminal ID', examples: ['2033ABCD'] });

const providerField = z.enum(TERMINAL_PROVIDER_NAMES).meta({ label: 'Provider' });
const modelField = z.string().trim().min(1).max(40).meta({ label: 'Model' });
const bankCodeField = z
  .string()
  .trim()
  .max(3, 'must be a 3-digit CBN bank code')
  .regex(/^[0-9]{3}$/, 'must be a 3-digit CBN bank code')
  .meta({ label: 'Acquiring bank', examples: ['058'] });

export const terminalRow = z.object({
  id: z.number().int(),
  serialNo: z.string(),
  terminalId: z.string(),
  provider: z.string(),
  model: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  state: terminalStateField,
  businessId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  location: z.string().nullable(),
  /** The registered place it is at (terminal-locations), if any; `location` stays the detail (a shelf, a store's address). */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type TerminalRow = z.infer<typeof terminalRow>;

const terminalColumns = [
  { key: 'serialNo', label: 'Serial number', kind: 'text', width: 16 },
  { key: 'terminalId', label: 'Terminal ID', kind: 'text', width: 10 },
  { key: 'provider', label: 'Provider', kind: 'text', priority: 'medium' },
  { key: 'model', label: 'Model', kind: 'text', priority: 'low' },
  { key: 'state', label: 'State', kind: 'enum', priority: 'high', words: TERMINAL_STATE_WORDS, width: 15 },
  { key: 'businessName', label: 'Merchant', kind: 'text', priority: 'high' },
  { key: 'storeName', label: 'Store', kind: 'text', priority: 'low' },
  { key: 'locationName', label: 'Site', kind: 'text', priority: 'low' },
  { key: 'location', label: 'Location', kind: 'text', priority: 'low' },
  { key: 'bankName', label: 'Acquiring bank', kind: 'text', priority: 'low' },
  { key: 'updatedAt', label: 'Updated', kind: 'datetime', priority: 'low' },
] as const;

export const listTerminals = defineCommand({
  id: 'terminals.list',
  group: 'terminals',
  action: 'list',
  title: 'List terminals',
  description:
    'Every POS terminal: serial number, terminal ID, provider and model, acquiring bank, state, and the merchant and store it is with. Search matches a serial number or terminal ID exactly, or the start of the merchant’s name.',
  keywords: ['all terminals', 'pos', 'inventory', 'devices', 'tid'],
  method: 'GET',
  path: '/v1/stores/admin/terminal/list',
  permission: 'terminals.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    state: terminalStateField.optional(),
    provider: providerField.optional(),
    bankCode: bankCodeField.optional(),
    businessId: idField.optional().meta({ label: 'Merchant ID' }),
    /** With a merchant (assigned, in transit or deployed), or not. */
    mapped: z.boolean().optional().meta({ label: 'Mapped to a merchant' }),
    /** At this registered location (terminal-locations). */
    locationId: idField.optional().meta({ label: 'Location ID' }),
  }),
  output: listOutput(terminalRow),
  list: {
    route: '/terminals',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/terminals/{id}',
    rowName: 'serialNo',
    csv: true,
    bulkCommands: ['terminals.unmap-bulk'],
    columns: terminalColumns,
  },
  example: 'traction terminals list --state DEPLOYED --provider PAX',
});

export const listMerchantTerminals = defineCommand({
  id: 'terminals.of-merchant',
  group: 'terminals',
  action: 'of-merchant',
  title: 'List a merchant’s terminals',
  description: 'The terminals assigned to, on their way to, or deployed at one merchant.',
  keywords: ['merchant terminals', 'listterminals'],
  // The spec's call is a POST; it only reads.
  method: 'POST',
  mutates: false,
  path: '/v1/stores/listterminals',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, businessId: idField.meta({ label: 'Merchant ID' }) }),
  output: listOutput(terminalRow),
  list: { pageSize: PAGE_SIZE, rowKey: 'id', detailRoute: '/terminals/{id}', rowName: 'serialNo', csv: true, columns: terminalColumns },
  example: 'traction terminals of-merchant --business-id 42',
});

export const getTerminal = defineCommand({
  id: 'terminals.get',
  group: 'terminals',
  action: 'get',
  title: 'Show a terminal',
  description: 'One terminal in full, with the states it may move to next.',
  method: 'GET',
  path: '/v1/stores/getterminal/{id}',
  permission: 'terminals.view',
  input: z.object({ id: idField.meta({ label: 'Terminal' }) }),
  output: terminalRow.extend({ nextStates: z.array(terminalStateField) }),
  example: 'traction terminals get --id 12',
});

export const addTerminal = defineCommand({
  id: 'terminals.add',
  group: 'terminals',
  action: 'add',
  title: 'Add a terminal',
  description: 'A new terminal into stock: its serial number and terminal ID (each unique), provider, model and acquiring bank.',
  keywords: ['new terminal', 'register terminal'],
  method: 'POST',
  path: '/v1/stores/admin/addterminal',
  permission: 'terminals.manage',
  audit: {
    action: (input) => `add terminal ${said(input.serialNo) || '(no serial number)'}${said(input.terminalId) ? ` (${said(input.terminalId)})` : ''} to stock`,
  },
  input: z.object({ serialNo: serialNumberField, terminalId: tidField, provider: providerField, model: modelField, bankCode: bankCodeField }),
  output: terminalRow,
  example: 'traction terminals add --serial-no PAX-S90-000123 --terminal-id 2TRC0123 --provider PAX --model S90 --bank-code 058',
});

export const updateTerminal = defineCommand({
  id: 'terminals.update',
  group: 'terminals',
  action: 'update',
  title: 'Change a terminal’s details',
  description:
    'Its terminal ID, provider, model, acquiring bank, location note, or the registered location it is at (locationId; null takes it off any: a location must be active and have room). What is left out stays as it was.',
  keywords: ['edit terminal'],
  method: 'PATCH',
  path: '/v1/stores/admin/terminal/{id}',
  permission: 'terminals.manage',
  audit: { action: 'change the details of {subject}', subject: { kind: 'terminal', from: 'id' } },
  input: z.object({
    id: idField.meta({ label: 'Terminal' }),
    terminalId: tidField.optional(),
    provider: providerField.optional(),
    model: modelField.optional(),
    bankCode: bankCodeField.optional(),
    location: z.string().trim().max(200).optional().meta({ label: 'Location' }),
    locationId: idField.nullable().optional().meta({ label: 'Location ID (terminal location)' }),
  }),
  output: terminalRow,
  example: 'traction terminals update --id 12 --bank-code 033',
});

export const moveTerminal = defineCommand({
  id: 'terminals.move',
  group: 'terminals',
  action: 'move',
  title: 'Move a terminal to another state',
  description:
    'Marks a terminal faulty, retrieved, back in stock, decommissioned, in transit or deployed, as its state allows (a move it does not allow is refused, naming its state). Assigning to a merchant is done by reassigning.',
  keywords: ['terminal state', 'faulty', 'decommission', 'retrieve'],
  method: 'POST',
  path: '/v1/stores/admin/terminal/{id}/state',
  permission: 'terminals.manage',
  danger: 'confirm',
  audit: {
    action: (input) => `move {subject} to ${said(input.state).toLowerCase().replace('_', ' ') || 'another state'}`,
    subject: { kind: 'terminal', from: 'id' },
    note: 'note',
  },
  input: z.object({
    id: idField.meta({ label: 'Terminal' }),
    state: terminalStateField,
    note: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
  }),
  output: terminalRow,
  example: 'traction terminals move --id 12 --state FAULTY --note "Screen cracked"',
});

export const terminalProviders = defineCommand({
  id: 'terminals.providers',
  group: 'terminals',
  action: 'providers',
  title: 'List terminal providers',
  description: 'The makers the company stocks, with their models.',
  method: 'GET',
  path: '/v1/stores/listterminalprovidernames',
  permission: 'terminals.view',
  input: z.object({}),
  output: z.object({ items: z.array(z.object({ name: z.string(), models: z.array(z.string()) })) }),
  example: 'traction terminals providers',
});

export const terminalBanks = defineCommand({
  id: 'terminals.banks',
  group: 'terminals',
  action: 'banks',
  title: 'List acquiring banks',
  description: 'The banks a terminal can acquire for, by CBN code.',
  method: 'GET',
  path: '/v1/stores/listbanknames',
  permission: 'terminals.view',
  input: z.object({}),
  output: z.object({ items: z.array(z.object({ code: z.string(), name: z.string() })) }),
  example: 'traction terminals banks',
});

/** The spec's four kinds, and `details`: a new terminal ID or acquiring bank. */
export const TERMINAL_HISTORY_TYPES = ['mapping', 'state', 'location', 'price', 'details'] as const;

export const terminalEvent = z.object({
  id: z.number().int(),
  at: timestamp,
  type: z.enum(TERMINAL_HISTORY_TYPES),
  summary: z.string(),
  fromState: terminalStateField.nullable(),
  toState: terminalStateField.nullable(),
  businessName: z.string().nullable(),
  note: z.string().nullable(),
  adminName: z.string().nullable(),
});

export const terminalHistory = defineCommand({
  id: 'terminals.history',
  group: 'terminals',
  action: 'history',
  title: 'Show a terminal’s history',
  description:
    'Everything that happened to a terminal, newest first: its mappings, states, locations, price and details (terminal ID, bank); `terminalHistoryType` keeps one kind.',
  keywords: ['terminal history', 'audit trail'],
  method: 'GET',
  path: '/v1/admin/terminal/terminal-history/{id}',
  permission: 'terminals.view',
  input: z.object({
    ...listPaging,
    id: idField.meta({ label: 'Terminal' }),
    terminalHistoryType: z.enum(TERMINAL_HISTORY_TYPES).optional().meta({ label: 'Kind' }),
  }),
  output: listOutput(terminalEvent),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    columns: [
      { key: 'at', label: 'When', kind: 'datetime' },
      { key: 'type', label: 'Kind', kind: 'enum' },
      { key: 'summary', label: 'What happened', kind: 'sentence' },
      { key: 'note', label: 'Note', kind: 'sentence', priority: 'low' },
      { key: 'adminName', label: 'By', kind: 'text', priority: 'medium' },
    ],
  },
  example: 'traction terminals history --id 12 --terminal-history-type state',
});

export type { TerminalState };

export const reassignTerminal = defineCommand({
  id: 'terminals.reassign',
  group: 'terminals',
  action: 'reassign',
  title: 'Reassign a terminal',
  description:
    'Maps a terminal to a merchant (and one of its stores): a terminal in stock becomes assigned; one assigned, in transit or deployed moves to the new merchant or store as it is. A merchant marked as fraud cannot be given a terminal.',
  keywords: ['map terminal', 'assign terminal', 'reassign_terminal'],
  method: 'PATCH',
  path: '/v1/stores/admin/reassign_terminal',
  permission: 'terminals.manage',
  danger: 'confirm',
  audit: { action: (input) => `map terminal ${said(input.terminal_id) || '?'} to {subject}`, subject: { kind: 'business', from: 'business_id' } },
  input: z.object({
    terminal_id: tidField,
    business_id: idField.meta({ label: 'Merchant ID' }),
    store_id: idField.optional().meta({ label: 'Store ID' }),
  }),
  output: terminalRow,
  example: 'traction terminals reassign --terminal-id 2TRC0123 --business-id 42 --store-id 7',
});

export const unmapTerminal = defineCommand({
  id: 'terminals.unmap',
  group: 'terminals',
  action: 'unmap',
  title: 'Unmap a terminal',
  description:
    'Detaches a terminal from its merchant, named by its terminal ID and serial number (both must be the same terminal): an assigned one goes back into stock, one in transit or deployed is retrieved. If the terminal took payments not yet settled, it is refused with which ones, unless acknowledge_unsettled is set.',
  keywords: ['unmap terminal', 'terminal_unmap', 'detach terminal'],
  method: 'PATCH',
  path: '/v1/stores/admin/terminal_unmap',
  permission: 'terminals.manage',
  danger: 'confirm',
  audit: { action: (input) => `unmap terminal ${said(input.terminal_id) || '?'}`, note: 'reason' },
  input: z.object({
    terminal_id: tidField,
    serial_no: serialNumberField,
    reason: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
    acknowledge_unsettled: z.boolean().optional().meta({ label: 'Unmap even with payments not yet settled' }),
  }),
  output: terminalRow,
  example: 'traction terminals unmap --terminal-id 2TRC0123 --serial-no PAX-0000123 --reason "Merchant closed"',
});

export const unmapTerminalsBulk = defineCommand({
  id: 'terminals.unmap-bulk',
  group: 'terminals',
  action: 'unmap-bulk',
  title: 'Unmap selected terminals',
  description:
    'Detaches every selected terminal from its merchant, as unmapping one does: by ids, or every terminal matching the list filters. Terminals with no merchant, or with payments not yet settled (unless acknowledge_unsettled is set), are skipped and reported.',
  keywords: ['bulk unmap', 'unmap terminals', 'selection'],
  method: 'POST',
  path: '/v1/stores/admin/terminal_unmap/bulk',
  permission: 'terminals.manage',
  danger: 'confirm',
  idempotency: 'required',
  audit: { action: 'unmap {subject}', subject: { kind: 'terminal', from: 'selection' }, note: 'reason' },
  input: z
    .object({
      ...selectionFields(listTerminals),
      reason: z.string().trim().min(3).max(300).meta({ label: 'Why' }),
      acknowledge_unsettled: z.boolean().optional().meta({ label: 'Unmap even with payments not yet settled' }),
    })
    .superRefine(checkSelection),
  output: bulkOutput,
  example: 'traction terminals unmap-bulk --ids 12,13 --reason "Merchants closed"',
});
