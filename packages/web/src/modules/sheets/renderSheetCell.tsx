import type { ListColumn } from '@traction/core';
import { Link } from 'react-router';
import { linkClass } from '../ui/linkClass';

/**
 * Cells of a sheet's rows beyond text: the key links to the terminal the system knows, the
 * system's merchant to the merchant, and a flag shows in the warning colour.
 */
export function renderSheetCell(column: ListColumn, row: Record<string, unknown>, text: string) {
  if (column.key === 'key' && typeof row.terminalId === 'number') {
    return (
      <Link to={`/terminals/${row.terminalId}`} className={linkClass} data-link="terminal">
        {text}
      </Link>
    );
  }
  if (column.key === 'businessName' && typeof row.businessId === 'number') {
    return (
      <Link to={`/merchants/${row.businessId}`} className={linkClass} data-link="merchant">
        {text === '—' || text === '' ? `Merchant #${row.businessId}` : text}
      </Link>
    );
  }
  if (column.key === 'flag' && typeof row.flag === 'string') {
    return (
      <span data-flagged className="text-amber-700 dark:text-amber-300">
        {text}
      </span>
    );
  }
  return undefined;
}
