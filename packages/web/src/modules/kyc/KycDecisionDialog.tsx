import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { getKyc, KYC_STATUS_ACTION, kycStatusNeedsComment, updateKycStatus, type CommandOutput, type KycRecord, type KycReviewStatus } from '@traction/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useRunCommand } from '../commands/useRunCommand';
import { Button } from '../ui/Button';
import { recordSummary } from './kycLabels';

const WHAT_HAPPENS: Record<KycReviewStatus, string> = {
  APPROVED: 'The record is verified. This is final.',
  DISAPPROVED: 'The details do not match; the merchant is asked to submit a new record. This is final.',
  REJECTED: 'The document itself is unacceptable. This is final.',
  PROCESSING: 'The record is under review or with the verification provider; it can still be decided.',
};

export interface KycDecisionDialogProps {
  record: KycRecord;
  /** The status to move to; null keeps the dialog closed. */
  status: KycReviewStatus | null;
  onClose: () => void;
  /** Called after the server accepted the decision (the dialog has closed). */
  onDone?: (output: CommandOutput<typeof updateKycStatus>) => void;
}

/**
 * Approve, disapprove or start processing one record, with a comment (required to disapprove).
 * Enter sends, Shift+Enter starts a new line, Esc cancels. The comment goes to the merchant and
 * into the record's history and the audit log. Keys typed the moment a shortcut opened the dialog
 * go into the comment even before the dialog has taken focus ("a" then "Docs ok" keeps its "D").
 */
export function KycDecisionDialog({ record, status, onClose, onDone }: KycDecisionDialogProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const run = useRunCommand(updateKycStatus);
  const fieldId = useId();
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const queries = useQueryClient();
  // Focused as soon as it exists, not a frame later: the next key is already coming. Stable, so a
  // re-render never pulls focus back from Cancel.
  const attachField = useCallback((element: HTMLTextAreaElement | null) => {
    fieldRef.current = element;
    if (element && document.activeElement !== element) element.focus();
  }, []);
  const open = status !== null;

  // From the commit that opens the dialog (before the next keydown), printable keys that land
  // outside the dialog — focus still on the page while the dialog mounts — are typed into the comment.
  useLayoutEffect(() => {
    if (!open) return;
    const capture = (event: globalThis.KeyboardEvent) => {
      const field = fieldRef.current;
      const active = document.activeElement;
      if (active && (active === field || panelRef.current?.contains(active))) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      event.preventDefault();
      event.stopPropagation();
      setComment((text) => text + event.key);
      field?.focus();
    };
    document.addEventListener('keydown', capture, { capture: true });
    return () => document.removeEventListener('keydown', capture, { capture: true });
  }, [open]);
  const needsComment = status !== null && kycStatusNeedsComment(status);

  const close = () => {
    setComment('');
    setError('');
    run.reset();
    onClose();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!status || run.isPending) return;
    const input = { id: record.id, status, ...(comment.trim() ? { comment: comment.trim() } : {}) };
    const parsed = updateKycStatus.input.safeParse(input);
    if (!parsed.success) {
      setError(`Comment ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
      return;
    }
    setError('');
    run.mutate(input, {
      onSuccess: (output) => {
        // The page shows the new status at once; the refetch that follows confirms it.
        queries.setQueryData<CommandOutput<typeof getKyc>>([getKyc.id, { id: record.id }], (shown) =>
          shown ? { ...shown, record: output.record, allowedNext: output.allowedNext, blacklisted: output.blacklisted } : shown,
        );
        close();
        onDone?.(output);
      },
      onError: (failure) => setError(failure.userMessage),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const action = status ? KYC_STATUS_ACTION[status] : '';
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[10vh]">
        <DialogPanel
          ref={panelRef}
          data-testid="kyc-decision"
          data-decision={status ?? undefined}
          className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl dark:bg-zinc-900"
        >
          <DialogTitle className="font-semibold">
            {action} KYC #{record.id}
          </DialogTitle>
          <Description className="mt-1 text-zinc-500 dark:text-zinc-400">
            {recordSummary(record)}
            {record.idNumber ? <span className="font-mono"> {record.idNumber}</span> : null}. {status ? WHAT_HAPPENS[status] : ''}
          </Description>
          <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
            <label htmlFor={fieldId} className="block">
              <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
                Comment {needsComment ? '(required: the merchant reads it)' : '(optional)'}
              </span>
              <textarea
                id={fieldId}
                ref={attachField}
                data-autofocus
                autoFocus
                rows={3}
                maxLength={1000}
                value={comment}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setComment(event.target.value)}
                onKeyDown={onKeyDown}
                className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500"
              />
              <span className="text-xs text-zinc-500 dark:text-zinc-400">Enter sends · Shift+Enter for a new line · Esc cancels</span>
            </label>
            {error ? (
              <p role="alert" className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant={status === 'APPROVED' || status === 'PROCESSING' ? 'primary' : 'danger'} disabled={run.isPending}>
                {run.isPending ? 'Saving…' : action}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
