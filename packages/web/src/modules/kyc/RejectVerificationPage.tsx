import { blacklistKycId, getKyc, KYC_ID_TYPES, updateKycStatus, type KycIdType } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useRunCommand } from '../commands/useRunCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { useHelpEntries } from '../list/useHelpEntries';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { TextField } from '../ui/TextField';
import { linkClass } from '../ui/linkClass';
import { KycDocuments } from './KycDocuments';
import { KycStatusBadge } from './KycStatusBadge';
import { documentLabel, maskedId, recordSummary } from './kycLabels';
import { useKycQueue } from './useKycQueue';
import { recordPath, VERIFICATION_VIEWS, viewForType, viewOf } from './verificationViews';

const isIdType = (value: string | null): value is KycIdType => value !== null && (KYC_ID_TYPES as readonly string[]).includes(value);

/**
 * Rejecting a record: the document itself is unacceptable. The page shows what is rejected (the
 * record's ID number and documents). A comment is required (the merchant reads it); the ID on the
 * record may be blacklisted at the same time, so it can never be approved again. As in the review
 * dialogs, Enter sends and Shift+Enter starts a new line in the comment; Ctrl/⌘+Enter also sends.
 * Once rejected, the next record of the queue the reviewer is walking opens (as after any decision).
 */
