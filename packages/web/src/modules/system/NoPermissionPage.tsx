import { Link } from 'react-router';

/** Where a 403 lands (spec §8). */
export default function NoPermissionPage() {
  return (
    <div data-page="no-permission" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-lg font-semibold">You do not have permission for that</h1>
      <p className="mt-2 text-zinc-500 dark:text-zinc-400">Ask an administrator to grant it under Admin MGT → Permissions.</p>
      <Link to="/quick-access" className="mt-4 inline-block text-accent-600 underline dark:text-accent-400">
        Back to Quick Access
      </Link>
    </div>
  );
}
