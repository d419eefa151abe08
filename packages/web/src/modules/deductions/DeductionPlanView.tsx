import { DEDUCTION_ITEM_STATE_WORDS, type deductionRunAnswer, formatNaira } from '@traction/core';
import { describeLagosDay } from '@traction/core/format';
import type { z } from 'zod';
import { useRef } from 'react';
import { BatchFigures } from '../bulk-transfers/BatchFigures';
import { Badge, type BadgeTone } from '../ui/Badge';
import { useFocusableWhenScrolling } from '../ui/useFocusableWhenScrolling';

type Plan = NonNullable<z.infer<typeof deductionRunAnswer>['plan']>;
const STATE_TONES = { TAKEN: 'good', PARTLY_TAKEN: 'warn', NOT_TAKEN: 'bad' } as const satisfies Record<Plan['items'][number]['state'], BadgeTone>;
/** Rows drawn at most: enough to read what it would do; the totals are of every instalment. */
const SHOWN_AT_MOST = 200;
const count = (n: number) => n.toLocaleString('en-NG');

/**
 * A dry run of a deduction run: the totals (instalments due, how many it would take, what is due
 * and what it would take) and every instalment with what it would take and why not all, the first
 * 200 drawn. Scrolls inside itself.
 */
export function DeductionPlanView({ plan }: { plan: Plan }) {
  const shown = plan.items.slice(0, SHOWN_AT_MOST);
  const short = plan.amountDue - plan.amountTaken;
  const scroller = useRef<HTMLDivElement>(null);
  useFocusableWhenScrolling(scroller);
  return (
    <div className="space-y-2" data-testid="deduction-plan" data-instalments={plan.instalments}>
      <BatchFigures
        label="What it would take"
        figures={[
          { key: 'instalments', label: 'Instalments due', value: count(plan.instalments) },
          { key: 'will-take', label: 'Would take', value: count(plan.willTake), tone: 'good' },
          { key: 'amount-due', label: 'Amount due', value: formatNaira(plan.amountDue) },
          { key: 'amount-taken', label: 'Would take in all', value: formatNaira(plan.amountTaken), tone: 'good' },
          { key: 'short', label: 'Short', value: formatNaira(short), tone: short > 0 ? 'warn' : undefined },
        ]}
      />
      {plan.items.length === 0 ? (
        <p role="status" data-empty className="text-zinc-500 dark:text-zinc-400">
          No instalment is due by then: a run would take nothing.
        </p>
      ) : (
        <div ref={scroller} className="max-h-72 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm" aria-label="Instalments it would take">
            <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                {['Loan', 'Merchant', '#', 'Due', 'Due amount', 'Would take', 'Outcome', 'Why'].map((label) => (
                  <th key={label} scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {shown.map((item) => (
                <tr key={`${item.loanId}:${item.instalment}`} data-plan-loan={item.loanReference} data-plan-state={item.state}>
                  <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">{item.loanReference}</td>
                  <td className="max-w-48 truncate px-2 py-1">{item.businessName}</td>
                  <td className="px-2 py-1 tabular-nums">{item.instalment}</td>
                  <td className="px-2 py-1 whitespace-nowrap">{describeLagosDay(item.dueDate)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNaira(item.due)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{formatNaira(item.taken)}</td>
                  <td className="px-2 py-1">
                    <Badge tone={STATE_TONES[item.state]}>{DEDUCTION_ITEM_STATE_WORDS[item.state]}</Badge>
                  </td>
                  <td className="px-2 py-1 text-zinc-600 dark:text-zinc-300">{item.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length < plan.instalments ? (
            <p className="border-t border-zinc-200 px-2 py-1.5 text-zinc-600 dark:border-zinc-800 dark:text-zinc-300" data-testid="plan-more">
              The first {count(shown.length)} of {count(plan.instalments)} instalments; the totals above are of them all.
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
