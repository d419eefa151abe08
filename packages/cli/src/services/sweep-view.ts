import { setTimeout as sleep } from 'node:timers/promises';
import { type AnyCommand, formatNaira, getSweepStatus, lagosDateTime, type Sweep, type SweepDetail, type SweepOutcome, sweepRowColumns } from '@traction/core';
import type { CallOptions, TractionClient } from '@traction/core/client';
import { CliError, interrupted, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { note, type Io } from '../io';
import { chooseFormat, withSink, writeRows, writeValue } from '../output/emit';
import { confirmDanger, inputLines } from './confirm-danger';
import { followJobOnScreen } from './follow-job';
import { invocationOf } from './run-command';
import { callWithSession, type GlobalOptions, openSession, requireSignedIn, type Session } from './session';

const plural = (count: number, one: string, other = `${one}s`) => `${count.toLocaleString('en-NG')} ${count === 1 ? one : other}`;

/** A sweep's figures as aligned `label  value` lines, the part of its page a terminal shows first. */
export function sweepSummary(sweep: Sweep): string[] {
  const { progress } = sweep;
  const lines: [string, string][] = [
    ['To', `${sweep.bankName} ${sweep.accountNumber} (${sweep.accountName})`],
    [
      'Sources',
      `${sweep.selection}: ${plural(progress.rows, 'wallet')} to sweep${progress.skipped ? `, ${plural(progress.skipped, 'skipped', 'skipped')}` : ''}${
        sweep.ignored ? `; ${plural(sweep.ignored, 'empty wallet')} left out` : ''
      }`,
    ],
    [
      'Total',
      `${formatNaira(sweep.total)} (fees ${formatNaira(sweep.fees)}${sweep.leaveBehind ? `; ${formatNaira(sweep.leaveBehind)} left in each wallet` : ''})`,
    ],
    ['Narration', sweep.narration],
  ];
  if (sweep.status === 'RUNNING' || sweep.status === 'DONE') {
    lines.push([
      'Progress',
      `${progress.done} of ${progress.rows} final: ${progress.succeeded} succeeded, ${progress.failed} failed${progress.refused ? ` (${progress.refused} refused)` : ''}, ${progress.pending} pending${progress.held ? ` (${progress.held} held for review)` : ''}`,
    ]);
    lines.push([
      'Moved',
      `${formatNaira(progress.amountMoved)}${progress.shortfall ? ` (${formatNaira(progress.shortfall)} less than previewed: balances fell before their turn)` : ''}`,
    ]);
  }
  if (sweep.approvalRequestId !== null) {
    const decided = sweep.approvedByName ? `, approved by ${sweep.approvedByName}${sweep.approvedAt ? ` at ${lagosDateTime(sweep.approvedAt)}` : ''}` : '';
    lines.push(['Approval', `request #${sweep.approvalRequestId}${sweep.reason ? ` ("${sweep.reason}")` : ''}${decided}`]);
  }
  if (sweep.jobId !== null) lines.push(['Job', `#${sweep.jobId} (traction jobs get --id ${sweep.jobId})`]);
  const width = Math.max(...lines.map(([label]) => label.length));
  const title = `Sweep ${sweep.id === 0 ? '(preview, not saved)' : `#${sweep.id}`} · ${sweep.status.replace('_', ' ')} · made by ${sweep.createdByName} at ${lagosDateTime(sweep.createdAt)}`;
  return [title, ...lines.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
}

/** Writes a sweep answer: its summary, its sources as a table, and the answer's sentence; `--json` whole; `--csv` the sources. */
async function writeSweep(io: Io, globals: GlobalOptions, answer: Partial<SweepOutcome> & { sweep: Sweep }): Promise<void> {
  const format = chooseFormat(io, globals);
  await withSink(io, globals.out, async (sink) => {
    if (format === 'json') return writeValue(sink, format, answer);
    if (format === 'csv') {
      if (!answer.rows) throw usageError('--csv writes a sweep’s sources: use it with traction sweeps status or new');
      return writeRows(io, sink, format, { columns: sweepRowColumns, rows: answer.rows });
    }
    sink.write(`${sweepSummary(answer.sweep).join('\n')}\n`);
    if (answer.rows) {
      sink.write('\n');
      await writeRows(io, sink, format, { columns: sweepRowColumns, rows: answer.rows, empty: 'No sources.' });
    }
    if (answer.message) sink.write(`\n${answer.message}\n`);
  });
}

async function statusOf(session: Session, io: Io, id: number): Promise<SweepDetail> {
  return callWithSession(session, (client) => client.call(getSweepStatus, { id }, { signal: io.signal }));
}

/**
 * Follows a sweep to its end: waits for the approval, draws its job (a bar over its sources),
 * then waits until every transfer is final at the banks. Ctrl+C stops following; the sweep runs on.
 */
async function followSweep(io: Io, session: Session, id: number, intervalMs: number): Promise<SweepDetail> {
  let detail = await statusOf(session, io, id);
  const wait = async () => {
    await sleep(intervalMs, undefined, { signal: io.signal }).catch(() => undefined);
    if (io.signal.aborted) throw interrupted(`Stopped following sweep #${id}; it runs on at the server (traction sweeps status --id ${id}).`);
    detail = await statusOf(session, io, id);
  };
  if (detail.sweep.status === 'DRAFT') {
    throw usageError(`Sweep #${id} is a draft: nothing runs until it is submitted (traction sweeps process --id ${id} --reason "…").`);
  }
  if (detail.sweep.status === 'AWAITING_APPROVAL') {
    note(io, `Sweep #${id} waits for another admin to approve request #${detail.sweep.approvalRequestId}…`);
    while (detail.sweep.status === 'AWAITING_APPROVAL') await wait();
  }
  if (detail.sweep.status === 'RUNNING' && detail.sweep.jobId !== null) {
    const jobId = detail.sweep.jobId;
    await callWithSession(session, (client: TractionClient) => followJobOnScreen(io, client, jobId, { label: `Sweep #${id}`, unit: 'wallets', intervalMs }));
    detail = await statusOf(session, io, id);
  }
  if (detail.sweep.status === 'RUNNING') {
    note(io, `Every source is started; waiting for ${plural(detail.sweep.progress.pending, 'transfer')} to be final at the banks…`);
    while (detail.sweep.status === 'RUNNING') await wait();
  }
  return detail;
}

export interface SweepRunOptions {
  globals: GlobalOptions;
  follow: boolean;
  idempotencyKey?: string;
  /** Between checks while following (default 2 s). */
  intervalMs?: number;
}

/** `traction sweeps new|process|cancel|status`: confirm when the command asks it, call, and show the sweep (following it when asked). */
export async function runSweepCommand(io: Io, command: AnyCommand, input: Record<string, unknown>, options: SweepRunOptions): Promise<void> {
  const { globals } = options;
  const session = openSession(io, globals);
  await confirmDanger(io, command, { yes: globals.yes, question: `${command.title}?`, details: inputLines(command, input), invocation: invocationOf(command) });
  await requireSignedIn(session);
  const callOptions: CallOptions = { signal: io.signal, ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) };
  const answer = (await callWithSession(session, (client) => client.call(command, input as never, callOptions))) as Partial<SweepOutcome> & {
    sweep: Sweep;
  };
  if (!options.follow) return writeSweep(io, globals, answer);
  const detail = await followSweep(io, session, answer.sweep.id, options.intervalMs ?? 2_000);
  await writeSweep(io, globals, detail);
  const { progress } = detail.sweep;
  if (progress.failed > 0) {
    throw new CliError(
      `${plural(progress.failed, 'source')} of sweep #${detail.sweep.id} ${progress.failed === 1 ? 'was' : 'were'} not swept (failed at the bank and reversed, blocked or refused); their rows say why. traction sweeps status --id ${detail.sweep.id} --csv writes them.`,
      EXIT.rowsFailed,
    );
  }
}
