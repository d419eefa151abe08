import { ApiError, badRequest, bankByCbnCode, conflict, providerWords } from '@traction/core';
import type { Db } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { TransferProviderError } from '../../providers/transfers/transfer-provider';
import { type ChosenTransferProvider, chooseTransferProvider } from '../transfer-routing/index';

/** Name enquiry answers differ from what people type in case, spacing and the order of names. */
const nameWords = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort()
    .join(' ');

export interface ConfirmedBeneficiary {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  provider: string;
}

/**
 * Asks the beneficiary's bank, through the routed provider, who holds the account: what every
 * transfer does before anything moves. A number the bank refuses or does not hold is a 400 naming
 * the field; a name that is not the one expected is a 409; a bank that does not answer is a 504
 * or 502, and nothing was sent. `route`: the provider already chosen for the bank (a bulk
 * upload asks thousands of accounts at a few banks, and chooses once per bank).
 */
export async function confirmBeneficiary(
  db: Db,
  deps: AppDeps,
  query: { bankCode: string; accountNumber: string; expectedName?: string | undefined },
  options: { route?: ChosenTransferProvider } = {},
): Promise<ConfirmedBeneficiary> {
  const bank = bankByCbnCode(query.bankCode);
  if (!bank)
    throw badRequest(`No bank has the CBN code ${query.bankCode}`, [{ field: 'bankCode', message: 'is not a bank transfers can reach (see the bank list)' }]);
  const route = options.route ?? (await chooseTransferProvider(db, query.bankCode));
  try {
    const answer = await deps.providers.transfers[route.provider].nameEnquiry({ bankCode: query.bankCode, accountNumber: query.accountNumber });
    if (query.expectedName && nameWords(query.expectedName) !== nameWords(answer.accountName)) {
      throw conflict(`${bank.name} says ${query.accountNumber} is held by ${answer.accountName}, not ${query.expectedName}: nothing was sent`, {
        reason: 'name_mismatch',
        accountName: answer.accountName,
      });
    }
    return { bankCode: query.bankCode, bankName: bank.name, accountNumber: query.accountNumber, accountName: answer.accountName, provider: route.provider };
  } catch (error) {
    if (!(error instanceof TransferProviderError)) throw error;
    if (error.kind === 'invalid_account')
      throw badRequest(`${query.accountNumber} is not a valid ${bank.name} account number`, [
        { field: 'accountNumber', message: 'has a wrong check digit for this bank' },
      ]);
    if (error.kind === 'not_found')
      throw badRequest(`${bank.name} holds no account ${query.accountNumber}`, [{ field: 'accountNumber', message: `${bank.name} holds no such account` }]);
    const timeout = error.kind === 'timeout';
    const through = providerWords(route.provider);
    throw new ApiError(
      timeout ? 504 : 502,
      `${bank.name} could not confirm who holds ${query.accountNumber}: ${through} ${timeout ? 'did not answer in time' : 'is not answering'}. Nothing was sent. Try again ${timeout ? 'in a few minutes' : 'later'}, or mark ${through} down on the Funds Transfer Provider Portal so transfers go through another provider.`,
      { reason: timeout ? 'name_enquiry_timeout' : 'name_enquiry_failed', provider: route.provider },
      { cause: error },
    );
  }
}
