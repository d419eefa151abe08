import { adminPermissions } from '@traction/core';
import { useParams } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { useCommandQuery } from '../list/useCommandQuery';

/** One admin's permissions: their own, their departments', and the effective set. */
export default function UserPermissionsPage() {
  const { id = '' } = useParams();
  const shown = useCommandQuery(adminPermissions, { id: Number(id) });
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data) return <p role="alert">This admin could not be loaded.</p>;
  const { data } = shown;
  return (
    <div>
      <PageHeader title={data.name} description={`${data.email} · ${data.role.replace('_', ' ')}`} />
      <section className="grid gap-4 md:grid-cols-3">
        <PermissionList title="Granted directly" items={data.direct} />
        <PermissionList title="From departments" items={data.departments.flatMap((d) => d.permissions.map((p) => `${p} (${d.name})`))} />
        <PermissionList title="Effective" items={data.effective} />
      </section>
    </div>
  );
}

function PermissionList({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="mb-2 text-xs font-semibold text-zinc-500 uppercase">{title}</h2>
      {items.length ? <ul className="space-y-1 font-mono text-xs">{items.map((p) => <li key={p}>{p}</li>)}</ul> : <p className="text-zinc-500">None</p>}
    </div>
  );
}
