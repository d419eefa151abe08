import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { businessUser, businessUserRole } from '../../schemas/business';
import { idField, searchField } from '../../schemas/common';

export const listBusinessUsers = defineCommand({
  id: 'business-users.list',
  group: 'business-users',
  action: 'list',
  title: 'List merchant users',
  description: 'People who sign in to the merchant apps, one row per business they belong to. Search matches the start of the email or of the name.',
  keywords: ['business users', 'owners', 'cashiers'],
  method: 'GET',
  path: '/v1/businesses/users/',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    businessId: idField.optional(),
    role: businessUserRole.optional(),
  }),
  output: listOutput(businessUser),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    detailRoute: '/merchants/{businessId}',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'firstName', label: 'First name', kind: 'text' },
      { key: 'lastName', label: 'Last name', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'text', width: 17 },
      { key: 'role', label: 'Role', kind: 'enum' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'enum' },
      { key: 'lastLoginAt', label: 'Last sign-in', kind: 'datetime' },
      { key: 'createdAt', label: 'Joined', kind: 'datetime' },
    ],
  },
  example: 'traction business-users list --role owner --search ada',
});
