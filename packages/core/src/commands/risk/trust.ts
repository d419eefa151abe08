import { z } from 'zod';
import { defineCommand } from '../../command';
import { yesNo } from '../audit/audit-description';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { idField, searchField } from '../../schemas/common';
import { riskBusiness } from '../../schemas/risk';

export const listTrust = defineCommand({
  id: 'trust.list',
  group: 'trust',
  action: 'list',
  title: 'List merchants for trusting',
  description: 'Businesses with whether they are trusted. A business marked as fraud cannot be trusted.',
  keywords: ['trusted merchants', 'accounts for trusting', 'whitelist merchant'],
  method: 'GET',
  path: '/v1/businesses/admin/accounts-for-trusting',
  permission: 'merchants.trust',
  input: z.object({
    ...listPaging,
    /** Only trusted (true) or untrusted (false) businesses. */
    isTrusted: z.boolean().optional().meta({ label: 'Trusted' }),
    /** Start of the name or email, or a business id. */
    search: searchField.optional(),
  }),
  output: listOutput(riskBusiness),
  list: {
    route: '/accounts-for-trusting',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    csv: true,
    detailRoute: '/merchants/{id}',
    bulkCommands: ['trust.toggle'],
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'name', label: 'Business', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'stateName', label: 'State', kind: 'text' },
      { key: 'isTrusted', label: 'Trusted', kind: 'boolean' },
      { key: 'trustedAt', label: 'Trusted since', kind: 'datetime' },
      { key: 'isFraud', label: 'Fraud', kind: 'boolean' },
      { key: 'walletStatus', label: 'Wallet', kind: 'enum' },
      { key: 'createdAt', label: 'Signed up', kind: 'datetime' },
    ],
  },
  example: 'traction trust list --is-trusted',
});

const trustWords = (trusting: boolean | undefined) =>
  trusting === undefined ? 'trust or untrust {subject}' : trusting ? 'trust {subject}' : 'withdraw trust from {subject}';

export const toggleTrust = defineCommand({
  id: 'trust.toggle',
  group: 'trust',
  action: 'toggle',
  title: 'Trust or untrust a merchant',
  description:
    'Trusted merchants skip manual reviews meant for unknown ones. Trust never lets money move that the fraud mark or the wallet status stops, and a business marked as fraud cannot be trusted.',
  keywords: ['trusted merchants', 'trust'],
  method: 'POST',
  path: '/v1/businesses/{id}/toggle-trust',
  permission: 'merchants.trust',
  danger: 'confirm',
  audit: { action: (input) => trustWords(yesNo(input.isTrusted)), subject: { kind: 'business', from: 'id' } },
  input: z.object({
    id: idField,
    /** true trusts the business, false withdraws the trust. */
    isTrusted: z.boolean().meta({ label: 'Trusted (untick to withdraw trust)' }),
  }),
  output: z.object({ business: riskBusiness, message: z.string() }),
  example: 'traction trust toggle --id 42 --is-trusted',
});
