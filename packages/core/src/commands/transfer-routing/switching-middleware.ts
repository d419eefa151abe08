import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { reasonField } from '../../schemas/risk';
import { middlewareWords, routingChangeRow, switchingMiddlewareField, switchingMiddlewareState } from './transfer-routing-schemas';

export const getSwitchingMiddleware = defineCommand({
  id: 'switching-middleware.get',
  group: 'switching-middleware',
  action: 'get',
  title: 'Show the active switching middleware',
  description: 'The Middleware Switching Portal: the switch that carries card (POS) transactions now, and the ones that may be chosen.',
  keywords: ['middleware switching portal', 'switch', 'ptsp', 'interswitch', 'upsl', 'pos routing'],
  method: 'GET',
  path: '/api/switching-middleware',
  permission: 'transfers.view',
  input: z.object({}),
  output: switchingMiddlewareState,
  example: 'traction switching-middleware get',
});

export const setSwitchingMiddleware = defineCommand({
  id: 'switching-middleware.set',
  group: 'switching-middleware',
  action: 'set',
  title: 'Choose the switching middleware',
  description: 'Card (POS) transactions go through this switch from the next one on. A reason is required and kept in the history.',
  keywords: ['middleware switching portal', 'switch middleware', 'ptsp', 'interswitch', 'upsl'],
  method: 'POST',
  path: '/api/switching-middleware',
  permission: 'transfers.providers',
  danger: 'confirm',
  audit: { action: (input) => `switch card transactions to ${middlewareWords(input.middleware)}`, note: 'reason' },
  input: z.object({ middleware: switchingMiddlewareField, reason: reasonField }),
  output: switchingMiddlewareState.extend({ message: z.string() }),
  example: 'traction switching-middleware set --middleware INTERSWITCH --reason "NIBSS PTSP maintenance window"',
});

export const switchingMiddlewareHistory = defineCommand({
  id: 'switching-middleware.history',
  group: 'switching-middleware',
  action: 'history',
  title: 'List changes of the switching middleware',
  description: 'Which switch was chosen, by whom, when and why; newest first.',
  keywords: ['middleware switching portal', 'history'],
  method: 'GET',
  path: '/api/switching-middleware/history',
  permission: 'transfers.view',
  input: z.object({ ...listPaging }),
  output: listOutput(routingChangeRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    rowName: 'to',
    columns: [
      { key: 'changedAt', label: 'When', kind: 'datetime' },
      { key: 'from', label: 'From', kind: 'text' },
      { key: 'to', label: 'To', kind: 'text' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'changedBy', label: 'By', kind: 'email' },
    ],
  },
  example: 'traction switching-middleware history',
});
