import type { MerchantDetail } from '@traction/core';
import { Link } from 'react-router';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The latest events of the business, with a link to its whole history in Business Logs. */
export function MerchantHistorySection({ businessId, events }: { businessId: number; events: MerchantDetail['events'] }) {
  return (
    <Section
      name="history"
      title="History"
      aside={
        <Link to={`/business-logs?businessId=${businessId}`} className={`${linkClass} text-xs`}>
          All history
        </Link>
      }
    >
      <DetailTable
        label="History"
        rows={events}
        rowKey={(event) => event.id}
        empty="Nothing has happened to this business yet."
        columns={[
          { label: 'When', cell: (event) => <span className="whitespace-nowrap">{formatDateTime(event.at)}</span> },
          { label: 'Event', cell: (event) => <Badge>{humanize(event.kind)}</Badge> },
          { label: 'What happened', cell: (event) => event.message },
          { label: 'By', cell: (event) => event.adminName ?? 'System' },
        ]}
      />
    </Section>
  );
}
