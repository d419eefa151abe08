import { formatNaira, LOAN_ACTION_WORDS, LOAN_FREQUENCY_DAYS, type LoanAction, type LoanDetail, updateLoan } from '@traction/core';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useOpenCommand } from '../commands/useOpenCommand';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { useShortcut } from '../keyboard/useShortcut';
import type { ShortcutButton } from '../ui/ShortcutButtons';
import { loanActionParts } from './loanFormParts';

/** Actions that move money out of the loan book need the disburse permission beside loans.manage (the server checks it too). */
const NEEDS_DISBURSE: ReadonlySet<LoanAction> = new Set(['DISBURSE', 'WRITE_OFF']);

/** The keys: none is a console-wide key (j, k, x only bind inside a list's table; this page has none). */
const KEYS: Record<LoanAction, string> = { EDIT: 'e', DISBURSE: 'b', CANCEL: 'c', DEFAULT: 'x', WRITE_OFF: 'w' };

/** loans.update for one action on this loan: only that action's fields, and the confirmation typing what matters. */
function requestFor(loan: LoanDetail, action: LoanAction): CommandRequest<typeof updateLoan> {
  const base = { command: updateLoan, fixed: { id: loan.id, action }, about: loan.reference, parts: loanActionParts(action) };
  const owner = `${loan.reference} for ${loan.businessName}`;
  switch (action) {
    case 'EDIT':
      return {
        ...base,
        initial: { principal: loan.principal, interestBps: loan.interestBps, fee: loan.fee, frequency: loan.frequency, instalments: loan.instalments },
        action: `Change the terms of ${loan.reference}`,
        subject: `${owner}: its approval request is renewed for the new terms.`,
      };
    case 'DISBURSE': {
      const step = LOAN_FREQUENCY_DAYS[loan.frequency] === 1 ? 'a day' : 'a week';
      return {
        ...base,
        action: `Disburse ${formatNaira(loan.principal)} to ${loan.businessName}`,
        subject: `${loan.reference}: from the loan book to the merchant's wallet. The first instalment falls due ${step} after the day it is disbursed.`,
        confirmAs: { what: 'the principal', expected: formatNaira(loan.principal) },
      };
    }
    case 'CANCEL':
      return {
        ...base,
        action: `Cancel ${loan.reference}`,
        subject: `${owner}: nothing was lent; this is final.`,
        confirmAs: { what: 'the loan', expected: loan.reference },
      };
    case 'DEFAULT':
      return {
        ...base,
        action: `Mark ${loan.reference} defaulted`,
        subject: `${owner}: ${formatNaira(loan.arrears)} in arrears, ${loan.daysPastDue} days past due. Deductions still collect; a defaulted loan can then be written off.`,
        confirmAs: { what: 'the loan', expected: loan.reference },
      };
    case 'WRITE_OFF':
      return {
        ...base,
        action: `Write off ${formatNaira(loan.outstanding)} of ${loan.reference}`,
        subject: `${owner}: what is still owed leaves the books; this is final.`,
        confirmAs: { what: 'the amount written off', expected: formatNaira(loan.outstanding) },
      };
  }
}

/**
 * What may be done to the loan now — the actions its state allows (the server lists them) that
 * this admin may take — as buttons with their keys, bound while the page is open: e edit terms,
 * b disburse, c cancel, x mark defaulted, w write off. Each opens loans.update with its action
 * fixed; money commands are previewed and confirmed by typing, as every money command is.
 */
export function useLoanActions(loan: LoanDetail | undefined): ShortcutButton[] {
  const { allowed, open } = useOpenCommand();
  const permissions = useAtomValue(permissionSetAtom);
  const may = (action: LoanAction) =>
    !!loan && loan.actions.includes(action) && allowed(updateLoan) && (!NEEDS_DISBURSE.has(action) || permissions.has('loans.disburse'));
  const run = (action: LoanAction) => () => {
    if (loan && may(action)) open(requestFor(loan, action));
  };
  useShortcut(KEYS.EDIT, 'Edit the terms of this requested loan', run('EDIT'), { enabled: may('EDIT') });
  useShortcut(KEYS.DISBURSE, "Disburse this approved loan to the merchant's wallet", run('DISBURSE'), { enabled: may('DISBURSE') });
  useShortcut(KEYS.CANCEL, 'Cancel this loan (before it is disbursed)', run('CANCEL'), { enabled: may('CANCEL') });
  useShortcut(KEYS.DEFAULT, 'Mark this loan in arrears defaulted', run('DEFAULT'), { enabled: may('DEFAULT') });
  useShortcut(KEYS.WRITE_OFF, 'Write this defaulted loan off', run('WRITE_OFF'), { enabled: may('WRITE_OFF') });
  const button = (action: LoanAction, variant: ShortcutButton['variant']): ShortcutButton => ({
    key: KEYS[action],
    label: `${LOAN_ACTION_WORDS[action]}…`,
    show: may(action),
    run: run(action),
    variant,
  });
  return [button('DISBURSE', 'primary'), button('EDIT', 'secondary'), button('CANCEL', 'danger'), button('DEFAULT', 'danger'), button('WRITE_OFF', 'danger')];
}
