import type { BulkRowProblem } from '@traction/core';
import { humanize } from '../ui/humanize';

/** `account_number` → `Account number`; `row` (the row as a whole, a duplicate) → `Whole row`. */
const columnName = (field: string) => (field === 'row' ? 'Whole row' : humanize(field));

/**
 * Every problem of every bad row, in file order: the row number as the spreadsheet counts data
 * rows, the column at fault and the sentence saying what is wrong. Scrolls inside itself.
 */
export function BadRowsTable({ problems }: { problems: readonly BulkRowProblem[] }) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-800" data-testid="bad-rows">
      <table className="w-full text-left text-sm" aria-label="Bad rows">
        <thead className="sticky top-0 bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="w-20 px-3 py-1.5 font-medium">
              Row
            </th>
            <th scope="col" className="w-40 px-3 py-1.5 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              What is wrong
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {problems.map((problem) => (
            <tr key={`${problem.row}:${problem.field}:${problem.message}`} data-bad-row={problem.row} data-field={problem.field}>
              <td className="px-3 py-1.5 tabular-nums">{problem.row.toLocaleString('en-NG')}</td>
              <td className="px-3 py-1.5">{columnName(problem.field)}</td>
              <td className="px-3 py-1.5">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
