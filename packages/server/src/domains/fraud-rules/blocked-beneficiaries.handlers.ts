import {
  addBlockedBeneficiary,
  alreadyInState,
  badRequest,
  type BlockedBeneficiary,
  bankByCbnCode,
  beneficiaryWords,
  isValidNuban,
  listBlockedBeneficiaries,
  notFound,
  removeBlockedBeneficiary,
} from '@traction/core';
import { sql, type SqlBool } from 'kysely';
import { lowerPrefixPattern, prefixPattern } from '../../db/like';
import { isoTimestamp } from '../../db/timestamps';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { type BlockedRow, blockedQuery, deleteBlocked, enabledRules, findBlocked, insertBlocked } from './fraud-rules.repository';

function toBlockedBeneficiary(row: BlockedRow): BlockedBeneficiary {
  return {
    id: row.id,
    bankCode: row.bank_code,
    bankName: bankByCbnCode(row.bank_code)?.shortName ?? row.bank_code,
    accountNumber: row.account_number,
    accountName: row.account_name,
    reason: row.reason,
    addedAt: isoTimestamp(row.added_at),
    addedBy: row.added_by_name,
  };
}

export const listBlockedBeneficiariesHandler = implementList(listBlockedBeneficiaries, ({ input, ctx }) => {
  let query = blockedQuery(ctx.db);
  if (input.bankCode) query = query.where('b.bank_code', '=', input.bankCode);
  if (input.search) {
    query = query.where(sql<SqlBool>`(b.account_number like ${prefixPattern(input.search)} or lower(b.account_name) like ${lowerPrefixPattern(input.search)})`);
  }
  return { query, cursor: { column: 'b.id', key: 'id', direction: 'desc' }, map: toBlockedBeneficiary };
});

export const addBlockedBeneficiaryHandler = implement(addBlockedBeneficiary, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const bank = bankByCbnCode(input.bankCode);
  if (!bank) throw badRequest(`No bank we send to has the CBN code ${input.bankCode}`, [{ field: 'bankCode', message: 'is not a bank transfers can reach' }]);
  // A mistyped number would block nobody while looking like protection: refuse it.
  if (!isValidNuban(input.bankCode, input.accountNumber)) {
    const message = `is not a valid ${bank.shortName} account number (its check digit does not match)`;
    throw badRequest(`${input.accountNumber} ${message}`, [{ field: 'accountNumber', message }]);
  }
  const who = beneficiaryWords(input);
  const id = await insertBlocked(ctx.db, {
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    accountName: input.accountName || null,
    reason: input.reason,
    adminId: actor.id,
    at: ctx.now,
  });
  if (id === null) throw alreadyInState(`${who} is already on the blocked beneficiaries list`);
  const rules = (await enabledRules(ctx.db)).filter((rule) => rule.kind === 'blocked_beneficiary');
  const effect =
    rules.length === 0
      ? 'but no blocked-beneficiary rule is enabled, so transfers to it are not stopped until one is'
      : `transfers to it are ${rules.some((rule) => rule.action === 'block') ? 'blocked' : rules.some((rule) => rule.action === 'hold') ? 'held for review' : 'recorded'} from the next one`;
  const entry = toBlockedBeneficiary((await findBlocked(ctx.db, input.bankCode, input.accountNumber))!);
  return { beneficiary: entry, message: `${who} is on the blocked beneficiaries list: ${effect}.` };
});

export const removeBlockedBeneficiaryHandler = implement(removeBlockedBeneficiary, async ({ input, ctx }) => {
  requireAdmin(ctx);
  const who = beneficiaryWords(input);
  if (!(await deleteBlocked(ctx.db, input.bankCode, input.accountNumber))) throw notFound(`${who} is not on the blocked beneficiaries list`);
  return { ok: true as const, message: `${who} is off the blocked beneficiaries list: transfers to it are judged by the other rules again.` };
});
