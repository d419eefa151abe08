import {
  alreadyInState,
  badRequest,
  cancelVisit,
  conflict,
  FIELD_AGENT_ROLE_WORDS,
  getVisit,
  listCsrAccounts,
  listCsrDeployments,
  listCsrOnboarded,
  listFieldAgents,
  listLoggedVisits,
  listVisits,
  logVisit,
  notFound,
  rangeBoundToDate,
  scheduleVisit,
  VISIT_AGENDA_WORDS,
  VISIT_STATUS_WORDS,
} from '@traction/core';
import { sql } from 'kysely';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { csrAccountQuery, csrCountQuery, filterCsrAccounts, toCsrAccountRow, toCsrCountRow } from './csr.repository';
import {
  agentQuery,
  filterAgents,
  filterVisits,
  findVisit,
  insertVisit,
  insertVisitEvent,
  lockAgent,
  lockVisit,
  merchantForVisit,
  overlappingVisit,
  toAgentRow,
  toVisitRow,
  visitHistory,
  visitQuery,
  writeVisitCancel,
  writeVisitLog,
} from './visits.repository';

/** `Mon 24 Nov 2026, 10:00` in Lagos time, for messages. */
const lagosWhen = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

export const listFieldAgentsHandler = implementList(listFieldAgents, ({ input, ctx }) => ({
  query: filterAgents(agentQuery(ctx.db, ctx.now), input),
  cursor: { column: 'a.id', key: 'id', direction: 'asc' },
  sortFirst: { column: 'a.name', key: 'name' },
  map: toAgentRow,
}));

/** The schedule: soonest first. */
export const listVisitsHandler = implementList(listVisits, ({ input, ctx }) => ({
  query: filterVisits(visitQuery(ctx.db), input),
  cursor: { column: 'v.id', key: 'id', direction: 'asc' },
  sortFirst: { column: 'v.scheduled_for', key: 'scheduled_order' },
  map: toVisitRow,
}));

/** The log: visits whose time has come (or that were called off), latest first. */
export const listLoggedVisitsHandler = implementList(listLoggedVisits, ({ input, ctx }) => ({
  query: filterVisits(visitQuery(ctx.db), input).where(sql<boolean>`(v.scheduled_for <= ${ctx.now} or v.status <> 'SCHEDULED')`),
  cursor: { column: 'v.id', key: 'id', direction: 'desc' },
  sortFirst: { column: 'v.scheduled_for', key: 'scheduled_order' },
  map: toVisitRow,
}));

/**
 * A new visit. The agent's row is locked first, so two requests booking the same agent take
 * turns and the second sees the first's visit: an overlap answers 409 naming it.
 */
export const scheduleVisitHandler = implement(scheduleVisit, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const start = rangeBoundToDate(input.scheduledFor, 'start');
  if (start.getTime() <= ctx.now.getTime()) {
    throw badRequest(`A visit cannot be scheduled in the past (${lagosWhen(start)} has gone)`, [{ field: 'scheduledFor', message: 'must be in the future' }]);
  }
  const end = new Date(start.getTime() + input.durationMinutes * 60_000);
  const merchant = await merchantForVisit(ctx.db, input.businessId);
  if (!merchant) throw badRequest(`Merchant ${input.businessId} does not exist`, [{ field: 'businessId', message: 'is not a merchant' }]);
  const agent = await lockAgent(ctx.db, input.agentId);
  if (!agent) throw badRequest(`Agent ${input.agentId} does not exist`, [{ field: 'agentId', message: 'is not an agent' }]);
  if (!agent.active) throw badRequest(`${agent.name} is no longer an active agent`, [{ field: 'agentId', message: 'is not active' }]);
  const clash = await overlappingVisit(ctx.db, agent.id, start, end);
  if (clash) {
    throw conflict(
      `${agent.name} already has visit ${clash.id} at ${clash.business_name} on ${lagosWhen(new Date(clash.scheduled_for))} (${clash.duration_minutes} minutes), which overlaps this one: choose another time or agent`,
      { reason: 'double_booked', visitId: clash.id, fields: [{ field: 'scheduledFor', message: `overlaps visit ${clash.id}` }] },
    );
  }
  const location = input.location ?? (merchant.address.trim().length >= 2 ? merchant.address.trim() : merchant.name);
  const id = await insertVisit(ctx.db, {
    agent_id: agent.id,
    business_id: merchant.id,
    agenda: input.agenda,
    location,
    state_code: input.stateCode ?? merchant.state_code,
    scheduled_for: start,
    duration_minutes: input.durationMinutes,
    note: input.note || null,
    created_by: actor.id,
    created_at: ctx.now,
  });
  await insertVisitEvent(ctx.db, { visitId: id, kind: 'SCHEDULED', note: input.note || null, adminId: actor.id, at: ctx.now });
  const visit = toVisitRow((await findVisit(ctx.db, id))!);
  return {
    visit,
    message: `Visit ${id} scheduled: ${agent.name} (${FIELD_AGENT_ROLE_WORDS[agent.role]}) to ${merchant.name} for ${VISIT_AGENDA_WORDS[input.agenda].toLowerCase()} on ${lagosWhen(start)}, ${input.durationMinutes} minutes.`,
  };
});

