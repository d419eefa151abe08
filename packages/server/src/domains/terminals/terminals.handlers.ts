import {
  addTerminal,
  badRequest,
  bankByCbnCode,
  canMoveTerminal,
  koboFromDatabase,
  reassignTerminal,
  unmapTerminal,
  unmapTerminalsBulk,
  ApiError,
  type TerminalRow,
  conflict,
  getTerminal,
  listMerchantTerminals,
  listTerminals,
  MAPPED_STATES,
  moveTerminal,
  NIGERIAN_BANKS,
  notFound,
  TERMINAL_MOVES,
  TERMINAL_PROVIDERS,
  TERMINAL_STATE_WORDS,
  terminalBanks,
  terminalHistory,
  terminalProviders,
  type TerminalState,
  updateTerminal,
} from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { type HandlerContext, requireAdmin } from '../../handling/handler-context';
import { resolveSelection } from '../../handling/selection';
import { implement, implementList } from '../../handling/implement';
import {
  filterTerminals,
  findTerminal,
  lockTerminal,
  lockTerminalByTid,
  recordTerminalEvent,
  terminalCsv,
  terminalEventQuery,
  terminalHolding,
  terminalQuery,
  toTerminalEvent,
  toTerminalRow,
  unsettledPayments,
} from './terminals.repository';
import { locationThatTakesTerminal } from './terminal-location-capacity';

const NEWEST_FIRST = { cursor: { column: 't.id', key: 'id', direction: 'desc' } } as const;
const words = (state: TerminalState) => TERMINAL_STATE_WORDS[state].toLowerCase();

export const listTerminalsHandler = implementList(listTerminals, ({ input, ctx }) => ({
  query: filterTerminals(terminalQuery(ctx.db), input),
  ...NEWEST_FIRST,
  map: toTerminalRow,
  csv: terminalCsv,
}));

export const listMerchantTerminalsHandler = implementList(listMerchantTerminals, ({ input, ctx }) => ({
  query: filterTerminals(terminalQuery(ctx.db), { businessId: input.businessId }),
  ...NEWEST_FIRST,
  map: toTerminalRow,
  csv: terminalCsv,
}));

async function existing(ctx: { db: Parameters<typeof findTerminal>[0] }, id: number) {
  const terminal = await findTerminal(ctx.db, id);
  if (!terminal) throw notFound(`Terminal ${id} does not exist`);
  return terminal;
}

export const getTerminalHandler = implement(getTerminal, async ({ input, ctx }) => {
  const terminal = await existing(ctx, input.id);
  // Assigning goes through a merchant (reassign), so it is not offered as a bare move.
  return { ...terminal, nextStates: TERMINAL_MOVES[terminal.state].filter((state) => state !== 'ASSIGNED') };
});

/** 409 naming the terminal that already holds the serial number or terminal ID. */
async function unique(ctx: { db: Parameters<typeof terminalHolding>[0] }, serialNo: string | undefined, terminalId: string | undefined, except?: number) {
  const taken = await terminalHolding(ctx.db, serialNo, terminalId, except);
  if (!taken) return;
  const field = serialNo !== undefined && taken.serial_no === serialNo ? 'serialNo' : 'terminalId';
  const value = field === 'serialNo' ? serialNo : terminalId;
  throw conflict(
    `Terminal #${taken.id} (${taken.serial_no}, ${taken.terminal_id}) already has the ${field === 'serialNo' ? 'serial number' : 'terminal ID'} ${value}`,
    {
      reason: 'already_exists',
      field,
      terminal: taken.id,
    },
  );
}

