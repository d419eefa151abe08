import {
  businessKycRecords,
  formatByteSize,
  RC_NUMBER_PATTERN,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  UPLOAD_SNIFF_BYTES,
  uploadProblem,
  verifyCorporate,
} from '@traction/core';
import { ClientError } from '@traction/core/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useRunCommand } from '../commands/useRunCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { FileDropZone } from '../ui/FileDropZone';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { TextField } from '../ui/TextField';
import { linkClass } from '../ui/linkClass';
import { KycStatusBadge } from './KycStatusBadge';
import { MerchantPicker } from './MerchantPicker';
import { uploadWithProgress } from './uploadWithProgress';

/** Most documents one corporate verification carries (kyc.corporate.verify takes 1 to 10). */
const MAX_FILES = 10;

interface PendingFile {
  key: number;
  name: string;
  size: number;
  state: 'checking' | 'refused' | 'uploading' | 'done' | 'failed';
  progress: number;
  message?: string;
  uploadId?: number;
}

let nextKey = 0;

/**
 * KYC corporate upload: pick the merchant (unless the path names one), drop or choose the CAC
 * documents — each checked here by content and size with the limits core exports, then uploaded
 * with a progress bar — enter the RC number and submit the corporate verification.
 */
export default function KycCorporateUploadPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  if (!id) {
    return (
      <div data-page="kyc-corporate-upload" className="space-y-4">
        <PageHeader title="KYC Corporate Upload" description="Choose the merchant whose CAC documents you are uploading." />
        <MerchantPicker onPick={(merchant) => navigate(`/kyc-corporate-upload/${merchant.id}`)} />
      </div>
    );
  }
  return <CorporateUpload key={id} businessId={Number(id)} />;
}

