import {
  lagosDate,
  listAdmins,
  listAuditLog,
  listDeviceRequests,
  listFixedAccounts,
  listFraud,
  listKyc,
  listMerchants,
  listWallets,
  rangeEnd,
  rangeStart,
} from '@traction/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { PageHeader } from '../ui/PageHeader';

function Stat({ label, value, to, hint }: { label: string; value: number | undefined; to: string; hint?: string }) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-zinc-200 bg-white p-4 hover:border-accent-500 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={`stat-${label}`}
    >
      <div className="text-xs text-zinc-500">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{value === undefined ? '…' : value.toLocaleString('en-NG')}</div>
      {hint ? <div className="mt-1 text-xs text-zinc-500">{hint}</div> : null}
    </Link>
  );
}

/** Key counts, each opening the list behind it with the same filter. */
export default function OverviewPage() {
  const permissions = useAtomValue(permissionSetAtom);
  const today = lagosDate();
  const todayRange = { startdatetime: rangeStart(today), enddatetime: rangeEnd(today) };
  const canAdmins = permissions.has('admins.view');
  const canDevices = permissions.has('devices.authorize');
  const canAudit = permissions.has('audit.view');
  const admins = useCommandQuery(listAdmins, {}, { enabled: canAdmins });
  const pending = useCommandQuery(listDeviceRequests, { status: 'pending' }, { enabled: canDevices });
  const changes = useCommandQuery(listAuditLog, { ...todayRange, outcome: 'ok' }, { enabled: canAudit });
  const refused = useCommandQuery(listAuditLog, { ...todayRange, outcome: 'error' }, { enabled: canAudit });
  const todayQuery = new URLSearchParams(todayRange).toString();
  const canMerchants = permissions.has('merchants.view');
  const canKyc = permissions.has('kyc.view');
  const canFraud = permissions.has('fraud.view');
  const canAccounts = permissions.has('fixed-accounts.view');
  // What the list itself needs, read from the contract: a stat never asks for what its command refuses.
  const canWallets = listWallets.permission !== null && permissions.has(listWallets.permission);
  const merchants = useCommandQuery(listMerchants, {}, { enabled: canMerchants });
  const kycWaiting = useCommandQuery(listKyc, { status: 'PENDING', verificationType: 'DOCUMENT' }, { enabled: canKyc });
  const fraud = useCommandQuery(listFraud, { is_fraud: true }, { enabled: canFraud });
  const pnd = useCommandQuery(listWallets, { status: 'PND' }, { enabled: canWallets });
  const blacklisted = useCommandQuery(listFixedAccounts, { blacklist: true }, { enabled: canAccounts });
  const none = !canAdmins && !canDevices && !canAudit && !canMerchants && !canKyc && !canFraud && !canWallets && !canAccounts;
  return (
    <div>
      <PageHeader title="Overview" description={`Today is ${new Date(`${today}T12:00:00`).toLocaleDateString('en-NG', { dateStyle: 'full' })}`} />
      {none ? <p className="text-zinc-500">Nothing to count with your permissions yet.</p> : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {canMerchants ? <Stat label="Merchants" value={merchants.data?.total} to="/merchants" /> : null}
        {canKyc ? (
          <Stat
            label="Documents awaiting review"
            value={kycWaiting.data?.total}
            to="/document-verification?status=PENDING"
            hint="Identity documents submitted for KYC"
          />
        ) : null}
        {canFraud ? <Stat label="Merchants flagged as fraud" value={fraud.data?.total} to="/fraud?is_fraud=true" /> : null}
        {canWallets ? <Stat label="PND wallets" value={pnd.data?.total} to="/pnd-accounts" hint="Post-no-debit: money in, none out" /> : null}
        {canAccounts ? <Stat label="Blacklisted accounts" value={blacklisted.data?.total} to="/fixed-account-blacklisted" /> : null}
        {canAdmins ? <Stat label="Admins" value={admins.data?.total} to="/admin" /> : null}
        {canDevices ? <Stat label="Devices awaiting approval" value={pending.data?.total} to="/request-authorization?status=pending" /> : null}
        {canAudit ? <Stat label="Changes today" value={changes.data?.total} to={`/audit-log?outcome=ok&${todayQuery}`} hint="Commands that succeeded" /> : null}
        {canAudit ? (
          <Stat
            label="Refused today"
            value={refused.data?.total}
            to={`/audit-log?outcome=error&${todayQuery}`}
            hint="Permission, validation and conflict refusals"
          />
        ) : null}
      </div>
    </div>
  );
}
