import { addLoan, type CommandOutput } from '@traction/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { CommandForm } from '../forms/CommandForm';
import type { CommandRequest } from '../forms/commandRequestAtom';
import { PageHeader } from '../ui/PageHeader';
import { NEW_LOAN_PARTS } from './loanFormParts';
import { LOANS_PATH, loanPath } from './loanPaths';

const positiveId = (text: string | null) => (text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/**
 * New loan: the merchant, what is lent (Naira), the flat interest (%) and fee, daily or weekly
 * instalments and why, with the schedule previewed as it is typed. Ctrl+Enter sends it; the loan
 * opens, waiting for a second admin's approval. `?businessId=` (from a merchant's page) and
 * `?terminalRequestId=` (a terminal on loan) start the form filled in.
 */
export default function NewLoanPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { allowed } = useOpenCommand();
  const businessId = positiveId(params.get('businessId'));
  const terminalRequestId = positiveId(params.get('terminalRequestId'));
  const request = useMemo<CommandRequest>(
    () => ({
      command: addLoan,
      initial: {
        ...(businessId ? { businessId } : {}),
        ...(terminalRequestId ? { terminalRequestId, purpose: 'TERMINAL' } : {}),
      },
      parts: NEW_LOAN_PARTS,
      onDone(output) {
        const { loan, message } = output as CommandOutput<typeof addLoan>;
        navigate(loanPath(loan.id), { state: { notice: message } });
      },
    }),
    [navigate, businessId, terminalRequestId],
  );
  return (
    <div className="max-w-xl" data-page="new-loan">
      <PageHeader
        title="New Loan"
        description="A loan for a merchant, repaid by daily or weekly deductions from their wallet. It waits for a second admin's approval; nothing moves until it is approved and disbursed."
      />
      <section aria-label={addLoan.title} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {allowed(addLoan) ? (
          <CommandForm command={addLoan} request={request} onClose={() => navigate(LOANS_PATH)} autoFocus />
        ) : (
          <p className="text-zinc-500">You need the {addLoan.permission} permission to request loans.</p>
        )}
      </section>
    </div>
  );
}
