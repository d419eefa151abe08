import { bankByCbnCode, conflict, formatNaira, providerWords, type TransferOrigin, type TransferStatus } from '@traction/core';
import type { Db } from '../../db/connect';
import type { StoredRuleEvaluation } from '../../db/tables/transfers.tables';
import { evaluateTransferRules } from '../fraud-rules/index';
import { enqueueJob } from '../jobs/index';
import { balances, COMPANY_ACCOUNTS, type CompanyAccount, openCompanyAccounts, post, walletAccount } from '../ledger/index';
import { assertMoneyMayMove } from '../risk/index';
import { chooseTransferProvider } from '../transfer-routing/index';
import { transferFee } from '../wallet-settings/index';
import { newSessionId, newTransferReference } from './session-id';
import { insertBankTransfer, insertTransferEvent, recentTransferFacts, referenceTaken } from './transfers.repository';

/** The provider's float: where a transfer sent through it goes in the ledger. */
const FLOAT_OF = { providus: 'floatProvidus', vfd: 'floatVfd', wema: 'floatWema' } as const satisfies Record<string, CompanyAccount>;

/** Company accounts a transfer may be paid from, by the contract's names. */
const COMPANY_SOURCE = { 'fee-income': 'feeIncome', adjustments: 'adjustments' } as const satisfies Record<string, CompanyAccount>;
const COMPANY_SOURCE_NAME = { 'fee-income': 'Fee income', adjustments: 'Manual adjustments' } as const;

export type TransferSource =
  | { kind: 'wallet'; businessId: number; businessName: string; walletUid: string }
  | { kind: 'company'; account: keyof typeof COMPANY_SOURCE };

/** What every way of sending (single, payout, bulk row, sweep, retry, a released hold) asks for. */
export interface TransferOrder {
  origin: TransferOrigin;
  source: TransferSource;
  /** Confirmed by name enquiry before this is called. */
  beneficiary: { bankCode: string; accountNumber: string; accountName: string };
  amount: bigint;
  narration: string;
  reference?: string | undefined;
  batch?: { id: bigint; row: number };
  retryOf?: bigint;
}

export interface TransferActor {
  now: Date;
  adminId: number | null;
  commandId: string;
  requestId: string | null;
  /** Demo data loaded after the fact dates its postings `now`; otherwise the database's clock does. */
  backdated?: boolean;
  /**
   * What a batch's rows share, read once per transaction instead of once per row: a bulk run
   * starts a chunk of rows in one transaction with one memo (`new TransferMemo()`).
   */
  memo?: TransferMemo;
}

/** Reads that do not change within one transaction of a batch: the company accounts, the fee, each bank's route. */
export class TransferMemo {
  private readonly values = new Map<string, Promise<unknown>>();
  remember<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      this.values.set(key, value);
      // A failed read is not remembered: the next row asks again.
      value.catch(() => this.values.delete(key));
    }
    return value;
  }
}

/** `read` once per memo, or every time without one. */
const remembered = <T>(actor: TransferActor, key: string, read: () => Promise<T>) => (actor.memo ? actor.memo.remember(key, read) : read());

export const sourceName = (source: TransferSource) => (source.kind === 'wallet' ? source.businessName : COMPANY_SOURCE_NAME[source.account]);

/**
 * Starts a transfer inside the caller's transaction: checks the money policy and the reference,
 * routes it to a provider, asks the fraud rules, and then either records it HELD or BLOCKED
 * (nothing moves) or debits the source through the ledger (principal and fee) and queues the
 * send, which runs once this commits. Refusals throw before anything is written.
 */
