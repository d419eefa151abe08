import { ClientError } from '@traction/core/client';
import { Button } from './Button';

export interface RecordNotLoadedProps {
  /** Whether the address held a usable id at all; a bad one is missing without asking the server. */
  valid: boolean;
  error: Error | null;
  /** Said when there is no such record ("There is no sweep #12."). */
  missing: string;
  /** Said before the error's words when it could not be read ("This sweep could not be loaded"). */
  failed: string;
  retry: () => void;
}

/**
 * What a record's page shows instead of the record: that there is none (a bad id or a 404, where
 * asking again cannot help, so no Retry), or why it could not be read, in the server's own words,
 * with Retry.
 */
export function RecordNotLoaded({ valid, error, missing, failed, retry }: RecordNotLoadedProps) {
  const notFound = !valid || (error instanceof ClientError && error.status === 404);
  return (
    <div role="alert" className="space-y-2 text-red-600 dark:text-red-400">
      <p>{notFound ? missing : `${failed}: ${error instanceof ClientError ? error.userMessage : (error?.message ?? 'unknown error')}`}</p>
      {notFound ? null : <Button onClick={retry}>Retry</Button>}
    </div>
  );
}
