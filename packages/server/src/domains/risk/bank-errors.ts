import { ApiError, badRequest } from '@traction/core';
import { BankError } from '../../providers/banks/bank-provider';

/**
 * Runs a bank call and turns the bank's refusal into the answer an admin can act on: a number
 * the bank refuses or does not know is a 400 naming the field; no answer in time is a 504 and a
 * bank error a 502, both saying that nothing was changed (callers only write after the bank has
 * answered). `fields` maps the bank's subject to the command's own input names.
 */
export async function callBank<T>(call: () => Promise<T>, fields: { accountNumber?: string; sessionId?: string } = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BankError)) throw error;
    const field = error.subject ? (fields[error.subject] ?? error.subject) : undefined;
    switch (error.kind) {
      case 'invalid_account':
      case 'not_found':
        throw badRequest(error.message, field ? [{ field, message: error.message }] : undefined);
      case 'timeout':
        throw new ApiError(504, `${error.message}. Nothing was changed; try again in a few minutes.`, { reason: 'bank_timeout', bank: error.bank }, { cause: error });
      default:
        throw new ApiError(502, `${error.message}. Nothing was changed; try again later.`, { reason: 'bank_failed', bank: error.bank }, { cause: error });
    }
  }
}
