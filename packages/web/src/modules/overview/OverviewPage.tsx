import { listAdmins, listDeviceRequests } from '@traction/core';
import { useAtomValue } from 'jotai';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { PageHeader } from '../ui/PageHeader';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="text-xs text-zinc-500">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}

/** Key counts of what has landed so far. */
export default function OverviewPage() {
  const permissions = useAtomValue(permissionSetAtom);
  const admins = useCommandQuery(listAdmins, {}, { enabled: permissions.has('admins.view') });
  const pending = useCommandQuery(listDeviceRequests, { status: 'pending' }, { enabled: permissions.has('devices.authorize') });
  return (
    <div>
      <PageHeader title="Overview" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {permissions.has('admins.view') ? <Stat label="Admins" value={admins.data ? admins.data.total.toLocaleString('en-NG') : '…'} /> : null}
        {permissions.has('devices.authorize') ? <Stat label="Devices awaiting approval" value={pending.data ? String(pending.data.total) : '…'} /> : null}
      </div>
    </div>
  );
}
