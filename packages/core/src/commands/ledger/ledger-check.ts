import { z } from 'zod';
import { defineCommand } from '../../command';
import { koboAmount } from '../../schemas/money';

const ledgerDifference = z.object({
  /** The account's code (`wallet:<uid>`, `company:fee-income`), or null for the whole ledger. */
  account: z.string().nullable(),
  problem: z.string(),
  /** What the transfers say. */
  expected: koboAmount.nullable(),
  /** What is recorded. */
  actual: koboAmount.nullable(),
});

export const ledgerCheck = defineCommand({
  id: 'ledger.check',
  group: 'ledger',
  action: 'check',
  title: 'Check the ledger',
  description:
    "Recomputes every wallet's balance from its transfers, proves total debits equal total credits, and lists what differs (an empty list: the ledger is sound).",
  keywords: ['verify ledger', 'reconcile', 'balances', 'double entry'],
  method: 'GET',
  path: '/api/EWTraction/ledger/check',
  permission: 'ledger.view',
  input: z.object({}),
  output: z.object({
    ok: z.boolean(),
    accounts: z.number().int(),
    transfers: z.number().int(),
    totalDebits: koboAmount,
    totalCredits: koboAmount,
    differences: z.array(ledgerDifference),
  }),
  example: 'traction ledger check',
});