export const addTerminalHandler = implement(addTerminal, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  await unique(ctx, input.serialNo, input.terminalId);
  const row = await ctx.db
    .insertInto('terminals')
    .values({
      serial_no: input.serialNo,
      terminal_id: input.terminalId,
      provider: input.provider,
      model: input.model,
      bank_code: input.bankCode,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordTerminalEvent(ctx.db, { terminalId: row.id, type: 'state', summary: 'Added to stock', toState: 'IN_STOCK', adminId: admin.id, at: ctx.now });
  return existing(ctx, row.id);
});

export const updateTerminalHandler = implement(updateTerminal, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const before = await lockTerminal(ctx.db, input.id);
  if (!before) throw notFound(`Terminal ${input.id} does not exist`);
  await unique(ctx, undefined, input.terminalId, input.id);
  const current = await existing(ctx, input.id);
  // A registered location it moves to must take it (active, with room); leaving one needs nothing.
  const movesTo = input.locationId !== undefined && input.locationId !== current.locationId ? input.locationId : undefined;
  const place = movesTo === undefined || movesTo === null ? null : await locationThatTakesTerminal(ctx.db, movesTo);
  await ctx.db
    .updateTable('terminals')
    .set({
      ...(input.terminalId !== undefined ? { terminal_id: input.terminalId } : {}),
      ...(input.provider !== undefined ? { provider: input.provider } : {}),
      ...(input.model !== undefined ? { model: input.model } : {}),
      ...(input.bankCode !== undefined ? { bank_code: input.bankCode } : {}),
      ...(input.location !== undefined ? { location: input.location || null } : {}),
      ...(movesTo !== undefined ? { location_id: movesTo } : {}),
      updated_at: ctx.now,
    })
    .where('id', '=', input.id)
    .execute();
  const changed = [
    ...(input.terminalId !== undefined && input.terminalId !== current.terminalId ? [`Terminal ID ${current.terminalId} → ${input.terminalId}`] : []),
    ...(input.bankCode !== undefined && input.bankCode !== current.bankCode
      ? [`Acquiring bank ${current.bankName} → ${bankByCbnCode(input.bankCode)?.name ?? input.bankCode}`]
      : []),
  ];
  if (changed.length > 0)
    await recordTerminalEvent(ctx.db, { terminalId: input.id, type: 'details', summary: changed.join('; '), adminId: admin.id, at: ctx.now });
  if (input.location !== undefined && (input.location || null) !== current.location) {
    await recordTerminalEvent(ctx.db, {
      terminalId: input.id,
      type: 'location',
      summary: input.location ? `Located at ${input.location}` : 'Location cleared',
      adminId: admin.id,
      at: ctx.now,
    });
  }
  if (movesTo !== undefined) {
    await recordTerminalEvent(ctx.db, {
      terminalId: input.id,
      type: 'location',
      summary: place
        ? `Moved to ${place.name}${current.locationName ? ` from ${current.locationName}` : ''}`
        : `Taken off ${current.locationName ?? 'its location'}`,
      adminId: admin.id,
      at: ctx.now,
    });
  }
  return existing(ctx, input.id);
});

export const moveTerminalHandler = implement(moveTerminal, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const before = await lockTerminal(ctx.db, input.id);
  if (!before) throw notFound(`Terminal ${input.id} does not exist`);
  const from = before.state;
  const allowed = TERMINAL_MOVES[from].filter((state) => state !== 'ASSIGNED');
  if (input.state === 'ASSIGNED')
    throw conflict(`Terminal ${before.serial_no} is assigned by reassigning it to a merchant, not by a move`, { reason: 'illegal_state', state: from });
  if (!canMoveTerminal(from, input.state)) {
    throw conflict(
      `Terminal ${before.serial_no} is ${words(from)}: it ${allowed.length ? `can move to ${allowed.map(words).join(', ')}` : 'cannot move any more'}, not to ${words(input.state)}`,
      { reason: 'illegal_state', state: from },
    );
  }
  // Out of the mapped states it leaves its merchant and store; in transit and deployed it keeps them.
  const leaves = !MAPPED_STATES.includes(input.state) && before.business_id !== null;
  await ctx.db
    .updateTable('terminals')
    .set({ state: input.state, updated_at: ctx.now, ...(leaves ? { business_id: null, store_id: null } : {}) })
    .where('id', '=', input.id)
    .execute();
  await recordTerminalEvent(ctx.db, {
    terminalId: input.id,
    type: 'state',
    summary: `${TERMINAL_STATE_WORDS[from]} → ${TERMINAL_STATE_WORDS[input.state]}`,
    fromState: from,
    toState: input.state,
    businessId: before.business_id,
    note: input.note,
    adminId: admin.id,
    at: ctx.now,
  });
  if (leaves) {
    await recordTerminalEvent(ctx.db, {
      terminalId: input.id,
      type: 'mapping',
      summary: 'Unmapped from its merchant',
      businessId: before.business_id,
      note: input.note,
      adminId: admin.id,
      at: ctx.now,
    });
  }
  return existing(ctx, input.id);
});

