import { randomInt } from 'node:crypto';
import {
  alreadyInState,
  conflict,
  DEPLOYMENT_CODE_DIGITS,
  deploymentCodeStatus,
  lagosDateTime,
  revokeDeploymentCode,
  formatDeploymentCode,
  issueDeploymentCode,
  listDeploymentCodes,
  notFound,
  rangeBoundToDate,
  TERMINAL_STATE_WORDS,
} from '@traction/core';
import type { HandlerContext } from '../../handling/handler-context';
import { requireAdmin } from '../../handling/handler-context';
import { implement, implementList } from '../../handling/implement';
import {
  deploymentCodeQuery,
  filterDeploymentCodes,
  findDeploymentCode,
  insertDeploymentCode,
  lockDeploymentCodeById,
  markDeploymentCodeRevoked,
  replaceActiveDeploymentCodes,
  requestOfTerminal,
  toDeploymentCodeRow,
} from './deployment-codes.repository';
import { hashOverrideCode } from './override-code-secret';
import { lockTerminalByTid } from './terminals.repository';

const HOUR_MS = 3_600_000;

/** A new deployment code: 6 random digits (typed on a POS keypad). */
const newDeploymentCode = () =>
  randomInt(10 ** DEPLOYMENT_CODE_DIGITS)
    .toString()
    .padStart(DEPLOYMENT_CODE_DIGITS, '0');

export const listDeploymentCodesHandler = implementList(listDeploymentCodes, ({ input, ctx }) => ({
  query: filterDeploymentCodes(
    deploymentCodeQuery(ctx.db, ctx.now),
    {
      search: input.search,
      status: input.status,
      officerRole: input.officerRole,
      from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
      to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
    },
    ctx.now,
  ),
  cursor: { column: 'dc.id', key: 'id', direction: 'desc' },
  map: toDeploymentCodeRow,
}));

async function codeRow(ctx: HandlerContext, id: number) {
  const row = await findDeploymentCode(ctx.db, id, ctx.now);
  if (!row) throw notFound(`Deployment code #${id} does not exist`);
  return row;
}

/**
 * Issues a code for a terminal in transit to its merchant, hashed as override codes are (SHA-256
 * of the digits: `hashOverrideCode`). Codes are looked up with their terminal, so two terminals
 * may hold the same six digits; a terminal holds one working code, the newest.
 */
export const issueDeploymentCodeHandler = implement(issueDeploymentCode, async ({ input, ctx }) => {
  const admin = requireAdmin(ctx);
  const terminal = await lockTerminalByTid(ctx.db, input.terminal_id);
  if (!terminal) throw notFound(`No terminal has the terminal ID ${input.terminal_id}`);
  if (terminal.state !== 'IN_TRANSIT' || terminal.business_id === null)
    throw conflict(
      `Terminal ${terminal.terminal_id} is ${TERMINAL_STATE_WORDS[terminal.state].toLowerCase()}: deployment codes are issued for terminals in transit to their merchant`,
      { reason: 'illegal_state', state: terminal.state },
    );
  const code = newDeploymentCode();
  const id = await insertDeploymentCode(ctx.db, {
    terminalId: terminal.id,
    businessId: terminal.business_id,
    requestId: await requestOfTerminal(ctx.db, terminal),
    officerName: input.officerName,
    officerPhone: input.officerPhone,
    officerRole: input.officerRole,
    note: input.note || null,
    codeHash: hashOverrideCode(code),
    adminId: admin.id,
    at: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + input.validForHours * HOUR_MS),
  });
  await replaceActiveDeploymentCodes(ctx.db, terminal.id, { codeId: id, at: ctx.now });
  return { ...(await codeRow(ctx, id)), code: formatDeploymentCode(code) };
});

const at = (instant: Date | string) => `${lagosDateTime(new Date(instant).toISOString())} (Lagos time)`;

/** Stops a working code; the officer needs a new one. Used, expired and revoked codes are refused saying which. */
export const revokeDeploymentCodeHandler = implement(revokeDeploymentCode, async ({ input, ctx }) => {
  requireAdmin(ctx);
  const code = await lockDeploymentCodeById(ctx.db, input.id);
  if (!code) throw notFound(`Deployment code #${input.id} does not exist`);
  const status = deploymentCodeStatus({ usedAt: code.used_at, revokedAt: code.revoked_at, expiresAt: code.expires_at }, ctx.now);
  if (status === 'REVOKED') throw alreadyInState(`Deployment code #${input.id} was already revoked on ${at(code.revoked_at!)}`);
  if (status === 'USED')
    throw conflict(`Deployment code #${input.id} was already used on ${at(code.used_at!)}: there is nothing to revoke`, { reason: 'used' });
  if (status === 'EXPIRED') throw conflict(`Deployment code #${input.id} expired on ${at(code.expires_at)}: it no longer works`, { reason: 'expired' });
  await markDeploymentCodeRevoked(ctx.db, input.id, { reason: input.reason, at: ctx.now });
  return codeRow(ctx, input.id);
});
