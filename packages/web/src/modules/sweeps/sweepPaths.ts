import { fillPath } from '../../routes';

/** Where the bulk sweep pages live (spec §2, and the contract's detail route of the history). */
export const SWEEP_HISTORY_PATH = '/bulk-sweep-history';
export const NEW_SWEEP_PATH = '/bulk-sweep-new-transfer';
export const sweepPath = (id: number) => `${SWEEP_HISTORY_PATH}/${id}`;
/** The transfers a sweep started (the transfers list filtered by its batch). */
export const sweepTransfersPath = (id: number) => `/funds-transfer?batchId=${id}`;

/** What a path segment holds when the source has no fixed account (the route's segments are all required). */
export const NO_ACCOUNT = '-';

/** One source account's page; a business without a fixed account keeps the path's shape with `-`. */
export function sweepRequestPath(source: {
  businessId: number;
  fixedAccountBank: string | null;
  fixedAccountNumber: string | null;
  fixedAccountName: string | null;
}): string {
  return fillPath('/sweep-request/{id}/{bank}/{acctno}/{acctname}', {
    id: source.businessId,
    bank: source.fixedAccountBank ?? NO_ACCOUNT,
    acctno: source.fixedAccountNumber ?? NO_ACCOUNT,
    acctname: source.fixedAccountName || NO_ACCOUNT,
  });
}
