import { getTransactionMonitoring, type ProcessorRoute, PROCESSOR_ROUTES } from '@traction/core';
import { Link, useParams } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { ChartsOrNumbers } from './ChartsOrNumbers';
import { MonitoringRange, useMonitoringRange } from './MonitoringRange';
import { StatsTable } from './StatsTable';

/**
 * Transaction Monitoring Portal: every processor route's success rate, volume and value over the
 * range, charted over time, a route below the threshold standing out; with a route id (its detail
 * page, or "by route"), that route alone and how it did at each issuing bank.
 */
export default function RouteMonitoringPage() {
  const { id } = useParams();
  const route: ProcessorRoute | undefined = id ? PROCESSOR_ROUTES.find((candidate) => candidate.id === id) : undefined;
  const range = useMonitoringRange();
  const shown = useCommandQuery(getTransactionMonitoring, { ...range.input, ...(route ? { id: route.id } : {}) }, { enabled: !id || route !== undefined });
  if (id && !route) return <RecordNotLoaded valid={false} error={null} missing={`There is no processor route ${id}.`} failed="" retry={() => {}} />;
  const data = shown.data;
  return (
    <div className="space-y-4" data-page="transaction-monitoring" data-route={route?.id ?? ''}>
      <PageHeader
        title={route ? `${route.name}: transaction monitoring` : 'Transaction Monitoring Portal'}
        description={
          route
            ? `How ${route.name} did over the range, and with each issuing bank's cards. The last seven days unless you choose a range.`
            : 'Success rate, volume and value per processor route; a route below the threshold stands out. The last seven days unless you choose a range. Failing routes and issuing banks have pages of their own.'
        }
        actions={
          <>
            <Link className={linkClass} to="/view-transaction-monitoring-by-failed-routes">
              Failing routes
            </Link>
            <Link className={linkClass} to="/transaction-monitoring-portal-2">
              By issuing bank
            </Link>
          </>
        }
      />
      <MonitoringRange range={range} />
      {shown.isPending ? (
        <PageSpinner />
      ) : !data ? (
        <RecordNotLoaded valid error={shown.error} missing="" failed="Monitoring could not be loaded" retry={() => void shown.refetch()} />
      ) : (
        <>
          <Section name="routes" title={route ? 'Route' : 'Processor routes'}>
            <StatsTable
              label="Route"
              rows={data.routes}
              threshold={data.threshold}
              linkTo={route ? undefined : (row) => `/transaction-monitoring-portal/${row.key}${window.location.search}`}
            />
          </Section>
          <ChartsOrNumbers series={data.series} bucket={data.bucket} threshold={data.threshold} what={route ? route.name : 'Routes'} />
          {route ? (
            <Section name="banks" title="By issuing bank">
              <StatsTable
                label="Bank"
                rows={data.banks}
                threshold={data.threshold}
                linkTo={(row) => `/view-transaction-monitoring-by-bank/${row.key}${window.location.search}`}
              />
            </Section>
          ) : null}
        </>
      )}
    </div>
  );
}
