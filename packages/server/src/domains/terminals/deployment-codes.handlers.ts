import { randomInt } from 'node:crypto';
import {
  conflict,
  DEPLOYMENT_CODE_DIGITS,
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
