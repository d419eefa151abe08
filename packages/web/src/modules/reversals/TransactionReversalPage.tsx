import { formatNaira, previewAmount, REVERSAL_WINDOW_DAYS, reverseWalletTransaction } from '@traction/core';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { TextField } from '../ui/TextField';
import { parseReferences } from './parseReferences';
import { useReversalPreviews } from './useReversalPreviews';
import { type ReversalLineState, useReversalRun } from './useReversalRun';

const STATE_WORDS: Record<ReversalLineState, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  running: { label: 'Reversing…', tone: 'warn' },
  reversed: { label: 'Reversed', tone: 'good' },
  already: { label: 'Already reversed', tone: 'neutral' },
  refused: { label: 'Refused', tone: 'bad' },
  unanswered: { label: 'No answer', tone: 'warn' },
};

const fieldProblem = (name: 'TransactionReference' | 'reason', value: string) => {
  const checked = reverseWalletTransaction.input.shape[name].safeParse(value);
  return checked.success ? undefined : (checked.error.issues[0]?.message ?? 'is not valid');
};

/**
 * Transaction Reversal: paste one reference or a column of them, give the reason, confirm by
 * typing, and watch each reversal's outcome as it runs (one `wallets.reverse` per reference, each
 * with its own Idempotency-Key). Keyboard first: Ctrl+Enter from the references goes to the
 * review, Enter in the reason too; Enter after typing the confirmation runs; Escape goes back.
 */