export const terminalProvidersHandler = implement(terminalProviders, async () => ({
  items: TERMINAL_PROVIDERS.map((provider) => ({ name: provider.name, models: [...provider.models] })),
}));

export const terminalBanksHandler = implement(terminalBanks, async () => ({
  items: NIGERIAN_BANKS.map((bank) => ({ code: bank.cbnCode, name: bank.name })),
}));

export const terminalHistoryHandler = implementList(
  terminalHistory,
  ({ input, ctx }) => {
    let query = terminalEventQuery(ctx.db, input.id);
    if (input.terminalHistoryType) query = query.where('e.type', '=', input.terminalHistoryType);
    return { query, cursor: { column: 'e.id', key: 'id', direction: 'desc' }, map: toTerminalEvent };
  },
  {
    precondition: async ({ input, ctx }) => {
      await existing(ctx, input.id);
    },
  },
);

export const reassignTerminalHandler = implement(reassignTerminal, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const before = await lockTerminalByTid(ctx.db, input.terminal_id);
  if (!before) throw notFound(`No terminal has the terminal ID ${input.terminal_id}`);
  const merchant = await ctx.db.selectFrom('businesses').select(['id', 'name', 'is_fraud']).where('id', '=', input.business_id).executeTakeFirst();
  if (!merchant) throw notFound(`Business ${input.business_id} does not exist`);
  if (merchant.is_fraud)
    throw conflict(`${merchant.name} is marked as fraud: it cannot be given a terminal`, { reason: 'merchant_fraud', business: merchant.id });
  if (input.store_id !== undefined) {
    const store = await ctx.db.selectFrom('stores').select('business_id').where('id', '=', input.store_id).executeTakeFirst();
    if (!store || store.business_id !== merchant.id)
      throw badRequest(`Store ${input.store_id} is not one of ${merchant.name}'s stores`, [
        { field: 'store_id', message: `must be one of ${merchant.name}'s stores` },
      ]);
  }
  const from = before.state;
  // From stock it becomes assigned; mapped ones move as they are; others must come back into stock first.
  const to: TerminalState | null = from === 'IN_STOCK' ? 'ASSIGNED' : MAPPED_STATES.includes(from) ? from : null;
  if (!to)
    throw conflict(`Terminal ${before.serial_no} is ${words(from)}: put it back in stock before mapping it to a merchant`, {
      reason: 'illegal_state',
      state: from,
    });
  if (before.business_id === merchant.id && (input.store_id ?? null) === before.store_id)
    throw conflict(`Terminal ${before.serial_no} is already with ${merchant.name}${input.store_id ? ' at that store' : ''}`, { reason: 'already' });
  const previous =
    before.business_id === null ? null : await ctx.db.selectFrom('businesses').select('name').where('id', '=', before.business_id).executeTakeFirst();
  await ctx.db
    .updateTable('terminals')
    .set({ state: to, business_id: merchant.id, store_id: input.store_id ?? null, updated_at: ctx.now })
    .where('id', '=', before.id)
    .execute();
  await recordTerminalEvent(ctx.db, {
    terminalId: before.id,
    type: 'mapping',
    summary: previous && before.business_id !== merchant.id ? `Reassigned from ${previous.name} to ${merchant.name}` : `Mapped to ${merchant.name}`,
    businessId: merchant.id,
    adminId: admin.id,
    at: ctx.now,
  });
  if (to !== from)
    await recordTerminalEvent(ctx.db, {
      terminalId: before.id,
      type: 'state',
      summary: `${TERMINAL_STATE_WORDS[from]} → ${TERMINAL_STATE_WORDS[to]}`,
      fromState: from,
      toState: to,
      businessId: merchant.id,
      adminId: admin.id,
      at: ctx.now,
    });
  return existing(ctx, before.id);
});