export async function startTransfer(db: Db, order: TransferOrder, actor: TransferActor): Promise<{ id: bigint; status: TransferStatus; reference: string }> {
  const bank = bankByCbnCode(order.beneficiary.bankCode);
  if (!bank) throw conflict(`No bank has the CBN code ${order.beneficiary.bankCode}`, { reason: 'unknown_bank' });
  if (order.source.kind === 'wallet') await assertMoneyMayMove(db, { businessId: order.source.businessId, direction: 'debit' });
  const reference = order.reference ?? newTransferReference(actor.now);
  if (await referenceTaken(db, reference))
    throw conflict(`Reference ${reference} is already used by another transfer: nothing was sent`, { reason: 'duplicate_reference' });
  const route = await remembered(actor, `route:${order.beneficiary.bankCode}`, () => chooseTransferProvider(db, order.beneficiary.bankCode));
  const fee = order.source.kind === 'wallet' ? BigInt(await remembered(actor, 'fee', () => transferFee(db))) : 0n;
  const company = await remembered(actor, 'company', () => openCompanyAccounts(db));
  const source = order.source;
  const sourceAccount =
    source.kind === 'wallet'
      ? // Not remembered: it may open the account, and a row rolled back to its savepoint takes that back.
        await walletAccount(db, source.walletUid)
      : { id: company[COMPANY_SOURCE[source.account]], code: COMPANY_ACCOUNTS[COMPANY_SOURCE[source.account]] };
  if (order.source.kind === 'company') {
    const held = (await balances(db, [sourceAccount.id])).get(sourceAccount.id) ?? 0n;
    if (held < order.amount)
      throw conflict(`${sourceName(order.source)} holds ${formatNaira(held)}: it cannot pay ${formatNaira(order.amount)}. Nothing was sent`, {
        reason: 'insufficient_balance',
      });
  }

  let verdict: { action: 'allow' | 'hold' | 'block'; evaluations: StoredRuleEvaluation[]; reason: string | null } = {
    action: 'allow',
    evaluations: [],
    reason: null,
  };
  {
    const businessId = order.source.kind === 'wallet' ? order.source.businessId : null;
    const recent =
      businessId === null
        ? { transfersLastHour: 0, amountLastHourKobo: 0n, beneficiaryPaidBefore: true }
        : await recentTransferFacts(db, {
            businessId,
            bankCode: order.beneficiary.bankCode,
            accountNumber: order.beneficiary.accountNumber,
            since: new Date(actor.now.getTime() - 3_600_000),
            exceptBatch: order.batch?.id,
          });
    verdict = await evaluateTransferRules(db, { businessId, amountKobo: order.amount, beneficiary: order.beneficiary, recent });
  }

  const status: TransferStatus = verdict.action === 'block' ? 'BLOCKED' : verdict.action === 'hold' ? 'HELD' : 'QUEUED';
  let ledgerTransferId: bigint | null = null;
  if (status === 'QUEUED') {
    ledgerTransferId = await debitForTransfer(db, {
      sourceAccountId: sourceAccount.id,
      provider: route.provider,
      amount: order.amount,
      fee,
      reference,
      narration: order.narration,
      counterparty: `${bank.shortName} ${order.beneficiary.accountNumber} ${order.beneficiary.accountName}`,
      actor,
    });
  }
  const id = await insertBankTransfer(db, {
    reference,
    session_id: newSessionId(route.provider, actor.now),
    status,
    origin: order.origin,
    business_id: order.source.kind === 'wallet' ? order.source.businessId : null,
    wallet_uid: order.source.kind === 'wallet' ? order.source.walletUid : null,
    source_account_code: sourceAccount.code,
    amount: order.amount,
    fee: status === 'QUEUED' ? fee : 0n,
    bank_code: order.beneficiary.bankCode,
    account_number: order.beneficiary.accountNumber,
    account_name: order.beneficiary.accountName,
    narration: order.narration,
    provider: route.provider,
    failed_over_from: route.failedOverFrom,
    ledger_transfer_id: ledgerTransferId,
    rule_action: verdict.action,
    rule_evaluations: JSON.stringify(verdict.evaluations),
    batch_id: order.batch?.id ?? null,
    batch_row: order.batch?.row ?? null,
    retry_of: order.retryOf ?? null,
    created_by: actor.adminId,
    created_at: actor.now,
    updated_at: actor.now,
    finished_at: status === 'BLOCKED' ? actor.now : null,
  });
  const routed = route.failedOverFrom ? `${providerWords(route.provider)} (${providerWords(route.failedOverFrom)} is down)` : providerWords(route.provider);
  const note =
    status === 'BLOCKED'
      ? `Blocked by the fraud rules: ${verdict.reason}. Nothing moved`
      : status === 'HELD'
        ? `Held for review by the fraud rules: ${verdict.reason}. Nothing moves until someone releases it`
        : `Debited ${formatNaira(order.amount)}${fee > 0n ? ` and the ${formatNaira(fee)} fee` : ''} from ${sourceName(order.source)}; queued to send through ${routed}`;
  await insertTransferEvent(db, { transferId: id, status, note, adminId: actor.adminId, at: actor.now });
  if (status === 'QUEUED')
    await enqueueJob(db, {
      kind: SEND_JOB,
      payload: { transferId: Number(id) },
      dedupeKey: `transfer-send:${id}`,
      subject: `Transfer ${reference}`,
      now: actor.now,
    });
  return { id, status, reference };
}

/**
 * Debits a transfer's source through the ledger: the principal to the provider's float, the fee
 * to fee income (a leg of the principal, reversed with it). The ledger checks the money policy,
 * the KYC-tier limits and the balance under the wallet's lock.
 */
export async function debitForTransfer(
  db: Db,
  debit: {
    sourceAccountId: number;
    provider: keyof typeof FLOAT_OF;
    amount: bigint;
    fee: bigint;
    reference: string;
    narration: string;
    counterparty: string;
    actor: TransferActor;
  },
): Promise<bigint> {
  const company = await remembered(debit.actor, 'company', () => openCompanyAccounts(db));
  const [principal] = await post(
    db,
    [
      {
        debit: debit.sourceAccountId,
        credit: company[FLOAT_OF[debit.provider]],
        amount: debit.amount,
        kind: 'transfer_out',
        reference: debit.reference,
        narration: debit.narration,
        counterparty: debit.counterparty,
      },
      ...(debit.fee > 0n
        ? [
            {
              debit: debit.sourceAccountId,
              credit: company.feeIncome,
              amount: debit.fee,
              kind: 'fee' as const,
              reference: `FEE-${debit.reference}`,
              narration: 'Transfer fee',
              parent: 0,
            },
          ]
        : []),
    ],
    {
      commandId: debit.actor.commandId,
      adminId: debit.actor.adminId,
      requestId: debit.actor.requestId,
      ...(debit.actor.backdated ? { at: debit.actor.now } : {}),
    },
  );
  return principal!.id;
}

/** The job that sends a queued transfer (dispatch.ts). */
export const SEND_JOB = 'transfers.send';
