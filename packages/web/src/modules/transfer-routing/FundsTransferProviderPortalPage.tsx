import { listTransferProviders, routeTransfers, transferRoutingHistory } from '@traction/core';
import { useOpenCommand } from '../commands/useOpenCommand';
import { useCommandQuery } from '../list/useCommandQuery';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { Section } from '../ui/Section';
import { RoutingHistoryTable } from './RoutingHistoryTable';
import { TransferProvidersTable } from './TransferProvidersTable';
import { TransferRoutesTable } from './TransferRoutesTable';

/**
 * Funds Transfer Provider Portal (Settings): which provider sends new transfers to each bank,
 * which providers are down (new transfers fail over to the next one up), the sandboxes' outage
 * switches, and the history of changes. Every change asks for a reason.
 */
export default function FundsTransferProviderPortalPage() {
  const shown = useCommandQuery(listTransferProviders, {});
  const history = useCommandQuery(transferRoutingHistory, { limit: 20 });
  const { allowed, open } = useOpenCommand();
  if (shown.isPending) return <PageSpinner />;
  const overview = shown.data;
  if (!overview) {
    return (
      <p role="alert" className="text-red-600">
        The providers could not be loaded{shown.error ? `: ${shown.error.message}` : '.'}
      </p>
    );
  }
  return (
    <div className="max-w-5xl space-y-5">
      <PageHeader
        title="Funds Transfer Provider Portal"
        description="The NIP providers transfers go out through. A bank's own route wins over the route of all banks; a provider marked down hands new transfers to the next one up, while transfers already sent stay with theirs."
        actions={
          allowed(routeTransfers) ? (
            <Button
              variant="primary"
              data-route-bank
              onClick={() =>
                open({
                  command: routeTransfers,
                  about: 'a bank',
                  subject: 'Give the bank its CBN code (058 for GTBank); leave it empty to change the route of all banks.',
                })
              }
            >
              Route a bank
            </Button>
          ) : undefined
        }
      />
      <Section name="providers" title="Providers">
        <TransferProvidersTable providers={overview.providers} />
      </Section>
      <Section name="routes" title="Routes" count={overview.bankRoutes.length + 1}>
        <TransferRoutesTable routes={[overview.routeForAll, ...overview.bankRoutes]} />
      </Section>
      <Section name="history" title="Recent changes">
        {history.data ? (
          <RoutingHistoryTable rows={history.data.items} />
        ) : (
          <p className="px-3 py-2 text-sm text-zinc-500">{history.error ? `The history could not be loaded: ${history.error.message}` : 'Loading…'}</p>
        )}
      </Section>
    </div>
  );
}