export default function RejectVerificationPage() {
  const { id = '' } = useParams();
  const kycId = Number(id);
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useCommandQuery(getKyc, { id: kycId }, { enabled: Number.isInteger(kycId) && kycId > 0 });
  const { allowed } = useOpenCommand();
  const rejectRun = useRunCommand(updateKycStatus);
  const blacklistRun = useRunCommand(blacklistKycId);
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [alsoBlacklist, setAlsoBlacklist] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  // The record page it came from names the list being walked; a link straight here, the record's own.
  const from = (location.state as { from?: string } | null)?.from;
  const view = from ? viewOf(from) : shown.data ? viewForType(shown.data.record.verificationType) : VERIFICATION_VIEWS[0]!;
  const queue = useKycQueue(kycId, view, shown.data?.record);
  useHelpEntries(
    [
      { keys: 'enter', description: 'Reject, from the comment (Shift+Enter: a new line)', group: 'Page' },
      { keys: 'mod+enter', description: 'Reject, from anywhere in the form', group: 'Page' },
    ],
    shown.data?.allowedNext.includes('REJECTED') ?? false,
  );

  if (shown.isPending) return <PageSpinner />;
  const data = shown.data;
  if (!data) {
    return (
      <p role="alert" className="text-red-600 dark:text-red-400">
        This record could not be loaded{shown.error ? `: ${shown.error instanceof ClientError ? shown.error.userMessage : shown.error.message}` : ''}.
      </p>
    );
  }
  const { record } = data;
  const back = from ?? recordPath(view, record.id);
  const canReject = allowed(updateKycStatus) && data.allowedNext.includes('REJECTED');
  // Only the record's own ID: the server refuses any other (409), so it is shown, not typed.
  const recordId = isIdType(record.documentType) && record.idNumber ? { idType: record.documentType, idNumber: record.idNumber } : null;
  const canBlacklist = allowed(blacklistKycId) && !data.blacklisted && recordId !== null;
  const sending = rejectRun.isPending || blacklistRun.isPending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const found: Record<string, string> = {};
    const rejection = { id: record.id, status: 'REJECTED' as const, comment: comment.trim() };
    const checked = updateKycStatus.input.safeParse(rejection);
    if (!checked.success) found.comment = `Comment ${checked.error.issues[0]?.message ?? 'is not valid'}`;
    const listing = {
      id: record.id,
      idType: recordId?.idType ?? ('NIN' as KycIdType),
      idNumber: recordId?.idNumber ?? '',
      note: note.trim() || comment.trim(),
    };
    if (alsoBlacklist && recordId) {
      const parsed = blacklistKycId.input.safeParse(listing);
      if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= `${String(issue.path[0])} ${issue.message}`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure('');
    try {
      await rejectRun.mutateAsync(rejection);
    } catch (error) {
      setFailure(error instanceof ClientError ? error.userMessage : String(error));
      return;
    }
    if (alsoBlacklist && recordId) {
      try {
        await blacklistRun.mutateAsync(listing);
      } catch (error) {
        setFailure(`The record is rejected, but the ID was not blacklisted: ${error instanceof ClientError ? error.userMessage : String(error)}`);
        return;
      }
    }
    await queue.advance(`KYC #${record.id} rejected.${alsoBlacklist && recordId ? ` ${maskedId(recordId.idType, recordId.idNumber)} is blacklisted.` : ''}`);
  };

  // Enter sends from the comment like the review dialogs (Shift+Enter: a new line); Ctrl/⌘+Enter anywhere.
  const sendOnEnter = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const inComment = (event.target as HTMLElement).tagName === 'TEXTAREA';
    if (event.metaKey || event.ctrlKey || (inComment && !event.shiftKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div data-page="kyc-reject" data-kyc-id={record.id} className="max-w-2xl">
      <PageHeader title={`Reject KYC #${record.id}`} description={recordSummary(record)} />
      <p className="mb-4 flex items-center gap-2 text-zinc-600 dark:text-zinc-300">
        Now <KycStatusBadge status={record.status} />
        <Link className={linkClass} to={back}>
          Back to the record
        </Link>
      </p>
      <section
        data-section="rejected"
        aria-label="What is rejected"
        className="mb-4 rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      >
        <dl className="grid grid-cols-2 gap-3 border-b border-zinc-200 p-3 dark:border-zinc-800">
          <div>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{documentLabel(record.documentType) ?? 'Document'}</dt>
            <dd data-testid="kyc-reject-id" className="font-mono">
              {record.idNumber ?? record.detail ?? '—'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">Business</dt>
            <dd>{record.businessName}</dd>
          </div>
        </dl>
        <KycDocuments documents={data.documents} />
      </section>
      {!canReject ? (
        <p role="alert" className="rounded-md bg-amber-50 p-2.5 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          {data.allowedNext.includes('REJECTED')
            ? 'You do not have the permission to reject KYC records.'
            : `This record is ${record.status.toLowerCase()}, which is final: it cannot be rejected.`}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} onKeyDown={sendOnEnter} data-testid="kyc-reject-form" className="space-y-4">
          <label htmlFor={commentId} className="block">
            <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
              Why is the document unacceptable? (required: the merchant reads it)
            </span>
            <textarea
              id={commentId}
              name="comment"
              // biome-ignore lint/a11y/noAutofocus: the comment is the whole form; the reviewer came here to type it.
              autoFocus
              rows={4}
              maxLength={1000}
              value={comment}
              aria-invalid={errors.comment ? true : undefined}
              onChange={(event) => setComment(event.target.value)}
              className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500"
            />
            {errors.comment ? (
              <span role="alert" className="mt-1 block text-xs text-red-600 dark:text-red-400">
                {errors.comment}
              </span>
            ) : null}
          </label>

          {canBlacklist ? (
            <fieldset className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="alsoBlacklist" checked={alsoBlacklist} onChange={(event) => setAlsoBlacklist(event.target.checked)} />
                <span>
                  Also blacklist <span className="font-mono">{recordId ? maskedId(recordId.idType, recordId.idNumber) : ''}</span>, the ID on this record, so it
                  can never be approved on any record
                </span>
              </label>
              {alsoBlacklist ? (
                <div className="grid gap-3">
                  {errors.idNumber || errors.idType ? (
                    <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                      {errors.idNumber ?? errors.idType}
                    </p>
                  ) : null}
                  <TextField
                    label="Blacklist note (defaults to the comment)"
                    name="note"
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                    error={errors.note}
                  />
                </div>
              ) : null}
            </fieldset>
          ) : data.blacklisted ? (
            <p className="text-zinc-500 dark:text-zinc-400">{maskedId(data.blacklisted.idType, data.blacklisted.idNumber)} is already blacklisted.</p>
          ) : null}

          {failure ? (
            <p role="alert" data-form-error className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
              {failure}
            </p>
          ) : null}
          <div className="flex items-center justify-end gap-2">
            <span className="mr-auto text-xs text-zinc-500 dark:text-zinc-400">Enter rejects · Shift+Enter for a new line · the decision is final</span>
            <Button onClick={() => navigate(back)}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={sending}>
              {sending ? 'Rejecting…' : alsoBlacklist ? 'Reject and blacklist' : 'Reject'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