function CorporateUpload({ businessId }: { businessId: number }) {
  const navigate = useNavigate();
  const business = useCommandQuery(businessKycRecords, { id: businessId }, { enabled: Number.isInteger(businessId) && businessId > 0 });
  const verify = useRunCommand(verifyCorporate);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [rcNumber, setRcNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const update = (key: number, change: Partial<PendingFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  const add = (chosen: readonly File[]) => {
    const room = MAX_FILES - files.filter((file) => file.state !== 'refused' && file.state !== 'failed').length;
    [...chosen].forEach((file, index) => {
      const key = nextKey++;
      if (index >= room) {
        setFiles((current) => [
          ...current,
          { key, name: file.name, size: file.size, state: 'refused', progress: 0, message: `At most ${MAX_FILES} documents` },
        ]);
        return;
      }
      setFiles((current) => [...current, { key, name: file.name, size: file.size, state: 'checking', progress: 0 }]);
      void (async () => {
        // The same check the server makes: the first bytes, not the name; the size limit.
        const head = new Uint8Array(await file.slice(0, UPLOAD_SNIFF_BYTES).arrayBuffer());
        const problem = uploadProblem(file, head);
        if (problem) return update(key, { state: 'refused', message: problem });
        update(key, { state: 'uploading' });
        const controller = new AbortController();
        controllers.current.add(controller);
        try {
          const upload = await uploadWithProgress(file, businessId, (progress) => update(key, { progress }), controller.signal);
          update(key, { state: 'done', progress: 1, uploadId: upload.id });
        } catch (error) {
          update(key, { state: 'failed', message: (error as Error).message });
        } finally {
          controllers.current.delete(controller);
        }
      })();
    });
  };

  const uploaded = files.filter((file) => file.state === 'done' && file.uploadId !== undefined);
  const busy = files.some((file) => file.state === 'checking' || file.state === 'uploading');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { id: businessId, rcNumber, uploadIds: uploaded.map((file) => file.uploadId!) };
    const parsed = verifyCorporate.input.safeParse(input);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (found.uploadIds) found.uploadIds = 'Upload at least one CAC document';
    if (found.rcNumber) found.rcNumber = 'Must be a CAC number: RC, BN or IT and up to 8 digits (RC1234567)';
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setFailure('');
    try {
      const { record } = await verify.mutateAsync(input);
      navigate(`/corporate-verification/${record.id}`);
    } catch (error) {
      setFailure(error instanceof ClientError ? error.userMessage : String(error));
    }
  };

  if (business.isPending) return <PageSpinner />;
  if (!business.data) {
    return (
      <p role="alert" className="text-red-600 dark:text-red-400">
        {business.error instanceof ClientError ? business.error.userMessage : 'This merchant could not be loaded.'}{' '}
        <Link className={linkClass} to="/kyc-corporate-upload">
          Choose another merchant
        </Link>
      </p>
    );
  }
  const corporate = business.data.items.filter((record) => record.verificationType === 'CORPORATE');
  return (
    <div data-page="kyc-corporate-upload" data-business={businessId} className="max-w-3xl space-y-4">
      <PageHeader
        title="KYC Corporate Upload"
        description={`${business.data.business.name} (#${businessId})${business.data.business.rcNumber ? ` · ${business.data.business.rcNumber}` : ''}`}
        actions={
          <Link className={`${linkClass} text-sm`} to="/kyc-corporate-upload">
            Another merchant
          </Link>
        }
      />
      {corporate.length > 0 ? (
        <p className="flex flex-wrap items-center gap-2 text-zinc-600 dark:text-zinc-300">
          Corporate verifications so far:
          {corporate.map((record) => (
            <Link key={record.id} to={`/corporate-verification/${record.id}`} className={`${linkClass} inline-flex items-center gap-1`}>
              #{record.id} <KycStatusBadge status={record.status} />
            </Link>
          ))}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="corporate-upload-form">
        <FileDropZone label="Add CAC documents: drop files here, or press Enter to choose them" accept={UPLOAD_ACCEPT} multiple onFiles={add}>
          <span className="font-medium">Drop the CAC certificate and status report here, or press Enter to choose files</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            JPEG, PNG or PDF, at most {formatByteSize(UPLOAD_MAX_BYTES)} each, up to {MAX_FILES} files
          </span>
        </FileDropZone>
        {errors.uploadIds ? (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.uploadIds}
          </p>
        ) : null}
        {files.length > 0 ? (
          <ul className="space-y-2" data-testid="upload-list">
            {files.map((file) => (
              <li key={file.key} data-upload-state={file.state} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{file.name}</span>
                  <span className="shrink-0 text-xs text-zinc-500">{formatByteSize(file.size)}</span>
                  {file.state !== 'uploading' && file.state !== 'checking' ? (
                    <Button variant="ghost" aria-label={`Remove ${file.name}`} onClick={() => setFiles((current) => current.filter((f) => f.key !== file.key))}>
                      Remove
                    </Button>
                  ) : null}
                </div>
                {file.state === 'uploading' || file.state === 'done' ? (
                  <progress className="mt-1 h-1.5 w-full accent-accent-600" max={1} value={file.progress} aria-label={`Uploading ${file.name}`} />
                ) : null}
                {file.message ? (
                  <p role={file.state === 'refused' || file.state === 'failed' ? 'alert' : undefined} className="mt-1 text-xs text-red-600 dark:text-red-400">
                    {file.message}
                  </p>
                ) : file.state === 'done' ? (
                  <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-400">Uploaded</p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <TextField
          label="RC number"
          name="rcNumber"
          placeholder="RC1234567"
          value={rcNumber}
          onChange={(event) => setRcNumber(event.target.value)}
          error={errors.rcNumber}
          pattern={RC_NUMBER_PATTERN.source}
          className="max-w-xs"
        />
        {failure ? (
          <p role="alert" data-form-error className="rounded-md bg-red-50 p-2.5 text-red-700 dark:bg-red-950/40 dark:text-red-300">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" disabled={verify.isPending || busy}>
            {busy
              ? 'Uploading…'
              : verify.isPending
                ? 'Submitting…'
                : `Submit corporate verification${uploaded.length ? ` (${uploaded.length} document${uploaded.length > 1 ? 's' : ''})` : ''}`}
          </Button>
        </div>
      </form>
    </div>
  );
}
