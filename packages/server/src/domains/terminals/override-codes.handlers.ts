import {
  alreadyInState,
  conflict,
  createOverrideCode,
  formatOverrideCode,
  listOverrideCodes,
  notFound,
  overrideCodeStatus,
  redeemOverrideCode,
  revokeOverrideCode,
} from '@traction/core';
import { lagosDateTime } from '@traction/core/format';
import type { HandlerContext } from '../../handling/handler-context';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import { hashOverrideCode, newOverrideCode } from './override-code-secret';
import {
  filterOverrideCodes,
  findOverrideCode,
  insertOverrideCode,
  lockOverrideCode,
  lockOverrideCodeByHash,
  markOverrideCodeRevoked,
  markOverrideCodeUsed,
  overrideCodeHashTaken,
  overrideCodeQuery,
  overrideCodeUse,
  terminalByTid,
  toOverrideCodeRow,
} from './override-codes.repository';

const HOUR_MS = 3_600_000;
const at = (instant: Date | string) => `${lagosDateTime(new Date(instant).toISOString())} (Lagos time)`;

export const listOverrideCodesHandler = implementList(listOverrideCodes, ({ input, ctx }) => ({
  query: filterOverrideCodes(overrideCodeQuery(ctx.db, ctx.now), input, ctx.now),
  cursor: { column: 'oc.id', key: 'id', direction: 'desc' },
  map: toOverrideCodeRow,
}));

async function codeRow(ctx: HandlerContext, id: number) {
  const row = await findOverrideCode(ctx.db, id, ctx.now);
  if (!row) throw notFound(`Override code #${id} does not exist`);
  return row;
}

export const createOverrideCodeHandler = implement(createOverrideCode, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  let terminalRecordId: number | null = null;
  if (input.terminal_id !== undefined) {
    const terminal = await terminalByTid(ctx.db, input.terminal_id);
    if (!terminal) throw notFound(`No terminal has the terminal ID ${input.terminal_id}`);
    if (terminal.state === 'DECOMMISSIONED')
      throw conflict(`Terminal ${terminal.serial_no} is decommissioned: there is no lock to override`, { reason: 'illegal_state', state: terminal.state });
    terminalRecordId = terminal.id;
  }
  // A new code never shares the hash of one issued before (10^12 codes: a clash is all but impossible, and then drawn again).
  let code = newOverrideCode();
  while (await overrideCodeHashTaken(ctx.db, hashOverrideCode(code))) code = newOverrideCode();
  const id = await insertOverrideCode(ctx.db, {
    terminalId: terminalRecordId,
    purpose: input.purpose,
    note: input.note || null,
    codeHash: hashOverrideCode(code),
    adminId: admin.id,
    at: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + input.validForHours * HOUR_MS),
  });
  return { ...(await codeRow(ctx, id)), code: formatOverrideCode(code) };
});

export const revokeOverrideCodeHandler = implement(revokeOverrideCode, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const code = await lockOverrideCode(ctx.db, input.id);
  if (!code) throw notFound(`Override code #${input.id} does not exist`);
  const status = overrideCodeStatus({ usedAt: code.used_at, revokedAt: code.revoked_at, expiresAt: code.expires_at }, ctx.now);
  if (status === 'REVOKED') throw alreadyInState(`Override code #${input.id} was already revoked on ${at(code.revoked_at!)}`);
  if (status === 'USED') throw conflict(`Override code #${input.id} was already used on ${at(code.used_at!)}: there is nothing to revoke`, { reason: 'used' });
  if (status === 'EXPIRED') throw conflict(`Override code #${input.id} expired on ${at(code.expires_at)}: it no longer works`, { reason: 'expired' });
  await markOverrideCodeRevoked(ctx.db, input.id, { adminId: admin.id, reason: input.reason, at: ctx.now });
  return codeRow(ctx, input.id);
});

export const redeemOverrideCodeHandler = implement(redeemOverrideCode, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const terminal = await terminalByTid(ctx.db, input.terminal_id);
  if (!terminal) throw notFound(`No terminal has the terminal ID ${input.terminal_id}`);
  const code = await lockOverrideCodeByHash(ctx.db, hashOverrideCode(input.code));
  // An unknown code and one issued for another terminal get the same answer: a guess learns nothing.
  if (!code || (code.terminal_id !== null && code.terminal_id !== terminal.id))
    throw notFound(`No override code for terminal ${terminal.terminal_id} matches that code: check it, or ask for a new one`);
  const status = overrideCodeStatus({ usedAt: code.used_at, revokedAt: code.revoked_at, expiresAt: code.expires_at }, ctx.now);
  if (status === 'USED') {
    const use = await overrideCodeUse(ctx.db, code.id);
    throw conflict(
      `This override code was already used on ${at(code.used_at!)}${use?.used_by_name ? ` by ${use.used_by_name}` : ''}${use?.used_on_tid ? ` at terminal ${use.used_on_tid}` : ''}: a code works once`,
      { reason: 'used', code: code.id },
    );
  }
  if (status === 'REVOKED')
    throw conflict(`This override code was revoked on ${at(code.revoked_at!)}: ask for a new one`, { reason: 'revoked', code: code.id });
  if (status === 'EXPIRED') throw conflict(`This override code expired on ${at(code.expires_at)}: ask for a new one`, { reason: 'expired', code: code.id });
  if (!(await markOverrideCodeUsed(ctx.db, code.id, { adminId: admin.id, terminalId: terminal.id, at: ctx.now })))
    throw conflict('This override code was used or revoked a moment ago: a code works once', { reason: 'used', code: code.id });
  return codeRow(ctx, code.id);
});
