import { getDepartment } from '@traction/core';
import { useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { useCommandQuery } from '../list/useCommandQuery';

/** One department's permissions. */
export default function DepartmentPermissionsPage() {
  const { id = '' } = useParams();
  const shown = useCommandQuery(getDepartment, { id: Number(id) });
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data) return <p role="alert">This department could not be loaded.</p>;
  const { department } = shown.data;
  return (
    <div>
      <PageHeader title={department.name} description={`${department.memberCount} members · ${department.description}`} />
      <ul className="space-y-1 rounded-lg border border-zinc-200 bg-white p-3 font-mono text-xs dark:border-zinc-800 dark:bg-zinc-900">
        {department.permissions.length ? department.permissions.map((p) => <li key={p}>{p}</li>) : <li className="font-sans text-zinc-500">No permissions</li>}
      </ul>
    </div>
  );
}
