import {
  alreadyInState,
  blacklistFixedAccountsBulk,
  conflict,
  deactivateFixedAccount,
  downloadFixedAccounts,
  listFixedAccounts,
  listInactiveFixedAccounts,
  notFound,
  rangeBoundToDate,
  renameFixedAccount,
  repushFixedAccount,
  toggleFixedAccountBlacklist,
  type FixedAccount,
} from '@traction/core';
import type { Db } from '../../db/connect';
import { requireAdmin, type HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { resolveSelection } from '../../handling/selection';
import { bankProvider } from '../../providers/banks/bank-provider';
import { recordBusinessEvents } from '../merchants/index';
import { callBank, recordBankChange } from './bank-errors';
import { assertMoneyMayMove } from './money-guard';
import type { RowOf } from '../../db/row-of';
import {
  findFixedAccount,
  fixedAccountQuery,
  fixedAccountSearch,
  inactiveFixedAccountQuery,
  lockFixedAccount,
  markFixedAccountDeactivated,
  setFixedAccountName,
  setFixedAccountsBlacklist,
  toFixedAccount,
} from './risk.repository';

const DAY_MS = 86_400_000;

export const listFixedAccountsHandler = implementList(listFixedAccounts, ({ input, ctx }) => {
  let query = fixedAccountQuery(ctx.db);
  if (input.blacklist !== undefined) query = query.where('f.blacklisted', '=', input.blacklist);
  if (input.bank) query = query.where('f.bank', '=', input.bank);
  if (input.status) query = query.where('f.status', '=', input.status);
  if (input.businessId !== undefined) query = query.where('f.business_id', '=', input.businessId);
  if (input.search) query = query.where(fixedAccountSearch(input.search));
  if (input.startdatetime) query = query.where('f.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('f.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'f.id', key: 'id', direction: 'desc' }, map: toFixedAccount };
});

export const downloadFixedAccountsHandler = implementList(downloadFixedAccounts, ({ input, ctx }) => {
  let query = fixedAccountQuery(ctx.db);
  if (input.start_date) query = query.where('f.created_at', '>=', rangeBoundToDate(input.start_date, 'start'));
  if (input.end_date) query = query.where('f.created_at', '<=', rangeBoundToDate(input.end_date, 'end'));
  if (input.blacklist !== undefined) query = query.where('f.blacklisted', '=', input.blacklist);
  if (input.bank) query = query.where('f.bank', '=', input.bank);
  // Oldest first: a download for a period reads like a register.
  return { query, cursor: { column: 'f.id', key: 'id', direction: 'asc' }, map: toFixedAccount };
});

export const listInactiveFixedAccountsHandler = implementList(listInactiveFixedAccounts, ({ input, ctx }) => {
  const now = ctx.now;
  const since = new Date(now.getTime() - Number(input.inactive_period) * DAY_MS);
  let query = inactiveFixedAccountQuery(ctx.db, since);
  if (input.bank) query = query.where('f.bank', '=', input.bank);
  if (input.search) query = query.where(fixedAccountSearch(input.search));
  return {
    query,
    cursor: { column: 'f.id', key: 'id', direction: 'desc' },
    map: (row: RowOf<typeof fixedAccountQuery>) => {
      const account = toFixedAccount(row);
      const quietSince = Date.parse(account.lastActivityAt ?? account.createdAt);
      return { ...account, idleDays: Math.floor((now.getTime() - quietSince) / DAY_MS) };
    },
  };
});

/** Blacklists (or whitelists) accounts not already so; one history line per account. Returns the ids changed. */
async function setBlacklist(ctx: HandlerContext, ids: readonly number[], blacklist: boolean, reason: string | undefined): Promise<number[]> {
  const actor = requireAdmin(ctx);
  if (ids.length === 0) return [];
  const changed = await setFixedAccountsBlacklist(
    ctx.db,
    ids,
    blacklist ? { blacklist, reason: reason ?? null, adminId: actor.id, at: ctx.now } : { blacklist },
  );
  await recordBusinessEvents(
    ctx.db,
    changed.map((row) => ({
      businessId: row.business_id,
      kind: blacklist ? 'fixed-account.blacklisted' : 'fixed-account.whitelisted',
      message: blacklist
        ? `Fixed account ${row.account_number} (${row.bank}) blacklisted: ${reason}`
        : `Fixed account ${row.account_number} (${row.bank}) whitelisted${reason ? `: ${reason}` : ''}`,
      adminId: actor.id,
      details: { fixedAccountId: row.id, accountNumber: row.account_number, ...(reason ? { reason } : {}) },
      at: ctx.now,
    })),
  );
  return changed.map((row) => row.id);
}

