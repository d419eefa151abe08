import { getReceiptDetails, PAYMENT_STATUS_WORDS } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { formatNaira } from '@traction/core/format';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { DateInput } from '../ui/DateInput';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { fieldControlClass, TextField } from '../ui/TextField';
import { ReceiptSlip } from './ReceiptSlip';

/**
 * POS Terminal Receipt: a customer or merchant quotes a terminal ID and the slip's RRN (or the
 * day), and the slip is shown as the terminal printed it, ready to print again. The search lives
 * in the URL, so a link to a receipt can be shared.
 */
export default function PosReceiptPage() {
  const [params, setParams] = useSearchParams();
  const terminal = params.get('terminal') ?? '';
  const rrn = params.get('rrn') ?? '';
  const date = params.get('date') ?? '';
  const chosen = Number(params.get('payment'));
  const [draft, setDraft] = useState({ terminal, rrn, date });
  const asked = terminal !== '' && (rrn !== '' || date !== '');
  const found = useCommandQuery(getReceiptDetails, { terminal_id: terminal, ...(rrn ? { rrn } : {}), ...(date ? { date } : {}) }, { enabled: asked });
  const receipts = found.data?.receipts ?? [];
  const shown = receipts.length === 1 ? receipts[0] : receipts.find((receipt) => receipt.paymentId === chosen);

  return (
    <div className="space-y-4" data-page="pos-terminal-receipt">
      <PageHeader
        title="POS Terminal Receipt"
        description="Find a slip by the terminal ID and the RRN printed on it, or list a terminal's slips of one day. Print shows only the slip."
      />
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const next: Record<string, string> = { terminal: draft.terminal.trim().toUpperCase() };
          if (draft.rrn.trim()) next.rrn = draft.rrn.trim();
          if (draft.date) next.date = draft.date;
          setParams(next);
        }}
      >
        <TextField
          label="Terminal ID"
          name="terminal"
          value={draft.terminal}
          maxLength={8}
          autoFocus={!terminal}
          className="w-36"
          placeholder="2044LA1K"
          onChange={(event) => setDraft({ ...draft, terminal: event.target.value })}
        />
        <TextField
          label="RRN"
          name="rrn"
          value={draft.rrn}
          maxLength={12}
          inputMode="numeric"
          className="w-44"
          placeholder="12 digits"
          onChange={(event) => setDraft({ ...draft, rrn: event.target.value })}
        />
        <div className="block">
          <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400" aria-hidden="true">
            or the day
          </span>
          <DateInput
            aria-label="Or the day"
            value={draft.date}
            onCommit={(day) => setDraft({ ...draft, date: day ?? '' })}
            className={`${fieldControlClass} w-40`}
          />
        </div>
        <Button type="submit" variant="primary" disabled={draft.terminal.trim() === '' || (draft.rrn.trim() === '' && draft.date === '')}>
          Find receipt
        </Button>
      </form>
      {!asked ? null : found.isPending ? (
        <PageSpinner />
      ) : found.error ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {found.error instanceof ClientError ? found.error.userMessage : found.error.message}
        </p>
      ) : receipts.length === 0 ? (
        <p role="status" className="text-zinc-500">
          No slip on terminal {terminal} {rrn ? `with RRN ${rrn}` : `on ${date}`}. Check the terminal ID and the RRN on the slip.
        </p>
      ) : (
        <div className="flex flex-wrap items-start gap-6">
          {receipts.length > 1 ? (
            <section aria-label="Slips of the day" className="min-w-72 flex-1">
              <p className="mb-2 text-xs text-zinc-500">
                {receipts.length} slips{found.data?.truncated ? ' (the latest 200)' : ''}: pick one.
              </p>
              <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                {receipts.map((receipt) => (
                  <li key={receipt.paymentId}>
                    <button
                      type="button"
                      aria-current={receipt.paymentId === shown?.paymentId ? 'true' : undefined}
                      className="flex w-full justify-between gap-3 px-3 py-1.5 text-left hover:bg-zinc-100 aria-[current]:bg-accent-50 dark:hover:bg-zinc-800"
                      onClick={() => setParams({ ...Object.fromEntries(params), payment: String(receipt.paymentId) })}
                    >
                      <span className="tabular-nums">{formatDateTime(receipt.createdAt)}</span>
                      <span className="font-mono">{receipt.rrn}</span>
                      <span className="tabular-nums">{formatNaira(receipt.amount)}</span>
                      <span>{PAYMENT_STATUS_WORDS[receipt.status]}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {shown ? (
            <div className="space-y-2">
              <ReceiptSlip receipt={shown} />
              <Button onClick={() => window.print()}>Print slip</Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
