import { bulkDeductions, type CommandInput, runDeductions } from '@traction/core';
import { ClientError, randomHex } from '@traction/core/client';
import { useQuery } from '@tanstack/react-query';
import { client } from '../../app/client';
import type { FormParts } from '../forms/FormParts';
import { DeductionPlanView } from './DeductionPlanView';

type RunCommand = typeof runDeductions | typeof bulkDeductions;

/**
 * The form of a deduction run (every active setting, or the settings chosen): the day whose
 * instalments it collects, then, before it is started, its dry run — every instalment it would
 * take and the total — in the confirmation. The dry run is the command itself with `dryRun`, so
 * it is the server's own plan; it takes nothing. The switch is not a field: the form always
 * shows the plan first.
 */
function deductionRunParts(command: RunCommand): FormParts {
  function DeductionPlanConfirmation({ input }: { input: Readonly<Record<string, unknown>> }) {
    const plan = useQuery({
      queryKey: [command.id, 'dry-run', input],
      // A dry run still needs a key (the command requires one); a fresh one each time asks afresh.
      queryFn: ({ signal }) =>
        client.call<RunCommand>(command, { ...input, dryRun: true } as CommandInput<RunCommand>, { idempotencyKey: `console-${randomHex()}`, signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    });
    if (plan.isPending) {
      return (
        <p role="status" data-testid="plan-loading" className="text-zinc-600 dark:text-zinc-300">
          Working out every instalment it would take…
        </p>
      );
    }
    if (plan.isError) {
      return (
        <p role="alert" data-testid="plan-error" className="text-red-700 dark:text-red-300">
          The dry run failed: {plan.error instanceof ClientError ? plan.error.userMessage : plan.error.message}
        </p>
      );
    }
    return (
      <div className="space-y-2">
        <p>{plan.data.message}</p>
        {plan.data.plan ? <DeductionPlanView plan={plan.data.plan} /> : null}
      </div>
    );
  }
  return { applies: (name) => name !== 'dryRun', confirmation: DeductionPlanConfirmation, wide: true };
}

/** Run deductions over every active setting (the portal's `r`, the palette). */
export const DEDUCTION_RUN_PARTS = deductionRunParts(runDeductions);
/** Run deductions for the settings chosen (the settings list's selection, the palette). */
export const DEDUCTION_BULK_PARTS = deductionRunParts(bulkDeductions);
