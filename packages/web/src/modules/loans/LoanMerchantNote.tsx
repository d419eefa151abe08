import { getMerchant } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import type { FieldNoteProps } from '../forms/FormParts';
import { useCommandQuery } from '../list/useCommandQuery';
import { walletWord } from '../merchants/walletWord';
import { useSettledValue } from '../transfers/useSettledValue';

/**
 * Under the merchant's id: which business it is, its wallet (where a loan is disbursed and
 * deductions are taken from) and whether it may borrow, so the admin sees who before sending.
 * Needs merchants.view; without it the note stays empty and the server still refuses a bad id.
 */
export function LoanMerchantNote({ values }: FieldNoteProps) {
  const permissions = useAtomValue(permissionSetAtom);
  const typed = typeof values.businessId === 'string' ? values.businessId.trim() : '';
  const settled = useSettledValue(typed, 300);
  const id = /^\d+$/.test(settled) ? Number(settled) : 0;
  const may = permissions.has(getMerchant.permission ?? '');
  const found = useCommandQuery(getMerchant, { id }, { enabled: may && id > 0 });
  if (!may || typed === '' || settled !== typed || id === 0) return null;
  if (found.isPending) return <span className="text-zinc-500 dark:text-zinc-400">Looking up merchant #{id}…</span>;
  if (found.isError) {
    const missing = found.error instanceof ClientError && found.error.status === 404;
    return (
      <span role="alert" data-merchant-note="missing" className="text-red-600 dark:text-red-400">
        {missing ? `There is no merchant #${id}.` : found.error instanceof ClientError ? found.error.userMessage : found.error.message}
      </span>
    );
  }
  const { business, wallet, flags } = found.data;
  const trouble = flags.fraud.isFraud || !wallet;
  return (
    <span data-merchant-note={business.id} className={trouble ? 'text-amber-800 dark:text-amber-300' : ''}>
      <strong>{business.name}</strong> (#{business.id}){wallet ? ` · wallet ${walletWord(wallet.status)}` : ' · has no wallet: cannot borrow'}
      {flags.fraud.isFraud ? ' · marked as fraud: cannot borrow' : ''}
    </span>
  );
}