export const logVisitHandler = implement(logVisit, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockVisit(ctx.db, input.id);
  if (!locked) throw notFound(`Visit ${input.id} does not exist`);
  if (locked.status !== 'SCHEDULED') {
    throw alreadyInState(`Visit ${input.id} is already ${VISIT_STATUS_WORDS[locked.status].toLowerCase()}: a visit is logged once`);
  }
  const start = new Date(locked.scheduled_for);
  if (start.getTime() > ctx.now.getTime()) {
    throw conflict(`Visit ${input.id} is on ${lagosWhen(start)}: it can be logged once its time has come (cancel it if it will not happen)`, {
      reason: 'not_yet',
    });
  }
  await writeVisitLog(ctx.db, input.id, { status: input.status, outcome: input.outcome, formId: input.formId ?? null, adminId: actor.id, at: ctx.now });
  await insertVisitEvent(ctx.db, { visitId: input.id, kind: input.status, note: input.outcome, adminId: actor.id, at: ctx.now });
  const visit = toVisitRow((await findVisit(ctx.db, input.id))!);
  return { visit, message: `Visit ${input.id} to ${visit.businessName} logged as ${VISIT_STATUS_WORDS[input.status].toLowerCase()}.` };
});

export const cancelVisitHandler = implement(cancelVisit, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const locked = await lockVisit(ctx.db, input.id);
  if (!locked) throw notFound(`Visit ${input.id} does not exist`);
  if (locked.status !== 'SCHEDULED') {
    throw alreadyInState(`Visit ${input.id} is already ${VISIT_STATUS_WORDS[locked.status].toLowerCase()}: only a scheduled visit can be cancelled`);
  }
  await writeVisitCancel(ctx.db, input.id, { reason: input.reason, at: ctx.now });
  await insertVisitEvent(ctx.db, { visitId: input.id, kind: 'CANCELLED', note: input.reason, adminId: actor.id, at: ctx.now });
  const visit = toVisitRow((await findVisit(ctx.db, input.id))!);
  return { visit, message: `Visit ${input.id} to ${visit.businessName} cancelled: ${visit.agentName}'s time is free again.` };
});

export const getVisitHandler = implement(getVisit, async ({ input, ctx }) => {
  const row = await findVisit(ctx.db, input.id);
  if (!row) throw notFound(`Visit ${input.id} does not exist`);
  return { visit: toVisitRow(row), history: await visitHistory(ctx.db, input.id) };
});

export const listCsrAccountsHandler = implementList(listCsrAccounts, ({ input, ctx }) => ({
  query: filterCsrAccounts(csrAccountQuery(ctx.db), input),
  cursor: { column: 'b.id', key: 'id', direction: 'asc' },
  sortFirst: { column: 'a.name', key: 'csr_name' },
  map: toCsrAccountRow,
}));

export const listCsrOnboardedHandler = implementList(listCsrOnboarded, ({ input, ctx }) => ({
  query: csrCountQuery(ctx.db, 'onboarded', input),
  cursor: { column: 't.id', key: 'id', direction: 'asc' },
  map: toCsrCountRow,
}));

export const listCsrDeploymentsHandler = implementList(listCsrDeployments, ({ input, ctx }) => ({
  query: csrCountQuery(ctx.db, 'deployments', input),
  cursor: { column: 't.id', key: 'id', direction: 'asc' },
  map: toCsrCountRow,
}));
