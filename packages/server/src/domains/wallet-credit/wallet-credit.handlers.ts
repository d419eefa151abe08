import {
  authoriseWalletCredit,
  authoriseWalletDebit,
  conflict,
  formatNaira,
  getWalletCreditBusiness,
  lagosDateTime,
  listWalletCreditRequests,
  notFound,
  requestWalletCredit,
  requestWalletDebit,
  WALLET_CREDIT_ACTION,
  WALLET_DEBIT_ACTION,
  type AnyCommand,
  type WalletCreditBusiness,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList, type Implementation } from '../../handling/implement';
import { type Acting, actingOf, type ApprovalExecutor, createApprovalRequest, decideApproval, executorsById, requestListSource } from '../approvals/index';
import { storeUpload } from '../kyc/index';
import { openCompanyAccounts, post, walletAccount } from '../ledger/index';
import { findBusinessWallet } from './wallet-credit.repository';

type Direction = 'credit' | 'debit';
const ACTIONS: Record<Direction, string> = { credit: WALLET_CREDIT_ACTION, debit: WALLET_DEBIT_ACTION };

/**
 * Runs an approved credit or debit: one transfer between the company's adjustments account and
 * the wallet, referenced `CR-<request>` / `DR-<request>`, narrated with the request's reason.
 * The ledger checks the money policy and the balance: a frozen wallet, or a debit the wallet
 * cannot cover, is its 409 and the request stays pending.
 */
function walletExecutor(direction: Direction): ApprovalExecutor {
  return {
    commandId: ACTIONS[direction],
    async execute(db, request, meta) {
      const walletUid = typeof request.input.walletUid === 'string' ? request.input.walletUid : '';
      if (!walletUid) throw new Error(`approval request ${request.id} names no wallet`);
      const company = await openCompanyAccounts(db);
      const wallet = await walletAccount(db, walletUid);
      const reference = `${direction === 'credit' ? 'CR' : 'DR'}-${request.id}`;
      const accounts = direction === 'credit' ? { debit: company.adjustments, credit: wallet.id } : { debit: wallet.id, credit: company.adjustments };
      await post(
        db,
        [{ ...accounts, amount: request.amount, kind: direction, reference, narration: request.reason, counterparty: 'Traction adjustments' }],
        meta,
      );
      return { reference };
    },
  };
}

/** The executors of this domain's actions, registered at the composition root. */
export const walletCreditExecutors: readonly ApprovalExecutor[] = [walletExecutor('credit'), walletExecutor('debit')];
const ownExecutors = executorsById(walletCreditExecutors);

async function businessOf(ctx: HandlerContext, ref: string): Promise<WalletCreditBusiness> {
  const business = await findBusinessWallet(ctx.db, ref);
  if (!business) throw notFound(`No business has the ${/^\d+$/.test(ref) ? 'id' : 'email'} ${ref}`);
  return business;
}

export const listWalletCreditRequestsHandler = implementList(listWalletCreditRequests, ({ input, ctx }) =>
  requestListSource(ctx, {
    status: input.status ?? 'ALL',
    commands: input.direction ? [ACTIONS[input.direction === 'CREDIT' ? 'credit' : 'debit']] : Object.values(ACTIONS),
    businessId: input.businessId,
    search: input.search,
  }),
);

export const getWalletCreditBusinessHandler = implement(getWalletCreditBusiness, async ({ input, ctx }) => ({ business: await businessOf(ctx, input.email) }));

/**
 * Records a credit or debit request of a business's wallet, waiting for a second admin: the
 * business must have a wallet, and a debit must fit the balance now (the ledger checks again,
 * under the wallet's lock, when it posts). Evidence, if any, is kept only once the request is
 * found acceptable (`keepEvidence` is given the business's id).
 */
export async function requestWalletMovement(
  acting: Acting,
  direction: Direction,
  asked: { business: string; amount: number; reason: string },
  keepEvidence?: (businessId: number) => Promise<number>,
) {
  const business = await findBusinessWallet(acting.db, asked.business);
  if (!business) throw notFound(`No business has the ${/^\d+$/.test(asked.business) ? 'id' : 'email'} ${asked.business}`);
  if (!business.wallet) throw conflict(`${business.name} has no wallet: there is nothing to ${direction}`, { reason: 'no_wallet' });
  if (direction === 'debit' && business.wallet.balance < asked.amount) {
    throw conflict(`${business.name}'s wallet holds ${formatNaira(business.wallet.balance)}; a debit of ${formatNaira(asked.amount)} would overdraw it`, {
      reason: 'insufficient_balance',
    });
  }
  const evidenceUploadId = keepEvidence ? await keepEvidence(business.id) : null;
  const { request } = await createApprovalRequest(acting, {
    commandId: ACTIONS[direction],
    businessId: business.id,
    amount: asked.amount,
    reason: asked.reason,
    input: { walletUid: business.wallet.uid },
    evidenceUploadId,
  });
  return {
    request,
    message: `${direction === 'credit' ? 'Credit' : 'Debit'} request #${request.id} of ${formatNaira(asked.amount)} for ${business.name} waits for another admin's authorisation (until ${lagosDateTime(request.expiresAt)}, Lagos time).`,
  };
}

function requestHandler(command: typeof requestWalletCredit | typeof requestWalletDebit, direction: Direction): Implementation {
  return implement(command as AnyCommand as typeof requestWalletCredit, async ({ input, ctx }) => {
    const evidence = input.evidence;
    return requestWalletMovement(
      actingOf(ctx),
      direction,
      { business: input.business, amount: input.amount, reason: input.reason },
      evidence ? (businessId) => storeUpload(ctx, evidence, { businessId, field: 'evidence' }) : undefined,
    );
  });
}

export const requestWalletCreditHandler = requestHandler(requestWalletCredit, 'credit');
export const requestWalletDebitHandler = requestHandler(requestWalletDebit, 'debit');

/** Authorising is approving, through the approvals domain's one decision, limited to the command's own direction. */
function authoriseHandler(command: typeof authoriseWalletCredit | typeof authoriseWalletDebit, direction: Direction): Implementation {
  return implement(command as AnyCommand as typeof authoriseWalletCredit, async ({ input, ctx }) =>
    decideApproval(actingOf(ctx), {
      id: input.id,
      decision: 'approve',
      note: input.note ?? null,
      commandId: command.id,
      onlyAction: ACTIONS[direction],
      executors: ownExecutors,
    }),
  );
}

export const authoriseWalletCreditHandler = authoriseHandler(authoriseWalletCredit, 'credit');
export const authoriseWalletDebitHandler = authoriseHandler(authoriseWalletDebit, 'debit');
