import { alreadyInState, approveDeviceRequest, conflict, listDeviceRequests, notFound, rejectDeviceRequest } from '@traction/core';
import { requireAdmin, type HandlerContext } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { decideDevice, deviceRequestSearch, deviceRequestsQuery, revokeSessions, toDeviceRequest } from '../auth/index';
import { assertOutranks } from './guards';

async function loadRequest(ctx: HandlerContext, id: number) {
  const row = await deviceRequestsQuery(ctx.db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Device request ${id} does not exist`);
  return row;
}

export const listDeviceRequestsHandler = implementList(listDeviceRequests, ({ input, ctx }) => {
  let query = deviceRequestsQuery(ctx.db).where('d.status', '=', input.status);
  if (input.search) query = query.where(deviceRequestSearch(input.search));
  return { query, cursor: { column: 'd.id', key: 'id', direction: 'desc' }, map: toDeviceRequest };
});

export const approveDeviceRequestHandler = implement(approveDeviceRequest, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const request = await loadRequest(ctx, input.id);
  if (request.admin_id === actor.id) throw conflict('You cannot approve your own device; ask another administrator');
  assertOutranks(actor, { role: request.admin_role }, "approve a super admin's device");
  if (request.status === 'approved') throw alreadyInState('This device is already approved');
  await decideDevice(ctx.db, request.id, { approve: true, adminId: actor.id, at: ctx.now });
  return { device: toDeviceRequest(await loadRequest(ctx, input.id)) };
});

export const rejectDeviceRequestHandler = implement(rejectDeviceRequest, async ({ input, ctx }) => {
  const actor = requireAdmin(ctx);
  const request = await loadRequest(ctx, input.id);
  assertOutranks(actor, { role: request.admin_role }, "reject a super admin's device");
  if (request.status === 'rejected') throw alreadyInState('This device is already rejected');
  await decideDevice(ctx.db, request.id, { approve: false, adminId: actor.id, note: input.reason ?? null, at: ctx.now });
  await revokeSessions(ctx.db, { adminId: request.admin_id, deviceRowId: request.id }, 'device rejected', ctx.now);
  return { device: toDeviceRequest(await loadRequest(ctx, input.id)) };
});
