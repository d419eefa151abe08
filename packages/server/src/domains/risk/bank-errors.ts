import { ApiError, badRequest, FIXED_ACCOUNT_BANKS, type FixedAccountBank } from '@traction/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { HandlerContext } from '../../handling/handler-context';
import { BankError } from '../../providers/banks/bank-provider';

/** Where an admin can see for themselves what a bank now holds for one of our accounts. */
const CHECK_AT: Record<FixedAccountBank, string> = {
  WEMA: 'the account with Wema Account Query',
  VFD: 'the account with VFD Transaction Query',
  PROVIDUS: 'the account with Providus',
};

export interface BankCall {
  /** Maps the bank's subject (`accountNumber`, `sessionId`) to the command's own input names. */
  fields?: { accountNumber?: string; sessionId?: string };
  /**
   * The call asks the bank to change something: what it may have done (`deactivated the
   * account`) and, optionally, how to check (otherwise the bank's query command). Without it
   * the call only reads, and a failure of any kind changed nothing.
   */
  change?: { mayHave: string; check?: string };
}

/**
 * Runs a bank call and turns the bank's refusal into the answer an admin can act on: a number
 * the bank refuses or does not know is a 400 naming the field; no answer in time is a 504 and a
 * bank error a 502. A query, or a change the bank answered with an error, changed nothing, and
 * says so. A change with no usable answer (timeout, an answer we cannot read) may have been made
 * at the bank: the admin is told to check before trying again, never that nothing changed.
 */
export async function callBank<T>(call: () => Promise<T>, options: BankCall = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BankError)) throw error;
    const field = error.subject ? (options.fields?.[error.subject] ?? error.subject) : undefined;
    const status = error.kind === 'timeout' ? 504 : 502;
    const reason = error.kind === 'timeout' ? 'bank_timeout' : 'bank_failed';
    if (error.kind === 'invalid_account' || error.kind === 'not_found') {
      throw badRequest(error.message, field ? [{ field, message: error.message }] : undefined);
    }
    if (options.change && error.outcomeUnknown) {
      const check = options.change.check ?? CHECK_AT[error.bank];
      throw new ApiError(
        status,
        `${error.message}, so it may have ${options.change.mayHave} or not. Check ${check} before trying again.`,
        { reason, bank: error.bank, outcome: 'unknown' },
        { cause: error },
      );
    }
    const advice = error.kind === 'timeout' ? 'try again in a few minutes' : 'try again later';
    throw new ApiError(status, `${error.message}. Nothing was changed; ${advice}.`, { reason, bank: error.bank }, { cause: error });
  }
}

/**
 * Writes what a bank has just done — the change, its history and the command's audit row — in
 * one short transaction. A refusal thrown by `work` (a 409: someone else got there first) passes
 * through. Any other failure means the bank acted and we have no record of it: logged at error
 * level with the bank's reference, and answered 502 with the reference, to reconcile.
 */
export async function recordBankChange<T>(
  ctx: HandlerContext,
  receipt: { bank: FixedAccountBank; bankReference: string; accountNumber: string },
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.auditedTransaction(work);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const { bank, bankReference, accountNumber } = receipt;
    ctx.deps.logger.error(
      { err: error, requestId: ctx.request.id, bank, bankReference, accountNumber },
      'a bank applied a change but our record of it failed: reconcile',
    );
    throw new ApiError(
      502,
      `${FIXED_ACCOUNT_BANKS[bank].name} applied the change to ${accountNumber} (reference ${bankReference}) but our record of it failed — reconcile: our records still show it as before.`,
      { reason: 'recorded_failed_after_bank', bank, bankReference, accountNumber },
      { cause: error },
    );
  }
}
