import {
  getSettlementGroup,
  lagosDate,
  listCumulationTransactions,
  listSettlementCumulations,
  listSettlementGroups,
  notFound,
  badRequest,
  rangeBoundToDate,
  settleCumulations,
  SETTLEMENT_APPROVAL_ACTION,
} from '@traction/core';
import { implement, implementList } from '../../handling/implement';
import { actingOf, type ApprovalExecutor } from '../approvals/index';
import { filterPaymentLogs, paymentLogCsv, paymentLogQuery, toPaymentLog } from '../payments/index';
import { settle } from './settle';
import {
  cumulationQuery,
  filterCumulations,
  filterGroups,
  groupQuery,
  lockGroup,
  settlementCumulationCsv,
  toSettlementCumulation,
  toSettlementGroup,
} from './settlements.repository';

/** The Lagos days a date-time range covers. */
const daysOf = (input: { startdatetime?: string | undefined; enddatetime?: string | undefined }) => ({
  fromDay: input.startdatetime ? lagosDate(rangeBoundToDate(input.startdatetime, 'start')) : undefined,
  toDay: input.enddatetime ? lagosDate(rangeBoundToDate(input.enddatetime, 'end')) : undefined,
});

export const listSettlementGroupsHandler = implementList(listSettlementGroups, ({ input, ctx }) => ({
  query: filterGroups(groupQuery(ctx.db, ctx.now), { ...input, ...daysOf(input) }, ctx.now),
  // Groups are made day by day, so the newest id is the latest day.
  cursor: { column: 'g.id', key: 'id', direction: 'desc' },
  map: toSettlementGroup,
}));

export const getSettlementGroupHandler = implement(getSettlementGroup, async ({ input, ctx }) => {
  const row = await filterGroups(groupQuery(ctx.db, ctx.now), { group_id: input.id }, ctx.now).executeTakeFirst();
  if (!row) throw notFound(`Settlement group ${input.id} does not exist`);
  return toSettlementGroup(row);
});

export const listSettlementCumulationsHandler = implementList(
  listSettlementCumulations,
  ({ input, ctx }) => ({
    query: filterCumulations(cumulationQuery(ctx.db, ctx.now).where('c.group_id', '=', BigInt(input.id) as never), input, ctx.now),
    cursor: { column: 'c.id', key: 'id', direction: 'asc' },
    map: toSettlementCumulation,
    csv: settlementCumulationCsv(ctx.now),
  }),
  {
    precondition: async ({ input, ctx }) => {
      if (
        !(await groupQuery(ctx.db, ctx.now)
          .where('g.id', '=', BigInt(input.id) as never)
          .executeTakeFirst())
      )
        throw notFound(`Settlement group ${input.id} does not exist`);
    },
  },
);

export const listCumulationTransactionsHandler = implementList(
  listCumulationTransactions,
  ({ input, ctx }) => ({
    query: filterPaymentLogs(paymentLogQuery(ctx.db, ctx.now), { cumulation: input.id, now: ctx.now }),
    cursor: { column: 'p.id', key: 'id', direction: 'desc' },
    map: toPaymentLog,
    csv: paymentLogCsv(ctx.now),
  }),
  {
    precondition: async ({ input, ctx }) => {
      const found = await cumulationQuery(ctx.db, ctx.now)
        .where('c.id', '=', BigInt(input.id) as never)
        .executeTakeFirst();
      if (!found) throw notFound(`Cumulation ${input.id} does not exist`);
    },
  },
);

export const settleCumulationsHandler = implement(settleCumulations, async ({ input, ctx }) => {
  if (!(await lockGroup(ctx.db, input.group))) throw notFound(`Settlement group ${input.group} does not exist`);
  // Either the cumulations named, or every ready one: checked here so each alone is valid input.
  if (input.settle_alls && input.cumulation_ids.length > 0)
    throw badRequest('Name cumulations or settle all of them, not both', [{ field: 'cumulation_ids', message: 'must be empty when settle_alls is true' }]);
  if (!input.settle_alls && input.cumulation_ids.length === 0)
    throw badRequest('Name the cumulations to settle, or settle all', [
      { field: 'cumulation_ids', message: 'name at least one cumulation, or set settle_alls' },
    ]);
  const acting = actingOf(ctx);
  return settle(
    ctx.db,
    {
      groupId: input.group,
      action: input.action,
      cumulations: input.settle_alls ? 'all' : [...new Set(input.cumulation_ids)],
      reference: input.reference,
      note: input.note,
    },
    { adminId: acting.admin.id, now: ctx.now, commandId: settleCumulations.id, requestId: ctx.request.id },
    { acting, reason: input.note ?? '' },
  );
});

/** Runs an approved settlement in the approving transaction: exactly the cumulations it asked for, still waiting under it. */
export const settlementExecutor: ApprovalExecutor = {
  commandId: SETTLEMENT_APPROVAL_ACTION,
  async execute(db, request, meta) {
    const input = request.input as {
      groupId: number;
      action: 'manual-settle' | 'actual-settle';
      cumulationIds: number[];
      reference: string | null;
      note: string | null;
    };
    const outcome = await settle(
      db,
      {
        groupId: input.groupId,
        action: input.action,
        cumulations: input.cumulationIds,
        reference: input.reference ?? undefined,
        note: input.note ?? undefined,
      },
      { adminId: meta.adminId, now: meta.at ?? new Date(), commandId: meta.commandId, requestId: meta.requestId },
      { approvedRequestId: request.id },
    );
    return { reference: outcome.cumulations.length === 1 ? outcome.cumulations[0]!.reference : null };
  },
};
