import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { ROUTES, canOpen } from '../../routes';
import { permissionSetAtom, sessionUserAtom } from '../auth/sessionAtoms';
import { PageHeader } from '../ui/PageHeader';

/** The landing page: the pages this admin can use now. */
export default function QuickAccessPage() {
  const user = useAtomValue(sessionUserAtom);
  const permissions = useAtomValue(permissionSetAtom);
  const ready = ROUTES.filter((r) => r.inSidebar && r.page && canOpen(r, permissions));
  return (
    <div>
      <PageHeader title={`Welcome${user ? `, ${user.firstName}` : ''}`} description="Quick Access" />
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {ready.map((r) => (
          <li key={r.path}>
            <Link to={r.path} className="block rounded-lg border border-zinc-200 bg-white p-3 hover:border-accent-500 dark:border-zinc-800 dark:bg-zinc-900">
              <div className="font-medium">{r.label}</div>
              <div className="text-xs text-zinc-500">{r.group ?? 'Workspace'}</div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
