import { ClientError } from '@traction/core/client';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';
import type { VerificationView } from './verificationViews';

/** What the KYC record page shows instead of a record: that it does not exist, or why it failed with Retry; and the way back. */
export function KycRecordNotLoaded({ id, error, view, retry }: { id: string; error: Error | null; view: VerificationView; retry: () => void }) {
  const notFound = error instanceof ClientError && error.status === 404;
  return (
    <div role="alert" className="space-y-2">
      <p className="text-red-600 dark:text-red-400">
        {notFound
          ? `KYC record ${id} does not exist.`
          : `This record could not be loaded${error ? `: ${error instanceof ClientError ? error.userMessage : error.message}` : ''}.`}
      </p>
      <div className="flex items-center gap-3">
        {notFound ? null : <Button onClick={retry}>Retry</Button>}
        <Link className={linkClass} to={view.path}>
          Back to {view.title}
        </Link>
      </div>
    </div>
  );
}
