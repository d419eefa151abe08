import {
  addTerminalLocation,
  conflict,
  listAvailableTerminalLocations,
  listTerminalLocations,
  notFound,
  removeTerminalLocation,
  updateTerminalLocation,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  filterTerminalLocations,
  findTerminalLocation,
  insertTerminalLocation,
  lockTerminalLocation,
  markTerminalLocationRemoved,
  terminalLocationNamed,
  terminalLocationQuery,
  toTerminalLocationRow,
  updateTerminalLocationRow,
} from './terminal-locations.repository';

const BY_NAME = { cursor: { column: 'l.id', key: 'id', direction: 'asc' }, sortFirst: { column: 'l.name', key: 'name' } } as const;
const terminalsWord = (n: number) => `${n.toLocaleString('en-NG')} terminal${n === 1 ? '' : 's'}`;

export const listTerminalLocationsHandler = implementList(listTerminalLocations, ({ input, ctx }) => ({
  query: filterTerminalLocations(terminalLocationQuery(ctx.db), input),
  ...BY_NAME,
  map: toTerminalLocationRow,
}));

export const listAvailableTerminalLocationsHandler = implementList(listAvailableTerminalLocations, ({ input, ctx }) => ({
  query: filterTerminalLocations(terminalLocationQuery(ctx.db), { ...input, available: true }),
  ...BY_NAME,
  map: toTerminalLocationRow,
}));

async function locationRow(ctx: HandlerContext, id: number) {
  const row = await findTerminalLocation(ctx.db, id);
  if (!row) throw notFound(`Terminal location ${id} does not exist`);
  return row;
}

/** 409 naming the location that already has the name. */
async function uniqueName(ctx: HandlerContext, name: string, except?: number) {
  const taken = await terminalLocationNamed(ctx.db, name, except);
  if (taken)
    throw conflict(`There is already a terminal location called “${taken.name}” (#${taken.id})`, {
      reason: 'already_exists',
      field: 'name',
      location: taken.id,
    });
}

export const addTerminalLocationHandler = implement(addTerminalLocation, async ({ input, ctx }) => {
  await uniqueName(ctx, input.name);
  const id = await insertTerminalLocation(
    ctx.db,
    { name: input.name, address: input.address, stateCode: input.stateCode, lga: input.lga || null, kind: input.kind, capacity: input.capacity ?? null },
    ctx.now,
  );
  return locationRow(ctx, id);
});

export const updateTerminalLocationHandler = implement(updateTerminalLocation, async ({ input, ctx }) => {
  const before = await lockTerminalLocation(ctx.db, input.id);
  if (!before) throw notFound(`Terminal location ${input.id} does not exist`);
  if (input.name !== undefined) await uniqueName(ctx, input.name, input.id);
  if (input.capacity !== undefined && input.capacity !== null && input.capacity < before.terminals)
    throw conflict(`${before.name} holds ${terminalsWord(before.terminals)}: its capacity cannot be less than that; move some out first`, {
      reason: 'over_capacity',
      field: 'capacity',
      terminals: before.terminals,
    });
  await updateTerminalLocationRow(
    ctx.db,
    input.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.stateCode !== undefined ? { stateCode: input.stateCode } : {}),
      ...(input.lga !== undefined ? { lga: input.lga || null } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    },
    ctx.now,
  );
  return locationRow(ctx, input.id);
});

export const removeTerminalLocationHandler = implement(removeTerminalLocation, async ({ input, ctx }) => {
  const before = await lockTerminalLocation(ctx.db, input.id);
  if (!before) throw notFound(`Terminal location ${input.id} does not exist`);
  if (before.terminals > 0)
    throw conflict(
      `${before.name} still holds ${terminalsWord(before.terminals)}: move them to another location first (or make it inactive so it takes no more)`,
      { reason: 'in_use', terminals: before.terminals },
    );
  await markTerminalLocationRemoved(ctx.db, input.id, ctx.now);
  return { id: before.id, name: before.name, removedAt: ctx.now.toISOString() };
});
