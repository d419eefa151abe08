import { formatNaira, listApprovalPolicies, updateApprovalPolicy } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';

/**
 * Approval Policies (Settings): which actions wait for a second admin, who may approve them by
 * amount band, and how long a request waits. Change opens the policy's form with its bands as
 * they stand (amounts in kobo).
 */
export default function ApprovalPoliciesPage() {
  const shown = useCommandQuery(listApprovalPolicies, {});
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  if (!shown.data) return <p role="alert">The approval policies could not be loaded: {shown.error?.message}</p>;
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title="Approval Policies"
        description="Actions that wait for a second admin. The band an amount falls in names the permission, and the department, the approver needs; nobody approves their own request."
      />
      {shown.data.items.map((policy) => (
        <Section
          key={policy.command}
          name={`policy-${policy.command}`}
          title={`${policy.label} (${policy.command})`}
          aside={
            allowed(updateApprovalPolicy) ? (
              <Button
                data-policy={policy.command}
                onClick={() =>
                  open({
                    command: updateApprovalPolicy,
                    fixed: { command: policy.command },
                    initial: { expiryHours: policy.expiryHours, bands: policy.bandsText },
                    about: `the ${policy.label.toLowerCase()} policy`,
                  })
                }
              >
                Change
              </Button>
            ) : undefined
          }
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-zinc-500">
                <th className="px-3 py-1.5 font-medium">Amounts</th>
                <th className="px-3 py-1.5 font-medium">Approver holds</th>
                <th className="px-3 py-1.5 font-medium">Approver's department</th>
              </tr>
            </thead>
            <tbody>
              {policy.bands.map((band, index) => {
                const above = index > 0 ? policy.bands[index - 1]?.upToKobo : null;
                const range =
                  band.upToKobo === null
                    ? above == null
                      ? 'Any amount'
                      : `Above ${formatNaira(above)}`
                    : `${above == null ? 'Up to' : `Above ${formatNaira(above)}, up to`} ${formatNaira(band.upToKobo)}`;
                return (
                  <tr key={`${band.upToKobo}`} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="px-3 py-1.5 tabular-nums">{range}</td>
                    <td className="px-3 py-1.5 font-mono text-xs">{band.permission}</td>
                    <td className="px-3 py-1.5">{band.department ?? 'Any'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400">
            Requests expire after {policy.expiryHours} hours · changed {formatDateTime(policy.updatedAt)}
            {policy.updatedByName ? ` by ${policy.updatedByName}` : ''}
          </p>
        </Section>
      ))}
    </div>
  );
}
