import { formatNaira, type MoneyPreview } from '@traction/core';
import { humanize } from '../ui/humanize';

/**
 * What a money command will post, from its preview: each transfer (from → to, amount) and each
 * wallet's balance before and after. Shown in the confirmation, so the admin confirms exactly
 * what the ledger will record.
 */
export function MoneyPreviewView({ preview }: { preview: MoneyPreview }) {
  // A command that moves nothing this time (blocking a held transfer) says so rather than showing an empty table.
  if (preview.transfers.length === 0 && preview.balances.length === 0) {
    // What happens instead, in the command's own words (a request a second admin decides).
    const said = (preview.answer as { message?: unknown } | null | undefined)?.message;
    return (
      <p className="text-sm" data-money-preview="nothing">
        Nothing is posted: no money moves.{typeof said === 'string' ? ` ${said}` : ''}
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm" data-money-preview>
      <table className="w-full" aria-label="Transfers to be posted">
        <thead className="text-left text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className="py-0.5 pr-2 font-normal">Transfer</th>
            <th className="py-0.5 pr-2 font-normal">From → to</th>
            <th className="py-0.5 text-right font-normal">Amount</th>
          </tr>
        </thead>
        <tbody>
          {preview.transfers.map((transfer) => (
            <tr key={transfer.reference} data-transfer={transfer.reference}>
              <td className="py-0.5 pr-2">
                {humanize(transfer.kind)}
                {transfer.partOf ? <span className="text-zinc-500"> (with {transfer.partOf})</span> : null}
              </td>
              <td className="py-0.5 pr-2">
                {transfer.from} → {transfer.to}
              </td>
              <td className="py-0.5 text-right font-mono tabular-nums">{formatNaira(transfer.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.balances.length ? (
        <ul aria-label="Balances after" className="space-y-0.5">
          {preview.balances.map((balance) => (
            <li key={balance.account} data-balance={balance.account}>
              {balance.name}: <span className="font-mono tabular-nums">{formatNaira(balance.before)}</span> →{' '}
              <strong className="font-mono tabular-nums">{formatNaira(balance.after)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
