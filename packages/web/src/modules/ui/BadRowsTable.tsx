import { humanize } from './humanize';

/** One problem of one row of an uploaded file; `value` is the cell as written, when the upload says it. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
  value?: string;
}

/** `account_number` → `Account number`; `row` (the row as a whole, a duplicate) → `Whole row`. */
const columnName = (field: string) => (field === 'row' ? 'Whole row' : humanize(field));

const SHOWN_AT_MOST = 1_000;

/**
 * Every problem of every bad row of an uploaded file (bulk transfers, terminals), in file order:
 * the row number as the spreadsheet counts data rows, the column at fault, what the cell held when
 * the upload says it, and the sentence saying what is wrong. Scrolls inside itself.
 */
export function BadRowsTable({ problems }: { problems: readonly RowProblem[] }) {
  const withValues = problems.some((problem) => problem.value !== undefined);
  // A file of tens of thousands of bad rows would take the page down; the first ones say what to fix.
  const shown = problems.length > SHOWN_AT_MOST ? problems.slice(0, SHOWN_AT_MOST) : problems;
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
            {withValues ? (
              <th scope="col" className="w-48 px-3 py-1.5 font-medium">
                Value
              </th>
            ) : null}
            <th scope="col" className="px-3 py-1.5 font-medium">
              What is wrong
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {shown.map((problem) => (
            <tr key={`${problem.row}:${problem.field}:${problem.message}`} data-bad-row={problem.row} data-field={problem.field}>
              <td className="px-3 py-1.5 tabular-nums">{problem.row.toLocaleString('en-NG')}</td>
              <td className="px-3 py-1.5">{columnName(problem.field)}</td>
              {withValues ? <td className="max-w-48 truncate px-3 py-1.5 font-mono text-xs">{problem.value || '(empty)'}</td> : null}
              <td className="px-3 py-1.5">{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < problems.length ? (
        <p className="border-t border-zinc-200 px-3 py-1.5 text-zinc-600 dark:border-zinc-800 dark:text-zinc-300" data-testid="bad-rows-more">
          The first {shown.length.toLocaleString('en-NG')} of {problems.length.toLocaleString('en-NG')} problems: fix these and check the file again.
        </p>
      ) : null}
    </div>
  );
}
