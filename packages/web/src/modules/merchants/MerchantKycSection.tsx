import type { MerchantDetail } from '@traction/core';
import { Link } from 'react-router';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { linkClass } from '../ui/linkClass';
import { Section } from '../ui/Section';
import { statusTone } from '../ui/statusTone';
import { documentLabel, statusLabel } from '../kyc/kycLabels';
import { DetailTable } from './DetailTable';

/** The latest KYC record of each type, each opening its review page. */
export function MerchantKycSection({ records }: { records: MerchantDetail['kyc'] }) {
  return (
    <Section name="kyc" title="KYC" aside={<span className="text-xs text-zinc-500">latest per type</span>}>
      <DetailTable
        label="KYC"
        rows={records}
        rowKey={(record) => record.id}
        empty="No KYC submitted yet."
        columns={[
          {
            label: 'Verification',
            cell: (record) => (
              <Link to={`/all-verification/${record.id}`} className={linkClass}>
                {humanize(record.verificationType)}
                {record.documentType ? ` · ${documentLabel(record.documentType)}` : ''}
              </Link>
            ),
          },
          { label: 'Status', cell: (record) => <Badge tone={statusTone(record.status)}>{statusLabel(record.status)}</Badge> },
          { label: 'Comment', cell: (record) => record.comment ?? '—' },
          { label: 'Updated', cell: (record) => formatDateTime(record.updatedAt) },
        ]}
      />
    </Section>
  );
}
