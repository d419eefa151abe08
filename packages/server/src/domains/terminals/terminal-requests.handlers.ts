import {
  addTerminalRequest,
  badRequest,
  decideTerminalRequest,
  conflict,
  EDITABLE_REQUEST_STATUSES,
  editTerminalRequest,
  forbidden,
  getTerminalRequest,
  listTerminalRequests,
  nextRequestStatuses,
  notFound,
  providerByName,
  TERMINAL_REQUEST_STATUS_WORDS,
  type TerminalRequestStatus,
  updateTerminalRequestStatus,
} from '@traction/core';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { deliveryStateFor } from './terminal-delivery-states.repository';
import { deployTerminal, recordRequestEvent } from './terminal-request-moves';
import {
  filterTerminalRequests,
  findTerminalRequest,
  listPrice,
  lockTerminalRequest,
  lockTerminalsByTid,
  requestEvents,
  requestTerminals,
  terminalRequestCsv,
  terminalRequestQuery,
  toTerminalRequestRow,
} from './terminal-requests.repository';
import { recordTerminalEvent } from './terminals.repository';

const words = (status: TerminalRequestStatus) => TERMINAL_REQUEST_STATUS_WORDS[status].toLowerCase();
/** Approving and declining are a decision of their own: the approve permission's, on top of the command's. */
const DECISIONS: readonly TerminalRequestStatus[] = ['APPROVED', 'DECLINED'];

export const listTerminalRequestsHandler = implementList(listTerminalRequests, ({ input, ctx }) => ({
  query: filterTerminalRequests(terminalRequestQuery(ctx.db), input),
  cursor: { column: 'r.id', key: 'id', direction: 'desc' },
  map: toTerminalRequestRow,
  csv: terminalRequestCsv,
}));

async function existing(ctx: HandlerContext, id: number) {
  const request = await findTerminalRequest(ctx.db, id);
  if (!request) throw notFound(`There is no terminal request #${id}`);
  return request;
}

export const getTerminalRequestHandler = implement(getTerminalRequest, async ({ input, ctx }) => {
  const request = await existing(ctx, input.id);
  return {
    ...request,
    nextStatuses: nextRequestStatuses(request.status, request.isLoan),
    terminals: await requestTerminals(ctx.db, input.id),
    events: await requestEvents(ctx.db, input.id),
  };
});

/** A model the provider makes, in its own spelling; 400 naming the field otherwise. */
function checkedModel(provider: string | undefined, model: string | undefined): string | undefined {
  if (model === undefined) return undefined;
  if (!provider) throw badRequest('Name the provider of the model', [{ field: 'provider', message: 'is required with a model' }]);
  const known = providerByName(provider);
  const spelled = known?.models.find((each) => each.toLowerCase() === model.toLowerCase());
  if (!known || !spelled)
    throw badRequest(`${provider} makes no model ${model}`, [
      { field: 'model', message: `must be a model ${provider} makes (${known?.models.join(', ') ?? ''})` },
    ]);
  return spelled;
}

