import { listBusinessLogs, listBusinessUsers, listFeatures, listSupportIssues, rangeBoundToDate } from '@traction/core';
import { sql } from 'kysely';
import { containsPattern, lowerPrefixPattern } from '../../db/like';
import { implement, implementList } from '../../http/implement';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { businessEventQuery, businessUserQuery, startsWith, toBusinessEvent, toBusinessUser } from './businesses.repository';

export const listFeaturesHandler = implement(listFeatures, async ({ input, ctx }) => {
  const rows = await ctx.db.selectFrom('features').select(['code', 'label']).where('category', '=', input.category).orderBy('position').orderBy('code').execute();
  return { items: rows };
});

export const listBusinessUsersHandler = implementList(listBusinessUsers, ({ input, ctx }) => {
  let query = businessUserQuery(ctx.db);
  const search = input.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([
        startsWith('u.email', search),
        startsWith('u.last_name', search),
        sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${lowerPrefixPattern(search)}`,
      ]),
    );
  }
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
  let query = ctx.db
    .selectFrom('support_issues as i')
    // LEFT (every issue has its business): the same rows, and count(*) can skip the join.
    .leftJoin('businesses as b', 'b.id', 'i.business_id')
    .select(['i.id', 'i.business_id', 'b.name as business_name', 'i.subject', 'i.body', 'i.channel', 'i.status', 'i.created_at', 'i.resolved_at']);
  const search = input.search?.trim();
  if (search) query = query.where((eb) => eb.or([eb('i.subject', 'ilike', containsPattern(search)), startsWith('b.name', search)]));
  if (input.status) query = query.where('i.status', '=', input.status);
  if (input.channel) query = query.where('i.channel', '=', input.channel);
  if (input.businessId !== undefined) query = query.where('i.business_id', '=', input.businessId);
  if (input.startdatetime) query = query.where('i.created_at', '>=', rangeBoundToDate(input.startdatetime, 'start'));
  if (input.enddatetime) query = query.where('i.created_at', '<=', rangeBoundToDate(input.enddatetime, 'end'));
  return {
    query,
    cursor: { column: 'i.id', key: 'id', direction: 'desc' },
    map: (row) => ({
      id: row.id as number,
      businessId: row.business_id as number,
      businessName: row.business_name as string,
      subject: row.subject as string,
      body: row.body as string,
      channel: row.channel as 'EMAIL' | 'PHONE' | 'WHATSAPP' | 'IN_APP',
      status: row.status as 'OPEN' | 'IN_PROGRESS' | 'RESOLVED',
      createdAt: isoTimestamp(row.created_at as Date),
      resolvedAt: isoTimestampOrNull(row.resolved_at as Date | null),
    }),
  };
});
