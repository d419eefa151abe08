import { listDepartments } from '@traction/core';
import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { useCommandQuery } from '../list/useCommandQuery';

/** Departments and what each may do; opens a department's permissions. */
export default function PermissionsPage() {
  const departments = useCommandQuery(listDepartments, {});
  return (
    <div>
      <PageHeader
        title="Permissions"
        description="By department"
        actions={
          <Link className="text-accent-600 underline dark:text-accent-400" to="/permissions-users">
            By user
          </Link>
        }
      />
      {departments.isPending ? (
        <PageSpinner />
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {departments.data?.items.map((d) => (
            <li key={d.id} className="flex items-center justify-between px-3 py-2">
              <Link className="font-medium hover:underline" to={`/permissions-department-by-id/${d.id}/${encodeURIComponent(d.name)}`}>
                {d.name}
              </Link>
              <span className="text-zinc-500">
                {d.memberCount} members · {d.permissions.length} permissions
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
