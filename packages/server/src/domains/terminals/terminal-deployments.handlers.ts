import {
  ApiError,
  conflict,
  deploymentCodeStatus,
  FIELD_OFFICER_ROLE_WORDS,
  forbidden,
  listDeploymentReports,
  listDeployments,
  rangeBoundToDate,
  reportDeployment,
  TERMINAL_STATE_WORDS,
  tooManyRequests,
  type DeploymentRejection,
} from '@traction/core';
import { lagosDateTime } from '@traction/core/format';
import type { Db } from '../../db/connect';
import { implement, implementList } from '../../handling/implement';
import { lockDeploymentCode, markDeploymentCodeUsed } from './deployment-codes.repository';
import { hashOverrideCode } from './override-code-secret';
import { lockTerminalByTid } from './terminals.repository';
import { deployTerminal } from './terminal-request-moves';
import {
  businessName,
  deploymentQuery,
  deploymentReportQuery,
  filterDeploymentReports,
  filterDeployments,
  insertDeployment,
  insertDeploymentReport,
  recentWrongCodes,
  toDeploymentReportRow,
  toDeploymentRow,
} from './terminal-deployments.repository';

const MINUTE_MS = 60_000;
/**
 * Guessing limits on the terminals' public call. A code is 6 digits, so guesses are what they
 * cost: 5 wrong codes an hour for one terminal ID (about 360 guesses in a code's 72 hours, a
 * 0.04% chance), and 30 every 15 minutes from one address whatever the terminal. Sliding
 * windows: nothing is locked for good.
 */
export const WRONG_CODES_PER_TERMINAL = { limit: 5, windowMs: 60 * MINUTE_MS } as const;
export const WRONG_CODES_PER_ADDRESS = { limit: 30, windowMs: 15 * MINUTE_MS } as const;

/** The one answer to a wrong code and to a terminal ID and serial number that are not one terminal's: a guess learns nothing. */
const WRONG_CODE = 'That code does not deploy this terminal: check the terminal ID, the serial number and the code, or ask for a new code.';

const at = (instant: Date | string) => `${lagosDateTime(new Date(instant).toISOString())} (Lagos time)`;
const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/** A report refused: why (kept with the report), the answer, and what it was found to name. */
class Refusal extends Error {
  constructor(
    readonly reason: DeploymentRejection,
    readonly answer: ApiError,
    readonly found: { terminalId: number | null; codeId: number | null } = { terminalId: null, codeId: null },
  ) {
    super(answer.message);
  }
}

async function enforceGuessLimits(db: Db, sent: { terminalId: string; ip: string }, now: Date): Promise<void> {
  const checks = [
    { by: { sentTerminalId: sent.terminalId }, ...WRONG_CODES_PER_TERMINAL, scope: 'for this terminal' },
    { by: { ip: sent.ip }, ...WRONG_CODES_PER_ADDRESS, scope: 'from this address' },
  ];
  for (const check of checks) {
    const recent = await recentWrongCodes(db, check.by, new Date(now.getTime() - check.windowMs));
    if (recent.count < check.limit) continue;
    const waitMs = (recent.oldest ?? now).getTime() + check.windowMs - now.getTime();
    throw new Refusal(
      'TOO_MANY_ATTEMPTS',
      tooManyRequests(`Too many wrong codes ${check.scope}. Try again in ${minutes(waitMs)}.`, Math.max(1, Math.ceil(waitMs / 1000))),
    );
  }
}

/**
 * A terminal reports itself deployed with a field officer's code. Not one transaction: every
 * report is kept, and a refused one is kept after its transaction rolled back (the answer is an
 * error). An accepted one deploys the terminal (and its request once all its terminals are),
 * spends the code and records the deployment, with its report and audit row, in one transaction;
 * the code's row lock makes two reports with one code deploy once.
 */