export const toggleFixedAccountBlacklistHandler = implement(toggleFixedAccountBlacklist, async ({ input, ctx }) => {
  // Decided under the row's lock: another admin's toggle that commits first is seen, not repeated.
  const account = await lockFixedAccount(ctx.db, { accountNumber: input.accountNumber });
  if (!account) throw notFound(`No fixed account has the number ${input.accountNumber}`);
  if (account.blacklisted === input.blacklist)
    throw alreadyInState(`Fixed account ${account.account_number} is ${input.blacklist ? 'already blacklisted' : 'not blacklisted'}`);
  await setBlacklist(ctx, [account.id], input.blacklist, input.reason);
  const after = (await findFixedAccount(ctx.db, { id: account.id }))!;
  return {
    account: after,
    message: input.blacklist
      ? `${after.accountNumber} (${after.businessName}) is blacklisted: payments into it are refused.`
      : `${after.accountNumber} (${after.businessName}) is whitelisted again.`,
  };
});

export const blacklistFixedAccountsBulkHandler = implement(blacklistFixedAccountsBulk, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection<FixedAccount>(ctx, listFixedAccountsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such fixed account' }));
  const targets: number[] = [];
  for (const account of rows) {
    if (account.blacklisted === input.blacklist) skipped.push({ id: account.id, reason: input.blacklist ? 'already blacklisted' : 'not blacklisted' });
    else targets.push(account.id);
  }
  const changed = await setBlacklist(ctx, targets, input.blacklist, input.reason);
  // Read before the write: an account another admin changed meanwhile is skipped, and said so.
  const done = new Set(changed);
  for (const id of targets) if (!done.has(id)) skipped.push({ id, reason: input.blacklist ? 'already blacklisted' : 'not blacklisted' });
  return { matched: rows.length, changed: changed.length, skipped };
});

async function loadAccount(ctx: HandlerContext, id: number): Promise<FixedAccount> {
  const account = await findFixedAccount(ctx.db, { id });
  if (!account) throw notFound(`Fixed account ${id} does not exist`);
  return account;
}

// The three commands below call the account's bank. The call is made outside any database
// transaction (a bank may take seconds; a transaction must not wait on it) and before anything
// is written, so a bank that refuses or fails leaves our records as they were. Then a short
// transaction re-checks the account under its lock — another admin may have changed it while
// the bank was asked: 409, saying what the bank may now hold — and writes the change, its
// history and the audit row together; if that write fails, the admin gets the bank's reference.

/** The account as it is now, under its lock, or 404 (it cannot vanish, but say so if it did). */
async function relock(trx: Db, account: FixedAccount) {
  const current = await lockFixedAccount(trx, { id: account.id });
  if (!current) throw notFound(`Fixed account ${account.id} does not exist`);
  return current;
}

export const deactivateFixedAccountHandler = implement(
  deactivateFixedAccount,
  async ({ input, ctx }) => {
    const actor = requireAdmin(ctx);
    const account = await loadAccount(ctx, input.id);
    if (account.status === 'DEACTIVATED') throw alreadyInState(`Fixed account ${account.accountNumber} is already deactivated`);
    const bank = bankProvider(ctx.deps.providers.banks, account.bank);
    const { bankReference } = await callBank(() => bank.deactivateAccount({ accountNumber: account.accountNumber, reason: input.reason }), {
      change: { mayHave: 'deactivated the account' },
    });
    const after = await recordBankChange(ctx, { bank: account.bank, bankReference, accountNumber: account.accountNumber }, async (trx) => {
      const current = await relock(trx, account);
      if (current.status === 'DEACTIVATED') {
        throw conflict(
          `Fixed account ${account.accountNumber} was deactivated by someone else while ${account.bank} was asked; the bank's answer (reference ${bankReference}) changes nothing more here.`,
          {
            reason: 'changed_meanwhile',
            bankReference,
          },
        );
      }
      await markFixedAccountDeactivated(trx, account.id);
      await recordBusinessEvents(trx, [
        {
          businessId: account.businessId,
          kind: 'fixed-account.deactivated',
          message: `Fixed account ${account.accountNumber} (${account.bank}) deactivated: ${input.reason}`,
          adminId: actor.id,
          details: { fixedAccountId: account.id, accountNumber: account.accountNumber, reason: input.reason, bankReference },
          at: ctx.now,
        },
      ]);
      return (await findFixedAccount(trx, { id: account.id }))!;
    });
    return { account: after, bankReference, message: `${account.accountNumber} is deactivated at ${account.bank}; payments into it are refused.` };
  },
  { transactional: false },
);

