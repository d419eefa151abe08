import { z } from 'zod';
import { defineCommand } from '../../command';
import { listOutput, listPaging, PAGE_SIZE } from '../../list';
import { businessEventEntry, supportIssue, supportIssueStatus } from '../../schemas/business';
import { businessEventKindField } from '../../schemas/business-event';
import { dateTimeParam, idField, searchField } from '../../schemas/common';

export const listBusinessLogs = defineCommand({
  id: 'business-logs.list',
  group: 'business-logs',
  action: 'list',
  title: 'Read the business logs',
  description: 'What happened to each business and who did it, newest first. Search matches the start of the business name.',
  keywords: ['business history', 'merchant activity'],
  method: 'GET',
  path: '/v1/businesses/logs',
  permission: 'merchants.view',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    kind: businessEventKindField.optional(),
    businessId: idField.optional(),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(businessEventEntry),
  list: {
    route: '/business-logs',
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/merchants/{businessId}',
    csv: true,
    columns: [
      { key: 'at', label: 'Time', kind: 'datetime' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'kind', label: 'Event', kind: 'enum' },
      { key: 'message', label: 'What happened', kind: 'text' },
      { key: 'adminName', label: 'By', kind: 'text' },
      { key: 'adminEmail', label: 'Admin email', kind: 'email' },
    ],
  },
  example: 'traction business-logs list --kind fraud.marked --startdatetime 2026-11-01',
});

export const listSupportIssues = defineCommand({
  id: 'support-issues.list',
  group: 'support-issues',
  action: 'list',
  title: 'List merchant support issues',
  description: 'Issues merchants raised, newest first. Search matches words in the subject or the start of the business name.',
  keywords: ['complaints', 'tickets', 'support'],
  method: 'GET',
  path: '/v1/businesses/support_issues',
  permission: 'merchants.support',
  input: z.object({
    ...listPaging,
    search: searchField.optional(),
    status: supportIssueStatus.optional(),
    channel: z.enum(['EMAIL', 'PHONE', 'WHATSAPP', 'IN_APP']).optional(),
    businessId: idField.optional(),
    startdatetime: dateTimeParam.optional(),
    enddatetime: dateTimeParam.optional(),
  }),
  output: listOutput(supportIssue),
  list: {
    pageSize: PAGE_SIZE,
    rowKey: 'id',
    searchField: 'search',
    dateRange: { from: 'startdatetime', to: 'enddatetime' },
    detailRoute: '/merchants/{businessId}',
    csv: true,
    columns: [
      { key: 'id', label: 'ID', kind: 'id' },
      { key: 'createdAt', label: 'Raised', kind: 'datetime' },
      { key: 'businessName', label: 'Business', kind: 'text' },
      { key: 'subject', label: 'Subject', kind: 'text' },
      { key: 'channel', label: 'Channel', kind: 'enum' },
      { key: 'status', label: 'Status', kind: 'enum' },
      { key: 'resolvedAt', label: 'Resolved', kind: 'datetime' },
    ],
  },
  example: 'traction support-issues list --status OPEN',
});