export const reportDeploymentHandler = implement(
  reportDeployment,
  async ({ input, ctx }) => {
    const { deps, now, request } = ctx;
    const sent = { terminalId: input.terminal_id, serialNo: input.serial_no, latitude: input.latitude, longitude: input.longitude };
    try {
      await enforceGuessLimits(deps.db, { terminalId: sent.terminalId, ip: request.ip }, now);
      return await ctx.auditedTransaction(async (trx) => {
        const terminal = await lockTerminalByTid(trx, sent.terminalId);
        if (!terminal || terminal.serial_no !== sent.serialNo) throw new Refusal('UNKNOWN_TERMINAL', forbidden(WRONG_CODE, { reason: 'wrong_code' }));
        const found = { terminalId: terminal.id, codeId: null as number | null };
        const code = await lockDeploymentCode(trx, terminal.id, hashOverrideCode(input.code));
        if (!code) throw new Refusal('WRONG_CODE', forbidden(WRONG_CODE, { reason: 'wrong_code' }), found);
        found.codeId = code.id;
        const status = deploymentCodeStatus({ usedAt: code.used_at, revokedAt: code.revoked_at, expiresAt: code.expires_at }, now);
        if (status === 'USED')
          throw new Refusal('USED', conflict(`This code was already used on ${at(code.used_at!)}: a code works once.`, { reason: 'used' }), found);
        if (status === 'REVOKED')
          throw new Refusal(
            'REVOKED',
            conflict(`This code was replaced by a newer one on ${at(code.revoked_at!)}: use the newest code you were given.`, { reason: 'revoked' }),
            found,
          );
        if (status === 'EXPIRED')
          throw new Refusal('EXPIRED', conflict(`This code expired on ${at(code.expires_at)}: ask for a new one.`, { reason: 'expired' }), found);
        if (terminal.state !== 'IN_TRANSIT' || terminal.business_id === null)
          throw new Refusal(
            'NOT_IN_TRANSIT',
            conflict(
              `Terminal ${terminal.terminal_id} is ${TERMINAL_STATE_WORDS[terminal.state].toLowerCase()}: only a terminal in transit to its merchant is deployed with a code.`,
              { reason: 'illegal_state', state: terminal.state },
            ),
            found,
          );
        // Reassigned to another merchant on the way: the code was for the first.
        if (terminal.business_id !== code.business_id)
          throw new Refusal(
            'REVOKED',
            conflict('This code was issued while the terminal was going to another merchant: ask for a new one.', { reason: 'revoked' }),
            found,
          );

        const officer = `${code.officer_name} (${FIELD_OFFICER_ROLE_WORDS[code.officer_role]})`;
        let deployed: Awaited<ReturnType<typeof deployTerminal>>;
        try {
          deployed = await deployTerminal(trx, { terminalId: terminal.id, adminId: null, at: now, note: `Deployed by ${officer} with code #${code.id}` });
        } catch (error) {
          // The request it was sent for is not delivered yet (the terminal's own state was checked above).
          if (error instanceof ApiError && error.status === 409)
            throw new Refusal(error.details?.request ? 'REQUEST_NOT_DELIVERED' : 'NOT_IN_TRANSIT', error, found);
          throw error;
        }
        if (!(await markDeploymentCodeUsed(trx, code.id, now)))
          throw new Refusal('USED', conflict('This code was used a moment ago: a code works once.', { reason: 'used' }), found);
        const merchant = await businessName(trx, terminal.business_id);
        const message = `Terminal ${terminal.terminal_id} is deployed at ${merchant}. Thank you, ${code.officer_name}.`;
        const reportId = await insertDeploymentReport(trx, {
          at: now,
          sentTerminalId: sent.terminalId,
          sentSerialNo: sent.serialNo,
          latitude: sent.latitude,
          longitude: sent.longitude,
          terminalId: terminal.id,
          codeId: code.id,
          result: 'ACCEPTED',
          reason: null,
          message,
          ip: request.ip || null,
        });
        const deploymentId = await insertDeployment(trx, {
          terminalId: terminal.id,
          businessId: terminal.business_id,
          storeId: terminal.store_id,
          requestId: deployed.request?.id ?? null,
          codeId: code.id,
          reportId,
          officerName: code.officer_name,
          officerPhone: code.officer_phone,
          officerRole: code.officer_role,
          latitude: sent.latitude,
          longitude: sent.longitude,
          at: now,
        });
        return {
          result: 'ACCEPTED' as const,
          message,
          deploymentId,
          terminalId: terminal.terminal_id,
          businessName: merchant,
          requestId: deployed.request?.id ?? null,
          requestDeployed: deployed.request?.deployed ?? false,
          deployedAt: now.toISOString(),
        };
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await insertDeploymentReport(deps.db, {
        at: now,
        sentTerminalId: sent.terminalId,
        sentSerialNo: sent.serialNo,
        latitude: sent.latitude,
        longitude: sent.longitude,
        terminalId: error.found.terminalId,
        codeId: error.found.codeId,
        result: 'REJECTED',
        reason: error.reason,
        message: error.answer.message,
        ip: request.ip || null,
      });
      throw error.answer;
    }
  },
  { transactional: false },
);

export const listDeploymentReportsHandler = implementList(listDeploymentReports, ({ input, ctx }) => ({
  query: filterDeploymentReports(deploymentReportQuery(ctx.db), {
    from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
    to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
    result: input.result,
    reason: input.reason,
    terminal: input.terminal,
  }),
  cursor: { column: 'r.id', key: 'id', direction: 'desc' },
  map: toDeploymentReportRow,
}));

export const listDeploymentsHandler = implementList(listDeployments, ({ input, ctx }) => ({
  query: filterDeployments(deploymentQuery(ctx.db), {
    from: input.startdatetime ? rangeBoundToDate(input.startdatetime, 'start') : undefined,
    to: input.enddatetime ? rangeBoundToDate(input.enddatetime, 'end') : undefined,
    officerRole: input.officerRole,
    search: input.search,
  }),
  cursor: { column: 'd.id', key: 'id', direction: 'desc' },
  map: toDeploymentRow,
}));
