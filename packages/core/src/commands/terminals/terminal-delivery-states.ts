import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField, timestamp } from '../../schemas/common';
import { said } from '../audit/audit-description';

/**
 * Terminal Delivery States (Settings, `/terminal-delivery-portal`; docs/decisions.md "Terminals"):
 * the steps a request's delivery passes through — packed, handed to a courier, out for delivery,
 * delivered, failed, returned — in the order the console lists them. A request names the one it
 * is at; a state some request is at is made inactive, never removed.
 */

/** The most states there may be: a list people pick from, not a log. */
export const MAX_DELIVERY_STATES = 30;

const nameField = z.string().trim().min(2).max(60).meta({ label: 'Name' });
const descriptionField = z.string().trim().max(200).meta({ label: 'What it means' });
/** 1 is first; a state put at a place others hold moves them down one. */
const positionField = z.number().int('must be a whole number').min(1).max(MAX_DELIVERY_STATES).meta({ label: 'Place in the list' });
const deliveredField = z.boolean().meta({ label: 'Means delivered' });
const YES_NO = { true: 'Yes', false: 'No' } as const;

export const deliveryStateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Its place in the list, from 1. */
  position: z.number().int(),
  /** Whether requests may be put in it. */
  active: z.boolean(),
  /** Whether a request in it has been delivered (the delivery is over). */
  delivered: z.boolean(),
  /** Requests in this state now: a state in use is made inactive, never removed. */
  requests: z.number().int(),
  updatedAt: timestamp,
});
export type DeliveryStateRow = z.infer<typeof deliveryStateRow>;

export const listDeliveryStates = defineCommand({
  id: 'terminal-delivery-states.list',
  group: 'terminal-delivery-states',
  action: 'list',
  title: 'List terminal delivery states',
  description:
    'The steps a terminal delivery passes through, in their order: whether each is in use, whether it means delivered, and how many requests are in it now. Search matches the start of a name.',
  keywords: ['delivery states', 'terminal delivery portal', 'courier', 'delivery status'],
  method: 'GET',
  path: '/v1/stores/terminal-delivery-states',
  permission: 'terminals.view',
  input: z.object({ ...listPaging, search: searchField.optional(), active: z.boolean().optional().meta({ label: 'In use' }) }),
  output: listOutput(deliveryStateRow),
  list: {
    route: '/terminal-delivery-portal',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    rowName: 'name',
    csv: true,
    columns: [
      { key: 'position', label: 'Order', kind: 'number', priority: 'medium' },
      { key: 'name', label: 'State', kind: 'text', priority: 'high' },
      { key: 'description', label: 'What it means', kind: 'sentence', priority: 'low' },
      { key: 'delivered', label: 'Means delivered', kind: 'boolean', words: YES_NO },
      { key: 'active', label: 'In use', kind: 'boolean', words: YES_NO },
      { key: 'requests', label: 'Requests in it', kind: 'number' },
      { key: 'updatedAt', label: 'Changed', kind: 'datetime', priority: 'low' },
    ],
  },
  example: 'traction terminal-delivery-states list --active',
});

export const addDeliveryState = defineCommand({
  id: 'terminal-delivery-states.add',
  group: 'terminal-delivery-states',
  action: 'add',
  title: 'Add a terminal delivery state',
  description:
    'A new step of terminal deliveries: its name (unique), what it means, whether it means delivered, and its place in the list (last unless you say; the states from that place move down one).',
  keywords: ['new delivery state'],
  method: 'POST',
  path: '/v1/stores/terminal-delivery-states',
  permission: 'terminals.delivery-states',
  audit: { action: (input) => `add the terminal delivery state ${said(input.name) ? `“${said(input.name)}”` : '(no name)'}` },
  input: z.object({
    name: nameField,
    description: descriptionField.optional(),
    delivered: deliveredField.default(false),
    position: positionField.optional(),
  }),
  output: deliveryStateRow,
  example: 'traction terminal-delivery-states add --name "Awaiting pickup" --position 2',
});

export const updateDeliveryState = defineCommand({
  id: 'terminal-delivery-states.update',
  group: 'terminal-delivery-states',
  action: 'update',
  title: 'Change a terminal delivery state',
  description:
    'Renames it, moves it to another place in the list, says whether it means delivered, or takes it out of use (active false: requests already in it keep it, no more are put in it). What is left out stays as it was.',
  keywords: ['rename delivery state', 'reorder delivery states', 'deactivate delivery state'],
  method: 'PATCH',
  path: '/v1/stores/terminal-delivery-states/{id}',
  permission: 'terminals.delivery-states',
  audit: { action: (input) => `change terminal delivery state #${said(input.id) || '?'}` },
  input: z.object({
    id: idField.meta({ label: 'Delivery state' }),
    name: nameField.optional(),
    description: descriptionField.nullable().optional(),
    delivered: deliveredField.optional(),
    position: positionField.optional(),
    active: z.boolean().optional().meta({ label: 'In use' }),
  }),
  output: deliveryStateRow,
  example: 'traction terminal-delivery-states update --id 3 --position 1 --no-active',
});

export const removeDeliveryState = defineCommand({
  id: 'terminal-delivery-states.remove',
  group: 'terminal-delivery-states',
  action: 'remove',
  title: 'Remove a terminal delivery state',
  description: 'Deletes a state no request is in (a mistake, a duplicate). One that requests are in is refused, saying how many: take it out of use instead.',
  keywords: ['delete delivery state'],
  method: 'DELETE',
  path: '/v1/stores/terminal-delivery-states/{id}',
  permission: 'terminals.delivery-states',
  danger: 'confirm',
  audit: { action: (input) => `remove terminal delivery state #${said(input.id) || '?'}` },
  input: z.object({ id: idField.meta({ label: 'Delivery state' }) }),
  output: z.object({ id: z.number().int(), name: z.string() }),
  example: 'traction terminal-delivery-states remove --id 7 --yes',
});
