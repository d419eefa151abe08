import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { stateCodeField } from '../../schemas/business';
import { idField, searchField, timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';

/**
 * Terminal locations (docs/decisions.md "Terminals"): the named places terminals are stocked in or
 * deployed from — warehouses, merchant sites, field offices. A terminal names its place by
 * `locationId`; its free-text `location` stays the detail (a shelf, a store's address).
 */

export const TERMINAL_LOCATION_KINDS = ['WAREHOUSE', 'MERCHANT_SITE', 'FIELD_OFFICE'] as const;
export type TerminalLocationKind = (typeof TERMINAL_LOCATION_KINDS)[number];
export const TERMINAL_LOCATION_KIND_WORDS: Record<TerminalLocationKind, string> = {
  WAREHOUSE: 'Warehouse',
  MERCHANT_SITE: 'Merchant site',
  FIELD_OFFICE: 'Field office',
};

const kindField = z.enum(TERMINAL_LOCATION_KINDS).meta({ label: 'Kind' });
const nameField = z.string().trim().min(2).max(80).meta({ label: 'Name' });
const addressField = z.string().trim().min(5).max(200).meta({ label: 'Address' });
const lgaField = z.string().trim().max(60).meta({ label: 'LGA' });
/** Terminals it can hold; none: no limit. */
const capacityField = z.number().int('must be a whole number of terminals').min(1).max(1_000_000).meta({ label: 'Capacity (terminals)' });

export const terminalLocationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  lga: z.string().nullable(),
  kind: kindField,
  /** Terminals it can hold; null: no limit. */
  capacity: z.number().int().nullable(),
  /** Terminals there now, in any state. */
  terminals: z.number().int(),
  /** Terminals it can still take; null: no limit. */
  room: z.number().int().nullable(),
  /** Whether terminals may be sent there. */
  active: z.boolean(),
  updatedAt: timestamp,
});
export type TerminalLocationRow = z.infer<typeof terminalLocationRow>;

const locationColumns = [
  { key: 'name', label: 'Name', kind: 'text', priority: 'high' },
  { key: 'kind', label: 'Kind', kind: 'enum', words: TERMINAL_LOCATION_KIND_WORDS, priority: 'medium' },
  { key: 'stateName', label: 'State', kind: 'text', priority: 'medium' },
  { key: 'lga', label: 'LGA', kind: 'text', priority: 'low' },
  { key: 'address', label: 'Address', kind: 'sentence', priority: 'low' },
  { key: 'terminals', label: 'Terminals', kind: 'number' },
  { key: 'capacity', label: 'Capacity', kind: 'number', priority: 'low' },
  { key: 'room', label: 'Room', kind: 'number', priority: 'low' },
  { key: 'active', label: 'Active', kind: 'boolean' },
] as const;

export const listTerminalLocations = defineCommand({
  id: 'terminal-locations.all',
  group: 'terminal-locations',
  action: 'all',
  title: 'List terminal locations',
  description:
    'Every place terminals are stocked in or deployed from, with how many terminals are there, its capacity and the room left. Search matches the start of a name, LGA or address word.',
  keywords: ['terminal location', 'warehouse', 'field office', 'merchant site', 'location/all'],
  method: 'GET',
  path: '/v1/stores/terminal/location/all',
  permission: 'terminals.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    stateCode: stateCodeField.optional(),
    kind: kindField.optional(),
    active: z.boolean().optional().meta({ label: 'Active' }),
  }),
  output: listOutput(terminalLocationRow),
  list: {
    route: '/terminal-locations',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'name',
    csv: true,
    columns: locationColumns,
  },
  example: 'traction terminal-locations all --state-code LA --kind WAREHOUSE',
});

export const listAvailableTerminalLocations = defineCommand({
  id: 'terminal-locations.available',
  group: 'terminal-locations',
  action: 'available',
  title: 'List locations that can take terminals',
  description: 'The active locations with room for at least one more terminal (those without a capacity always have room).',
  keywords: ['available locations', 'location/available'],
  method: 'GET',
  path: '/v1/stores/terminal/location/available',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, search: searchField.optional(), stateCode: stateCodeField.optional(), kind: kindField.optional() }),
  output: listOutput(terminalLocationRow),
  list: { pageSize: PAGE_SIZE, rowKey: 'id', searchField: 'search', rowName: 'name', csv: true, columns: locationColumns },
  example: 'traction terminal-locations available --state-code FC',
});

export const addTerminalLocation = defineCommand({
  id: 'terminal-locations.add',
  group: 'terminal-locations',
  action: 'add',
  title: 'Add a terminal location',
  description: 'A new place for terminals: its name (unique), address, state, LGA, kind and, if it has one, how many terminals it can hold.',
  keywords: ['new location', 'new warehouse'],
  method: 'POST',
  path: '/v1/stores/terminal/location/add',
  permission: 'terminals.manage',
  audit: { action: (input) => `add the terminal location ${said(input.name) ? `“${said(input.name)}”` : '(no name)'}` },
  input: z.object({
    name: nameField,
    address: addressField,
    stateCode: stateCodeField,
    lga: lgaField.optional(),
    kind: kindField,
    capacity: capacityField.optional(),
  }),
  output: terminalLocationRow,
  example: 'traction terminal-locations add --name "Ikeja Warehouse" --address "12 Oba Akran Avenue, Ikeja" --state-code LA --kind WAREHOUSE --capacity 500',
});

export const updateTerminalLocation = defineCommand({
  id: 'terminal-locations.update',
  group: 'terminal-locations',
  action: 'update',
  title: 'Change a terminal location',
  description:
    'Its name, address, state, LGA, kind, capacity (null: no limit; never below the terminals there) or whether it is active (an inactive location keeps its terminals but takes no more). What is left out stays as it was.',
  keywords: ['edit location', 'deactivate location'],
  method: 'POST',
  path: '/v1/stores/terminal/location/update',
  permission: 'terminals.manage',
  audit: { action: (input) => `change terminal location #${said(input.id) || '?'}` },
  input: z.object({
    id: idField.meta({ label: 'Location' }),
    name: nameField.optional(),
    address: addressField.optional(),
    stateCode: stateCodeField.optional(),
    lga: lgaField.nullable().optional(),
    kind: kindField.optional(),
    capacity: capacityField.nullable().optional(),
    active: z.boolean().optional().meta({ label: 'Active (takes terminals)' }),
  }),
  output: terminalLocationRow,
  example: 'traction terminal-locations update --id 4 --capacity 800',
});

export const removeTerminalLocation = defineCommand({
  id: 'terminal-locations.remove',
  group: 'terminal-locations',
  action: 'remove',
  title: 'Remove a terminal location',
  description:
    'Takes a location off the lists for good. Refused while any terminal is there, saying how many: move them first. (To stop sending terminals to it for a while, make it inactive instead.)',
  keywords: ['delete location'],
  method: 'POST',
  path: '/v1/stores/terminal/location/remove',
  permission: 'terminals.manage',
  danger: 'confirm',
  audit: { action: (input) => `remove terminal location #${said(input.id) || '?'}` },
  input: z.object({ id: idField.meta({ label: 'Location' }) }),
  output: z.object({ id: z.number().int(), name: z.string(), removedAt: timestamp }),
  example: 'traction terminal-locations remove --id 4 --yes',
});
