import { formatNaira, getWalletCreditBusiness } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import type { FieldNoteProps } from '../forms/FormParts';
import { useCommandQuery } from '../list/useCommandQuery';
import { walletWord } from '../merchants/walletWord';
import { useSettledValue } from './useSettledValue';

/**
 * Under the paying business: which business the id or email names, and its wallet's status and
 * balance, so the admin sees whose money moves before confirming. Needs wallets.view; without it
 * the note stays empty and the server still names a business it cannot find.
 */
export function BusinessNote({ values }: FieldNoteProps) {
  const permissions = useAtomValue(permissionSetAtom);
  const typed = typeof values.business === 'string' ? values.business.trim() : '';
  const reference = useSettledValue(typed, 300);
  const may = permissions.has(getWalletCreditBusiness.permission ?? '');
  const found = useCommandQuery(getWalletCreditBusiness, { email: reference }, { enabled: may && reference !== '' });
  if (!may || typed === '' || reference !== typed) return null;
  if (found.isPending) return <span className="text-zinc-500 dark:text-zinc-400">Looking up {reference}…</span>;
  if (found.isError) {
    return (
      <span role="alert" data-business-note="missing" className="text-red-600 dark:text-red-400">
        {found.error instanceof ClientError ? found.error.userMessage : found.error.message}
      </span>
    );
  }
  const { business } = found.data;
  const { wallet } = business;
  return (
    <span data-business-note={business.id} className={business.isFraud || !wallet || wallet.status !== 'ACTIVE' ? 'text-amber-800 dark:text-amber-300' : ''}>
      <strong>{business.name}</strong> (#{business.id})
      {wallet ? ` · wallet ${walletWord(wallet.status)} · balance ${formatNaira(wallet.balance)}` : ' · has no wallet to pay from'}
      {business.isFraud ? ' · marked as fraud: transfers are refused' : ''}
    </span>
  );
}
