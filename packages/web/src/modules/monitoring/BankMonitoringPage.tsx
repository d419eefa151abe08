import { bankByCbnCode, getBankMonitoring } from '@traction/core';
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

/** Portal 2: issuing banks' success rates (an issuer that is down shows here); with a bank id, that bank across routes. */
export default function BankMonitoringPage() {
  const { id } = useParams();
  const bank = id ? bankByCbnCode(id) : undefined;
  const range = useMonitoringRange();
  const shown = useCommandQuery(getBankMonitoring, { ...range.input, ...(bank ? { id: bank.cbnCode } : {}) }, { enabled: !id || bank !== undefined });
  if (id && !bank) return <RecordNotLoaded valid={false} error={null} missing={`There is no bank with the code ${id}.`} failed="" retry={() => {}} />;
  const data = shown.data;
  return (
    <div className="space-y-4" data-page="bank-monitoring" data-bank={bank?.cbnCode ?? ''}>
      <PageHeader
        title={bank ? `${bank.name}: transaction monitoring` : 'Transaction Monitoring Portal 2: issuing banks'}
        description="Success rate, volume and value of the cards each bank issued (and transfers from its customers), day by day. The last seven days unless you choose a range."
        actions={
          <Link className={linkClass} to="/transaction-monitoring-portal">
            By route
          </Link>
        }
      />
      <MonitoringRange range={range} />
      {shown.isPending ? (
        <PageSpinner />
      ) : !data ? (
        <RecordNotLoaded valid error={shown.error} missing="" failed="Monitoring could not be loaded" retry={() => void shown.refetch()} />
      ) : (
        <>
          <Section name="banks" title={bank ? 'Bank' : 'Issuing banks'}>
            <StatsTable
              label="Bank"
              rows={data.banks}
              threshold={data.threshold}
              linkTo={bank ? undefined : (row) => `/view-transaction-monitoring-by-bank/${row.key}${window.location.search}`}
            />
          </Section>
          <ChartsOrNumbers series={data.series} bucket={data.bucket} threshold={data.threshold} what={bank ? bank.name : 'The busiest banks'} />
          {bank ? (
            <Section name="routes" title="By route">
              <StatsTable
                label="Route"
                rows={data.routes}
                threshold={data.threshold}
                linkTo={(row) => `/view-transaction-monitoring-by-route/${row.key}${window.location.search}`}
              />
            </Section>
          ) : null}
        </>
      )}
    </div>
  );
}
