import { ClientError } from '@traction/core/client';
import { Link } from 'react-router';
import { Button } from '../ui/Button';
import { linkClass } from '../ui/linkClass';

/** What the merchant page shows instead of a merchant: no such id, or why it could not be loaded with Retry. */
export function MerchantNotLoaded({ notFound, error, id, retry }: { notFound: boolean; error: Error | null; id: string; retry: () => void }) {
  if (notFound) {
    return (
      <div role="alert" data-state="not-found" className="py-12 text-center text-zinc-500">
        <p>No merchant has the id {id}.</p>
        <Link to="/merchants" className={linkClass}>
          All merchants
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" data-state="error" className="flex flex-col items-center gap-2 py-12 text-center">
      <p className="text-red-600 dark:text-red-400">
        This merchant could not be loaded{error ? `: ${error instanceof ClientError ? error.userMessage : error.message}` : '.'}
      </p>
      <Button onClick={retry}>Retry</Button>
    </div>
  );
}