/** Why a terminal cannot be unmapped now, or null when it can. */
async function unmapRefusal(
  ctx: HandlerContext,
  before: { serial_no: string; terminal_id: string; state: TerminalState; business_id: number | null },
  acknowledged: boolean,
) {
  if (before.business_id === null)
    return {
      status: 409,
      message: `Terminal ${before.serial_no} is ${words(before.state)}, not with a merchant: nothing to unmap`,
      details: { reason: 'already', state: before.state },
    };
  const unsettled = await unsettledPayments(ctx.db, before.terminal_id);
  if (unsettled.payments > 0 && !acknowledged)
    return {
      status: 409,
      message: `Terminal ${before.serial_no} took ${unsettled.payments} payment${unsettled.payments === 1 ? '' : 's'} (${formatNaira(koboFromDatabase(unsettled.amount))}) not yet settled, in cumulation${unsettled.cumulations.length === 1 ? '' : 's'} ${unsettled.cumulations.map((id) => `#${id}`).join(', ')}: settle them first, or unmap it anyway with acknowledge_unsettled`,
      details: { reason: 'unsettled_payments', payments: unsettled.payments, cumulations: unsettled.cumulations },
    };
  return null;
}

/** Detaches a locked, mapped terminal from its merchant: an assigned one back into stock, one in transit or deployed retrieved; both in its history. */
async function detach(ctx: HandlerContext, before: { id: number; state: TerminalState; business_id: number | null }, reason: string) {
  const admin = requireAdmin(ctx);
  const to: TerminalState = before.state === 'ASSIGNED' ? 'IN_STOCK' : 'RETRIEVED';
  const merchant =
    before.business_id === null ? undefined : await ctx.db.selectFrom('businesses').select('name').where('id', '=', before.business_id).executeTakeFirst();
  await ctx.db.updateTable('terminals').set({ state: to, business_id: null, store_id: null, updated_at: ctx.now }).where('id', '=', before.id).execute();
  await recordTerminalEvent(ctx.db, {
    terminalId: before.id,
    type: 'mapping',
    summary: `Unmapped from ${merchant?.name ?? 'its merchant'}`,
    businessId: before.business_id,
    note: reason,
    adminId: admin.id,
    at: ctx.now,
  });
  await recordTerminalEvent(ctx.db, {
    terminalId: before.id,
    type: 'state',
    summary: `${TERMINAL_STATE_WORDS[before.state]} → ${TERMINAL_STATE_WORDS[to]}`,
    fromState: before.state,
    toState: to,
    businessId: before.business_id,
    note: reason,
    adminId: admin.id,
    at: ctx.now,
  });
}

export const unmapTerminalHandler = implement(unmapTerminal, async ({ input, ctx }) => {
  const before = await lockTerminalByTid(ctx.db, input.terminal_id);
  if (!before) throw notFound(`No terminal has the terminal ID ${input.terminal_id}`);
  if (before.serial_no !== input.serial_no)
    throw badRequest(`Terminal ${input.terminal_id} has another serial number: check both on the device`, [
      { field: 'serial_no', message: `is not the serial number of terminal ${input.terminal_id}` },
    ]);
  const refusal = await unmapRefusal(ctx, before, input.acknowledge_unsettled === true);
  if (refusal) throw new ApiError(refusal.status, refusal.message, refusal.details);
  await detach(ctx, before, input.reason);
  return existing(ctx, before.id);
});

export const unmapTerminalsBulkHandler = implement(unmapTerminalsBulk, async ({ input, ctx }) => {
  const { rows, missing } = await resolveSelection<TerminalRow>(ctx, listTerminalsHandler, input);
  const skipped = missing.map((id) => ({ id, reason: 'no such terminal' }));
  let changed = 0;
  for (const row of rows) {
    // Decided under each terminal's lock: one moved meanwhile is judged as it is now.
    const before = await lockTerminal(ctx.db, row.id);
    if (!before) continue;
    const refusal = await unmapRefusal(ctx, before, input.acknowledge_unsettled === true);
    if (refusal) {
      skipped.push({ id: row.id, reason: refusal.message });
      continue;
    }
    await detach(ctx, before, input.reason);
    changed++;
  }
  return { matched: rows.length, changed, skipped };
});
