import { getFailedRouteMonitoring } from '@traction/core';
import { Link } from 'react-router';
import { useCommandQuery } from '../list/useCommandQuery';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { PageHeader } from '../ui/PageHeader';
import { PageSpinner } from '../ui/PageSpinner';
import { RecordNotLoaded } from '../ui/RecordNotLoaded';
import { Section } from '../ui/Section';
import { MonitoringRange, useMonitoringRange } from './MonitoringRange';

/** The payment logs of a window: that route's failures in those hours. */
const logsOf = (route: string, from: string, to: string) => {
  const lagos = (iso: string) => new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 16);
  const end = lagos(new Date(new Date(to).getTime() - 60_000).toISOString());
  return `/payments-logs?route=${route}&status=FAILED&startdatetime=${lagos(from)}:00.000&enddatetime=${end}:59.999`;
};

/** Failing routes: each stretch of hours a route spent below the threshold, worst first, with the codes that dominated it. */
export default function FailedRoutesPage() {
  const range = useMonitoringRange();
  const shown = useCommandQuery(getFailedRouteMonitoring, range.input);
  const data = shown.data;
  return (
    <div className="space-y-4" data-page="failed-routes">
      <PageHeader
        title="Failing routes"
        description="Every stretch of hours a processor route spent below the threshold, worst first, with the response codes that dominated its failures. Open one for its failed payments."
        actions={
          <Link className={linkClass} to="/transaction-monitoring-portal">
            All routes
          </Link>
        }
      />
      <MonitoringRange range={range} />
      {shown.isPending ? (
        <PageSpinner />
      ) : !data ? (
        <RecordNotLoaded valid error={shown.error} missing="" failed="Monitoring could not be loaded" retry={() => void shown.refetch()} />
      ) : data.routes.length === 0 ? (
        <p role="status" className="text-sm text-zinc-500">
          No route fell below {data.threshold}% in this range.
        </p>
      ) : (
        data.routes.map((route) => (
          <Section key={route.key} name={`failing-${route.key}`} title={`${route.name}: worst ${route.worstRate.toFixed(1)}%`}>
            <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {route.windows.map((window) => (
                <li key={window.from} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-3 py-2" data-window={window.from} data-route={route.key}>
                  <Link className={`${linkClass} tabular-nums`} to={logsOf(route.key, window.from, window.to)}>
                    {formatDateTime(window.from)} – {formatDateTime(window.to)}
                  </Link>
                  <span className="font-semibold text-red-700 tabular-nums dark:text-red-300">{window.successRate.toFixed(1)}% successful</span>
                  <span className="tabular-nums">of {window.payments.toLocaleString('en-NG')} payments</span>
                  <span data-top-code={window.topFailures[0]?.code ?? ''}>
                    {window.topFailures.map((failure) => `${failure.code} ${failure.message} (${failure.share}%)`).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        ))
      )}
    </div>
  );
}
