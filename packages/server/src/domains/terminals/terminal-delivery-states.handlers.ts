import { addDeliveryState, conflict, listDeliveryStates, MAX_DELIVERY_STATES, notFound, removeDeliveryState, updateDeliveryState } from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  deleteDeliveryState,
  deliveryStateNamed,
  deliveryStateQuery,
  filterDeliveryStates,
  findDeliveryState,
  insertDeliveryState,
  lockDeliveryStates,
  renumberDeliveryStates,
  requestsInDeliveryState,
  toDeliveryStateRow,
  updateDeliveryStateRow,
} from './terminal-delivery-states.repository';

const requestsWord = (n: number) => `${n.toLocaleString('en-NG')} request${n === 1 ? '' : 's'}`;

export const listDeliveryStatesHandler = implementList(listDeliveryStates, ({ input, ctx }) => ({
  query: filterDeliveryStates(deliveryStateQuery(ctx.db), input),
  cursor: { column: 'ds.id', key: 'id', direction: 'asc' },
  sortFirst: { column: 'ds.position', key: 'position' },
  map: toDeliveryStateRow,
}));

async function stateRow(ctx: HandlerContext, id: number) {
  const row = await findDeliveryState(ctx.db, id);
  if (!row) throw notFound(`Terminal delivery state ${id} does not exist`);
  return row;
}

/** 409 naming the state that already has the name. */
async function uniqueName(ctx: HandlerContext, name: string, except?: number) {
  const taken = await deliveryStateNamed(ctx.db, name, except);
  if (taken)
    throw conflict(`There is already a delivery state called “${taken.name}” (#${taken.id})`, { reason: 'already_exists', field: 'name', state: taken.id });
}

/** The list with `id` moved to `position` (1-based, kept within the list). */
function placed<T extends { id: number }>(states: readonly T[], id: number, position: number): T[] {
  const moving = states.find((state) => state.id === id);
  if (!moving) return [...states];
  const rest = states.filter((state) => state.id !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}

export const addDeliveryStateHandler = implement(addDeliveryState, async ({ input, ctx }) => {
  const states = await lockDeliveryStates(ctx.db);
  if (states.length >= MAX_DELIVERY_STATES)
    throw conflict(`There are already ${MAX_DELIVERY_STATES} delivery states, the most there may be: remove or reuse one`, { reason: 'too_many' });
  await uniqueName(ctx, input.name);
  const id = await insertDeliveryState(
    ctx.db,
    { name: input.name, description: input.description || null, delivered: input.delivered, active: true, position: states.length + 1 },
    ctx.now,
  );
  if (input.position !== undefined) await renumberDeliveryStates(ctx.db, placed([...states, { id, position: states.length + 1 }], id, input.position), ctx.now);
  return stateRow(ctx, id);
});

export const updateDeliveryStateHandler = implement(updateDeliveryState, async ({ input, ctx }) => {
  const states = await lockDeliveryStates(ctx.db);
  if (!states.some((state) => state.id === input.id)) throw notFound(`Terminal delivery state ${input.id} does not exist`);
  if (input.name !== undefined) await uniqueName(ctx, input.name, input.id);
  await updateDeliveryStateRow(
    ctx.db,
    input.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.delivered !== undefined ? { delivered: input.delivered } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    },
    ctx.now,
  );
  if (input.position !== undefined) await renumberDeliveryStates(ctx.db, placed(states, input.id, input.position), ctx.now);
  return stateRow(ctx, input.id);
});

export const removeDeliveryStateHandler = implement(removeDeliveryState, async ({ input, ctx }) => {
  const states = await lockDeliveryStates(ctx.db);
  const state = states.find((candidate) => candidate.id === input.id);
  if (!state) throw notFound(`Terminal delivery state ${input.id} does not exist`);
  const requests = await requestsInDeliveryState(ctx.db, input.id);
  if (requests > 0)
    throw conflict(
      `${requestsWord(requests)} ${requests === 1 ? 'is' : 'are'} in “${state.name}”: take it out of use instead (it keeps them and takes no more)`,
      {
        reason: 'in_use',
        requests,
      },
    );
  await deleteDeliveryState(ctx.db, input.id);
  await renumberDeliveryStates(
    ctx.db,
    states.filter((candidate) => candidate.id !== input.id),
    ctx.now,
  );
  return { id: state.id, name: state.name };
});