export default function TransactionReversalPage() {
  const { allowed } = useOpenCommand();
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'enter' | 'confirm' | 'run'>('enter');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<{ references?: string; reason?: string }>({});
  const { lines, running, run } = useReversalRun();
  const { previews, load, clear } = useReversalPreviews();
  const referencesId = useId();
  const referencesBox = useRef<HTMLTextAreaElement>(null);
  const parsed = useMemo(() => parseReferences(text), [text]);
  const count = parsed.references.length;
  const expected = count === 1 ? parsed.references[0]! : String(count);

  if (!allowed(reverseWalletTransaction)) {
    return (
      <div className="max-w-3xl">
        <PageHeader title="Transaction Reversal" />
        <p className="text-zinc-500">You need the {reverseWalletTransaction.permission} permission to reverse transactions.</p>
      </div>
    );
  }

  /** New references text, typed, pasted or read from a file; a CSV's shared reason fills an empty reason. */
  const takeText = (next: string) => {
    setText(next);
    const shared = parseReferences(next).reason;
    if (shared && !reason.trim()) setReason(shared);
  };
  const review = () => {
    const wrong = parsed.references.map((reference) => [reference, fieldProblem('TransactionReference', reference)] as const).find(([, message]) => message);
    const next = {
      references: count === 0 ? 'Enter at least one transaction reference' : wrong ? `${wrong[0]}: ${wrong[1]}` : undefined,
      reason: fieldProblem('reason', reason) ? `The reason ${fieldProblem('reason', reason)}` : undefined,
    };
    setProblem(next);
    if (next.references || next.reason) return;
    setTyped('');
    setStep('confirm');
    void load(parsed.references, reason.trim());
  };
  const back = () => {
    clear();
    setStep('enter');
    queueMicrotask(() => referencesBox.current?.focus());
  };
  const go = () => {
    if (typed.trim() !== expected || running) return;
    setStep('run');
    void run(parsed.references, reason.trim(), tokens);
  };
  const onReferencesKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      review();
    }
  };
  const ready = [...previews.values()].flatMap((preview) => (preview.state === 'ready' ? [preview.preview] : []));
  const tokens = new Map(
    parsed.references.flatMap((reference) => {
      const preview = previews.get(reference);
      return preview?.state === 'ready' ? [[reference, preview.preview.token] as const] : [];
    }),
  );
  const previewing = [...previews.values()].some((preview) => preview.state === 'loading');
  const refusedCount = [...previews.values()].filter((preview) => preview.state === 'refused').length;
  const total = ready.reduce((sum, preview) => sum + previewAmount(preview), 0);
  const tally = (state: ReversalLineState) => lines.filter((line) => line.state === state).length;
  const unanswered = lines.filter((line) => line.state === 'unanswered').map((line) => line.reference);

  return (
    <div data-page="transaction-reversal" className="max-w-4xl space-y-4">
      <PageHeader
        title="Transaction Reversal"
        description={`Reverse wallet transactions by reference, with their fees and cashback: a failed bank transfer goes back to the wallet, a POS credit (chargeback) or a manual credit leaves it. Within ${REVERSAL_WINDOW_DAYS} days, once each, and only while the wallet holds what the reversal takes.`}
        actions={
          <Link className={`${linkClass} text-sm`} to="/funds-reversal">
            Funds Reversal history
          </Link>
        }
      />
      {step === 'enter' ? (
        <form
          aria-label="Reverse transactions"
          className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <label htmlFor={referencesId} className="block">
            <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">Transaction references</span>
            <textarea
              id={referencesId}
              ref={referencesBox}
              // biome-ignore lint/a11y/noAutofocus: the page exists to take these references; the keyboard starts here
              autoFocus
              rows={6}
              value={text}
              aria-invalid={problem.references ? true : undefined}
              aria-describedby={`${referencesId}-hint`}
              onChange={(event) => takeText(event.target.value)}
              onKeyDown={onReferencesKey}
              className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500"
            />
            <span id={`${referencesId}-hint`} className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400">
              One per line (paste a spreadsheet column), separated by commas, or a CSV file with a TransactionReference column.{' '}
              {count > 0
                ? `${count} reference${count === 1 ? '' : 's'}${parsed.repeats ? `, ${parsed.repeats} repeat${parsed.repeats === 1 ? '' : 's'} left out` : ''}. `
                : ''}
              Ctrl+Enter to review.
            </span>
            {problem.references ? (
              <span role="alert" className="mt-1 block text-xs text-red-600 dark:text-red-400">
                {problem.references}
              </span>
            ) : null}
          </label>
          <TextField label="Reason" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} error={problem.reason} maxLength={500} />
          <label className="block text-sm">
            <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">Or load a CSV file</span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              data-references-file
              className="block text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-2.5 file:py-1 dark:file:border-zinc-700 dark:file:bg-zinc-900"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void file.text().then(takeText);
              }}
            />
          </label>
          <Button type="submit" variant="primary">
            Review {count > 1 ? `${count} reversals` : 'reversal'}
          </Button>
        </form>
      ) : null}

      {step === 'confirm' ? (
        <form
          aria-label="Confirm the reversals"
          data-step="confirm"
          className="space-y-3 rounded-lg border border-red-200 bg-white p-4 dark:border-red-900 dark:bg-zinc-900"
          onSubmit={(event) => {
            event.preventDefault();
            go();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              back();
            }
          }}
        >
          <p>
            Reverse {count === 1 ? 'this transaction' : `these ${count} transactions`} with their fees and cashback, for the reason “{reason.trim()}”:
          </p>
          <ul className="max-h-64 space-y-0.5 overflow-y-auto text-sm" aria-label="Transactions to reverse">
            {parsed.references.map((reference) => {
              const preview = previews.get(reference);
              return (
                <li key={reference} data-reference={reference} data-preview={preview?.state}>
                  <span className="font-mono">{reference}</span>
                  {preview?.state === 'ready' ? <span className="text-zinc-600 dark:text-zinc-300"> — {preview.summary}</span> : null}
                  {preview?.state === 'refused' ? <span className="text-red-600 dark:text-red-400"> — would be refused: {preview.message}</span> : null}
                  {preview?.state === 'loading' ? <span className="text-zinc-500"> — previewing…</span> : null}
                </li>
              );
            })}
          </ul>
          <p role="status" data-preview-total className="text-sm font-medium">
            {previewing
              ? 'Previewing each reversal (nothing is posted yet)…'
              : `Would move ${formatNaira(total)} in ${ready.length} reversal${ready.length === 1 ? '' : 's'}${refusedCount ? `; ${refusedCount} would be refused` : ''}. Each posts only as previewed.`}
          </p>
          <TextField
            label={count === 1 ? 'Type the reference to confirm' : `Type ${count}, the number of transactions, to confirm`}
            name="confirmation"
            autoFocus
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={typed.trim() !== expected}>
              Reverse {count === 1 ? 'it' : `${count} transactions`}
            </Button>
            <Button onClick={back}>Back (Esc)</Button>
          </div>
        </form>
      ) : null}

      {step === 'run' ? (
        <section aria-label="Reversal outcomes" data-running={running} className="space-y-3">
          <p role="status" className="text-sm">
            {running ? 'Reversing… ' : 'Done: '}
            {tally('reversed')} reversed, {tally('already')} already reversed, {tally('refused')} refused
            {unanswered.length ? `, ${unanswered.length} without an answer` : ''}.
          </p>
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-zinc-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Reference</th>
                <th className="py-1 pr-3 font-medium">Outcome</th>
                <th className="py-1 font-medium">What happened</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr
                  key={line.reference}
                  data-reference={line.reference}
                  data-outcome={line.state}
                  className="border-t border-zinc-200 align-top dark:border-zinc-800"
                >
                  <td className="py-1.5 pr-3 font-mono">{line.reference}</td>
                  <td className="py-1.5 pr-3">
                    <Badge tone={STATE_WORDS[line.state].tone}>{STATE_WORDS[line.state].label}</Badge>
                  </td>
                  <td className="py-1.5">
                    {line.message}{' '}
                    {line.reversalId ? (
                      <Link className={linkClass} to={`/funds-reversal/${line.reversalId}`}>
                        See the reversal
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {running ? null : (
            <div className="flex gap-2">
              {unanswered.length ? (
                <Button variant="primary" onClick={() => void run(unanswered, reason.trim())}>
                  Ask again about the {unanswered.length} without an answer
                </Button>
              ) : null}
              <Button
                autoFocus
                onClick={() => {
                  setText('');
                  setReason('');
                  setProblem({});
                  back();
                }}
              >
                Reverse more
              </Button>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}
