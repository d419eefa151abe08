import { Link } from 'react-router';

/** Where a 500 lands (spec §8). */
export default function ErrorPage() {
  return (
    <div data-page="error" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="mt-2 text-zinc-500 dark:text-zinc-400">The server could not complete the request. Nothing you entered was lost; try again.</p>
      <Link to="/quick-access" className="mt-4 inline-block text-accent-600 underline dark:text-accent-400">
        Back to Quick Access
      </Link>
    </div>
  );
}