export const addTerminalRequestHandler = implement(addTerminalRequest, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const merchant = await ctx.db.selectFrom('businesses').select(['id', 'name', 'is_fraud']).where('id', '=', input.business_id).executeTakeFirst();
  if (!merchant) throw notFound(`Business ${input.business_id} does not exist`);
  if (merchant.is_fraud)
    throw conflict(`${merchant.name} is marked as fraud: it cannot request terminals`, { reason: 'merchant_fraud', business: merchant.id });
  const model = checkedModel(input.provider, input.model);
  const each = await listPrice(ctx.db, input.provider, model, input.plan);
  const row = await ctx.db
    .insertInto('terminal_requests')
    .values({
      source: input.source,
      business_id: merchant.id,
      contact_name: input.contactName,
      contact_phone: input.contactPhone,
      delivery_address: input.deliveryAddress,
      state_code: input.stateCode,
      quantity: input.quantity,
      provider: input.provider ?? null,
      model: model ?? null,
      plan: input.plan,
      is_loan: input.isLoan,
      amount: each * BigInt(input.quantity),
      note: input.note || null,
      requested_by: admin.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordRequestEvent(ctx.db, { requestId: row.id, from: null, to: 'REQUESTED', note: input.note ?? null, adminId: admin.id, at: ctx.now });
  return existing(ctx, row.id);
});

export const editTerminalRequestHandler = implement(editTerminalRequest, async ({ input, ctx }) => {
  const before = await lockTerminalRequest(ctx.db, input.requestId);
  if (!before) throw notFound(`There is no terminal request #${input.requestId}`);
  const current = await existing(ctx, input.requestId);
  const details = [
    input.contactName,
    input.contactPhone,
    input.deliveryAddress,
    input.stateCode,
    input.quantity,
    input.provider,
    input.model,
    input.plan,
    input.note,
  ];
  if (details.some((value) => value !== undefined) && !EDITABLE_REQUEST_STATUSES.includes(before.status))
    throw conflict(`Request #${before.id} is ${words(before.status)}: its terminals are assigned, so only its follow-up can change`, {
      reason: 'illegal_state',
      state: before.status,
    });
  const delivery = input.deliveryStateId === undefined ? undefined : await deliveryStep(ctx, before, input.deliveryStateId);
  const provider = input.provider ?? current.provider ?? undefined;
  const model =
    input.model !== undefined || input.provider !== undefined
      ? checkedModel(provider, input.model ?? current.model ?? undefined)
      : (current.model ?? undefined);
  const plan = input.plan ?? current.plan;
  const quantity = input.quantity ?? current.quantity;
  const repriced = input.provider !== undefined || input.model !== undefined || input.plan !== undefined || input.quantity !== undefined;
  const amount = repriced ? (await listPrice(ctx.db, provider, model, plan)) * BigInt(quantity) : undefined;
  await ctx.db
    .updateTable('terminal_requests')
    .set({
      ...(input.contactName !== undefined ? { contact_name: input.contactName } : {}),
      ...(input.contactPhone !== undefined ? { contact_phone: input.contactPhone } : {}),
      ...(input.deliveryAddress !== undefined ? { delivery_address: input.deliveryAddress } : {}),
      ...(input.stateCode !== undefined ? { state_code: input.stateCode } : {}),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.provider !== undefined ? { provider: input.provider } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(input.plan !== undefined ? { plan: input.plan } : {}),
      ...(input.note !== undefined ? { note: input.note || null } : {}),
      ...(amount !== undefined ? { amount } : {}),
      ...(input.followUp !== undefined ? { follow_up: input.followUp, follow_up_note: input.followUp ? input.followUpNote || null : null } : {}),
      ...(input.followUp === undefined && input.followUpNote !== undefined ? { follow_up_note: input.followUpNote || null } : {}),
      ...(delivery ? { delivery_state_id: delivery.id, status: delivery.status } : {}),
      updated_at: ctx.now,
    })
    .where('id', '=', input.requestId)
    .execute();
  if (delivery) {
    const admin = requireAdmin(ctx);
    await recordRequestEvent(ctx.db, {
      requestId: before.id,
      from: before.status,
      to: delivery.status,
      note: `Delivery: ${delivery.name}`,
      adminId: admin.id,
      at: ctx.now,
    });
  }
  return existing(ctx, input.requestId);
});

/**
 * A dispatched (or delivered) request's delivery moves to another state in use; one that means
 * delivered marks a dispatched request delivered. 409 before dispatch, 400 naming the field for
 * a state that does not exist or is out of use.
 */
async function deliveryStep(ctx: HandlerContext, before: { id: number; status: TerminalRequestStatus; delivery_state_id: number | null }, stateId: number) {
  if (before.status !== 'DISPATCHED' && before.status !== 'DELIVERED')
    throw conflict(`Request #${before.id} is ${words(before.status)}: a delivery state is set once it is dispatched`, {
      reason: 'illegal_state',
      state: before.status,
    });
  const state = await deliveryStateFor(ctx.db, stateId);
  if (!state) throw badRequest(`There is no delivery state #${stateId}`, [{ field: 'deliveryStateId', message: 'is not a delivery state' }]);
  if (!state.active)
    throw badRequest(`${state.name} is not in use`, [{ field: 'deliveryStateId', message: `${state.name} is not in use: choose a state in use` }]);
  if (before.delivery_state_id === state.id) throw conflict(`Request #${before.id}'s delivery is already at ${state.name}`, { reason: 'already' });
  const status: TerminalRequestStatus = state.delivered ? 'DELIVERED' : before.status;
  return { id: state.id, name: state.name, status };
}

/** The terminals named for an assignment: as many as asked, each in stock, none twice. */
async function terminalsToAssign(ctx: HandlerContext, quantity: number, tids: readonly string[] | undefined) {
  if (!tids || tids.length === 0)
    throw badRequest(`Name the ${quantity} terminal${quantity === 1 ? '' : 's'} to assign`, [
      { field: 'terminalIds', message: 'are required to assign terminals' },
    ]);
  const unique = [...new Set(tids)];
  if (unique.length !== tids.length) throw badRequest('A terminal ID is named twice', [{ field: 'terminalIds', message: 'must name each terminal once' }]);
  if (unique.length !== quantity)
    throw badRequest(`The request is for ${quantity} terminal${quantity === 1 ? '' : 's'}; ${unique.length} ${unique.length === 1 ? 'is' : 'are'} named`, [
      { field: 'terminalIds', message: `must name exactly ${quantity} terminal${quantity === 1 ? '' : 's'}` },
    ]);
  const found = await lockTerminalsByTid(ctx.db, unique);
  const missing = unique.filter((tid) => !found.some((terminal) => terminal.terminal_id === tid));
  if (missing.length > 0)
    throw badRequest(`No terminal has the terminal ID ${missing.join(', ')}`, [
      { field: 'terminalIds', message: `has unknown terminal IDs: ${missing.join(', ')}` },
    ]);
  const busy = found.filter((terminal) => terminal.state !== 'IN_STOCK');
  if (busy.length > 0)
    throw conflict(
      `Only terminals in stock are assigned: ${busy.map((terminal) => `${terminal.terminal_id} is ${terminal.state.toLowerCase().replace('_', ' ')}`).join(', ')}`,
      {
        reason: 'illegal_state',
        terminals: busy.map((terminal) => terminal.terminal_id),
      },
    );
  return found;
}

interface MoveAsked {
  requestId: number;
  status: TerminalRequestStatus;
  note?: string | undefined;
  terminalIds?: string[] | undefined;
}

export const updateTerminalRequestStatusHandler = implement(updateTerminalRequestStatus, async ({ input, ctx }) => moveRequest(ctx, input));

export const decideTerminalRequestHandler = implement(decideTerminalRequest, async ({ input, ctx }) =>
  moveRequest(ctx, { requestId: input.requestId, status: input.decision, note: input.note }),
);

/** Moves a request on as its status allows (TERMINAL_REQUEST_MOVES), with what each move does to its terminals. */
async function moveRequest(ctx: HandlerContext, input: MoveAsked) {
  const admin = requireAdmin(ctx);
  if (DECISIONS.includes(input.status) && !admin.permissions.has('terminal-requests.approve'))
    throw forbidden('Approving or declining a terminal request needs the terminal-requests.approve permission', { permission: 'terminal-requests.approve' });
  const before = await lockTerminalRequest(ctx.db, input.requestId);
  if (!before) throw notFound(`There is no terminal request #${input.requestId}`);
  const next = nextRequestStatuses(before.status, before.is_loan);
  if (before.status === input.status) throw conflict(`Request #${before.id} is already ${words(before.status)}`, { reason: 'already', state: before.status });
  if (!next.includes(input.status))
    throw conflict(
      `Request #${before.id} is ${words(before.status)}: it ${next.length ? `can become ${next.map(words).join(' or ')}` : 'cannot move any more'}, not ${words(input.status)}`,
      { reason: 'illegal_state', state: before.status },
    );
  if (input.status === 'DECLINED' && !input.note) throw badRequest('Say why the request is declined', [{ field: 'note', message: 'is required to decline' }]);
  const note = input.note || null;
  const merchant = await ctx.db.selectFrom('businesses').select(['id', 'name', 'is_fraud']).where('id', '=', before.business_id).executeTakeFirstOrThrow();
  if (input.status === 'ASSIGNED') {
    if (merchant.is_fraud)
      throw conflict(`${merchant.name} is marked as fraud: it cannot be given terminals`, { reason: 'merchant_fraud', business: merchant.id });
    const terminals = await terminalsToAssign(ctx, before.quantity, input.terminalIds);
    const ids = terminals.map((terminal) => terminal.id);
    await ctx.db
      .updateTable('terminals')
      .set({ state: 'ASSIGNED', business_id: merchant.id, store_id: null, updated_at: ctx.now })
      .where('id', 'in', ids)
      .execute();
    await ctx.db
      .insertInto('terminal_request_terminals')
      .values(ids.map((id) => ({ request_id: before.id, terminal_id: id })))
      .execute();
    for (const id of ids) {
      await recordTerminalEvent(ctx.db, {
        terminalId: id,
        type: 'mapping',
        summary: `Mapped to ${merchant.name} for request #${before.id}`,
        businessId: merchant.id,
        adminId: admin.id,
        at: ctx.now,
      });
      await recordTerminalEvent(ctx.db, {
        terminalId: id,
        type: 'state',
        summary: 'In stock → Assigned',
        fromState: 'IN_STOCK',
        toState: 'ASSIGNED',
        businessId: merchant.id,
        adminId: admin.id,
        at: ctx.now,
      });
    }
  }
  if (input.status === 'DISPATCHED') {
    const terminals = await requestTerminals(ctx.db, before.id);
    const ids = terminals.filter((terminal) => terminal.state === 'ASSIGNED').map((terminal) => terminal.id);
    if (ids.length > 0) await ctx.db.updateTable('terminals').set({ state: 'IN_TRANSIT', updated_at: ctx.now }).where('id', 'in', ids).execute();
    for (const id of ids)
      await recordTerminalEvent(ctx.db, {
        terminalId: id,
        type: 'state',
        summary: `Assigned → In transit (request #${before.id} dispatched)`,
        fromState: 'ASSIGNED',
        toState: 'IN_TRANSIT',
        businessId: merchant.id,
        note,
        adminId: admin.id,
        at: ctx.now,
      });
  }
  if (input.status === 'DEPLOYED') {
    // Deployed by hand: each terminal still in transit is deployed as a device's report would (terminal-request-moves), which moves the request on once all are.
    const terminals = await requestTerminals(ctx.db, before.id);
    for (const terminal of terminals.filter((each) => each.state === 'IN_TRANSIT'))
      await deployTerminal(ctx.db, { terminalId: terminal.id, adminId: admin.id, at: ctx.now, note: note ?? `Deployed by hand for request #${before.id}` });
    const after = await lockTerminalRequest(ctx.db, before.id);
    if (after?.status !== 'DEPLOYED')
      throw conflict(`Request #${before.id} still has terminals that are not deployed: deploy each (or fix its state) first`, {
        reason: 'illegal_state',
        state: before.status,
      });
    return existing(ctx, before.id);
  }
  await ctx.db.updateTable('terminal_requests').set({ status: input.status, updated_at: ctx.now }).where('id', '=', before.id).execute();
  await recordRequestEvent(ctx.db, { requestId: before.id, from: before.status, to: input.status, note, adminId: admin.id, at: ctx.now });
  return existing(ctx, before.id);
}