export const repushFixedAccountHandler = implement(
  repushFixedAccount,
  async ({ input, ctx }) => {
    const actor = requireAdmin(ctx);
    const account = await loadAccount(ctx, input.id);
    // Re-pushing lets payments into the account reach the business again: only when the policy allows them.
    await assertMoneyMayMove(ctx.db, { businessId: account.businessId, direction: 'credit', fixedAccountId: account.id });
    const bank = bankProvider(ctx.deps.providers.banks, account.bank);
    const { bankReference } = await callBank(() => bank.registerAccount({ accountNumber: account.accountNumber, accountName: account.accountName }), {
      change: { mayHave: 'registered the account again' },
    });
    await recordBankChange(ctx, { bank: account.bank, bankReference, accountNumber: account.accountNumber }, async (trx) => {
      const current = await relock(trx, account);
      if (current.status === 'DEACTIVATED') {
        // The bank now takes payments into an account we closed: it must be closed there again.
        throw conflict(
          `Fixed account ${account.accountNumber} was deactivated by someone else while ${account.bank} registered it again (reference ${bankReference}); deactivate it again so the bank stops taking payments into it.`,
          { reason: 'changed_meanwhile', bankReference },
        );
      }
      await recordBusinessEvents(trx, [
        {
          businessId: account.businessId,
          kind: 'fixed-account.repushed',
          message: `Fixed account ${account.accountNumber} re-pushed to ${account.bank}`,
          adminId: actor.id,
          details: { fixedAccountId: account.id, accountNumber: account.accountNumber, bankReference },
          at: ctx.now,
        },
      ]);
    });
    return { account, bankReference, message: `${account.accountNumber} is registered again at ${account.bank} (reference ${bankReference}).` };
  },
  { transactional: false },
);

/** Renames one of our fixed accounts at its bank, then here. Shared with Providus Rename. */
export async function renameAtBank(
  ctx: HandlerContext,
  account: FixedAccount,
  accountName: string,
): Promise<{ account: FixedAccount; bankReference: string; message: string }> {
  const actor = requireAdmin(ctx);
  if (account.status === 'DEACTIVATED') throw conflict(`Fixed account ${account.accountNumber} is deactivated; it cannot be renamed`);
  if (account.accountName === accountName) throw alreadyInState(`Fixed account ${account.accountNumber} is already named "${accountName}"`);
  const bank = bankProvider(ctx.deps.providers.banks, account.bank);
  const { bankReference } = await callBank(() => bank.renameAccount({ accountNumber: account.accountNumber, accountName }), {
    change: { mayHave: `renamed the account "${accountName}"` },
  });
  const after = await recordBankChange(ctx, { bank: account.bank, bankReference, accountNumber: account.accountNumber }, async (trx) => {
    const current = await relock(trx, account);
    const mayShow = `${account.bank} may now show "${accountName}" (reference ${bankReference})`;
    if (current.status === 'DEACTIVATED') {
      throw conflict(`Fixed account ${account.accountNumber} was deactivated by someone else while it was being renamed; ${mayShow}.`, {
        reason: 'changed_meanwhile',
        bankReference,
      });
    }
    if (current.account_name !== account.accountName) {
      throw conflict(
        `Fixed account ${account.accountNumber} was renamed by someone else to "${current.account_name}" meanwhile; ${mayShow}: check it and rename again if needed.`,
        {
          reason: 'changed_meanwhile',
          bankReference,
        },
      );
    }
    await setFixedAccountName(trx, account.id, accountName);
    await recordBusinessEvents(trx, [
      {
        businessId: account.businessId,
        kind: 'fixed-account.renamed',
        message: `Fixed account ${account.accountNumber} renamed "${account.accountName}" → "${accountName}"`,
        adminId: actor.id,
        details: { fixedAccountId: account.id, accountNumber: account.accountNumber, from: account.accountName, to: accountName, bankReference },
        at: ctx.now,
      },
    ]);
    return (await findFixedAccount(trx, { id: account.id }))!;
  });
  return { account: after, bankReference, message: `${account.accountNumber} is now named "${accountName}" at ${account.bank}.` };
}

export const renameFixedAccountHandler = implement(
  renameFixedAccount,
  async ({ input, ctx }) => {
    const account = await loadAccount(ctx, input.id);
    const accountName = input.accountName ?? `Traction/${account.businessName}`.slice(0, 60);
    return renameAtBank(ctx, account, accountName);
  },
  { transactional: false },
);
