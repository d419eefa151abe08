import { listBusinessLogs, listBusinessUsers, listFeatures, listSupportIssues, rangeBoundToDate } from '@traction/core';
import { containsPattern } from '../../db/like';
import { implement, implementList } from '../../handling/implement';
import {
  businessEventQuery,
  businessUserQuery,
  businessUserSearch,
  featuresOf,
  startsWith,
  supportIssueQuery,
  toBusinessEvent,
  toBusinessUser,
  toSupportIssue,
} from './businesses.repository';

export const listFeaturesHandler = implement(listFeatures, async ({ input, ctx }) => {
  return { items: await featuresOf(ctx.db, input.category) };
});

export const listBusinessUsersHandler = implementList(listBusinessUsers, ({ input, ctx }) => {
  let query = businessUserQuery(ctx.db);
  const search = input.search?.trim();
  if (search) query = query.where(businessUserSearch(search));
  if (input.businessId !== undefined) query = query.where('u.business_id', '=', input.businessId);
  if (input.role) query = query.where('u.role', '=', input.role);
  return { query, cursor: { column: 'u.id', key: 'id', direction: 'desc' }, map: toBusinessUser };
});

export const listBusinessLogsHandler = implementList(listBusinessLogs, ({ input, ctx }) => {
  let query = businessEventQuery(ctx.db);
  const search = input.search?.trim();
  if (search) query = query.where(startsWith('b.name', search));
  if (input.kind) query = query.where('e.kind', '=', input.kind);
  if (input.businessId !== undefined) query = query.where('e.business_id', '=', input.businessId);
  if (input.startdatetime) query = query.where('e.at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('e.at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'e.id', key: 'id', direction: 'desc' }, map: toBusinessEvent };
});

export const listSupportIssuesHandler = implementList(listSupportIssues, ({ input, ctx }) => {
  let query = supportIssueQuery(ctx.db);
  const search = input.search?.trim();
  if (search) query = query.where((eb) => eb.or([eb('i.subject', 'ilike', containsPattern(search)), startsWith('b.name', search)]));
  if (input.status) query = query.where('i.status', '=', input.status);
  if (input.channel) query = query.where('i.channel', '=', input.channel);
  if (input.businessId !== undefined) query = query.where('i.business_id', '=', input.businessId);
  if (input.startdatetime) query = query.where('i.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('i.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return { query, cursor: { column: 'i.id', key: 'id', direction: 'desc' }, map: toSupportIssue };
});
