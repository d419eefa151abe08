import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { reasonField } from '../../schemas/risk';
import { yesNo } from '../audit/audit-description';
import { bankCodeField, transferProviderField } from '../transfers/transfer-schemas';
import { providerWords, routedBankWords, routingChangeRow, transferRoute, transferRoutingOverview, transferProviderState } from './transfer-routing-schemas';

/** A bank by its CBN code; bounded so that no input string is unbounded (the fuzz test walks every one). */
const routedBankCodeField = bankCodeField.max(3, 'must be a 3-digit CBN bank code (058 for GTBank)');

export const listTransferProviders = defineCommand({
  id: 'transfer-providers.list',
  group: 'transfer-providers',
  action: 'list',
  title: 'Show the funds-transfer providers and routes',
  description:
    'The Funds Transfer Provider Portal: each provider (Providus, VFD, Wema) up or down, the provider of all banks and the banks routed to another one, and where a new transfer goes now.',
  keywords: ['funds transfer provider portal', 'provider', 'routing', 'failover', 'nip'],
  method: 'GET',
  path: '/api/transfer-providers',
  permission: 'transfers.view',
  input: z.object({}),
  output: transferRoutingOverview,
  example: 'traction transfer-providers list',
});

export const routeTransfers = defineCommand({
  id: 'transfer-providers.route',
  group: 'transfer-providers',
  action: 'route',
  title: 'Choose the provider of all banks or of one bank',
  description:
    'New transfers to the bank (or to every bank without a route of its own) go through this provider. Transfers already sent keep theirs. A reason is required and kept in the history.',
  keywords: ['funds transfer provider portal', 'switch provider', 'active provider', 'route'],
  method: 'POST',
  path: '/api/transfer-routes',
  permission: 'transfers.providers',
  danger: 'confirm',
  audit: { action: (input) => `route transfers to ${routedBankWords(input.bankCode)} through ${providerWords(input.provider)}`, note: 'reason' },
  input: z.object({
    provider: transferProviderField.meta({ label: 'Provider' }),
    /** The bank (CBN code) whose transfers this provider sends; absent: all banks. */
    bankCode: routedBankCodeField.optional().meta({ label: 'Bank code (empty: all banks)' }),
    reason: reasonField,
  }),
  output: z.object({ route: transferRoute, message: z.string() }),
  example: 'traction transfer-providers route --provider vfd --bank-code 058 --reason "Providus slow to GTBank today"',
});

export const clearBankRoute = defineCommand({
  id: 'transfer-providers.clear-route',
  group: 'transfer-providers',
  action: 'clear-route',
  title: "Remove a bank's own route",
  description: 'New transfers to the bank go through the provider of all banks again. A reason is required.',
  keywords: ['funds transfer provider portal', 'remove override', 'route'],
  method: 'DELETE',
  path: '/api/transfer-routes/{bankCode}',
  permission: 'transfers.providers',
  danger: 'confirm',
  audit: { action: (input) => `send transfers to ${routedBankWords(input.bankCode)} through the provider of all banks again`, note: 'reason' },
  input: z.object({ bankCode: routedBankCodeField.meta({ label: 'Bank code' }), reason: reasonField }),
  output: z.object({ routeForAll: transferRoute, message: z.string() }),
  example: 'traction transfer-providers clear-route --bank-code 058 --reason "Providus is fast again"',
});

export const PROVIDER_STATES = ['up', 'down'] as const;

export const markTransferProvider = defineCommand({
  id: 'transfer-providers.mark',
  group: 'transfer-providers',
  action: 'mark',
  title: 'Mark a funds-transfer provider down or up',
  description:
    'While a provider is down, new transfers routed to it go to the next provider that is up (Providus, VFD, Wema in turn); transfers already sent keep their provider and are re-queried through it.',
  keywords: ['funds transfer provider portal', 'outage', 'failover', 'provider down', 'provider up'],
  method: 'POST',
  path: '/api/transfer-providers/{provider}/state',
  permission: 'transfers.providers',
  danger: 'confirm',
  audit: { action: (input) => `mark ${providerWords(input.provider)} ${input.state === 'up' ? 'up' : 'down'}`, note: 'reason' },
  input: z.object({
    provider: transferProviderField.meta({ label: 'Provider' }),
    state: z.enum(PROVIDER_STATES).meta({ label: 'State' }),
    reason: reasonField,
  }),
  output: z.object({ provider: transferProviderState, message: z.string() }),
  example: 'traction transfer-providers mark --provider providus --state down --reason "Providus NIP timing out since 10:40"',
});

export const transferRoutingHistory = defineCommand({
  id: 'transfer-providers.history',
  group: 'transfer-providers',
  action: 'history',
  title: 'List changes of transfer routes and provider states',
  description: 'Who routed which banks to which provider, or marked a provider down or up, when and why; newest first.',
  keywords: ['funds transfer provider portal', 'history', 'provider changes'],
  method: 'GET',
  path: '/api/transfer-providers/history',
  permission: 'transfers.view',
  input: z.object({ ...listPaging }),
  output: listOutput(routingChangeRow),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    csv: true,
    rowName: 'subject',
    columns: [
      { key: 'changedAt', label: 'When', kind: 'datetime' },
      { key: 'subject', label: 'What', kind: 'text' },
      { key: 'from', label: 'From', kind: 'text' },
      { key: 'to', label: 'To', kind: 'text' },
      { key: 'reason', label: 'Reason', kind: 'sentence' },
      { key: 'changedBy', label: 'By', kind: 'email' },
    ],
  },
  example: 'traction transfer-providers history',
});

export const setSandboxTransferOutage = defineCommand({
  id: 'sandbox.transfer-outage',
  group: 'sandbox',
  action: 'transfer-outage',
  title: "Switch a sandbox transfer provider's outage on or off",
  description:
    'For rehearsals: while on, every call to that sandbox provider fails as unavailable, as a real provider does during an outage (refused when the provider is a real one). Marking it down for routing is separate.',
  keywords: ['sandbox', 'outage', 'provider down', 'rehearsal'],
  method: 'POST',
  path: '/api/transfer-providers/{provider}/sandbox-outage',
  permission: 'transfers.providers',
  danger: 'confirm',
  audit: {
    action: (input) => {
      const down = yesNo(input.down);
      return `${down === undefined ? 'switch' : down ? 'start' : 'end'} the sandbox outage of ${providerWords(input.provider)}`;
    },
  },
  input: z.object({
    provider: transferProviderField.meta({ label: 'Provider' }),
    /** true: the sandbox stops answering; false: it answers again. */
    down: z.boolean().meta({ label: 'Outage on (untick to end it)' }),
  }),
  output: z.object({ provider: transferProviderState, message: z.string() }),
  example: 'traction sandbox transfer-outage --provider providus --down',
});
