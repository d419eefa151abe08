import type { MerchantDetail } from '@traction/core';
import { Badge } from '../ui/Badge';
import { formatDateTime } from '../ui/formatDateTime';
import { humanize } from '../ui/humanize';
import { Section } from '../ui/Section';
import { DetailTable } from './DetailTable';

/** The people who sign in for the business. */
export function MerchantUsersSection({ users }: { users: MerchantDetail['users'] }) {
  return (
    <Section name="users" title="Users" count={users.length}>
      <DetailTable
        label="Users"
        rows={users}
        rowKey={(user) => user.id}
        empty="No one signs in for this business."
        columns={[
          { label: 'Name', cell: (user) => `${user.firstName} ${user.lastName}` },
          { label: 'Email', cell: (user) => user.email },
          { label: 'Role', cell: (user) => humanize(user.role) },
          { label: 'Status', cell: (user) => <Badge tone={user.status === 'active' ? 'good' : 'warn'}>{humanize(user.status)}</Badge> },
          { label: 'Last sign-in', cell: (user) => formatDateTime(user.lastLoginAt) },
        ]}
      />
    </Section>
  );
}
