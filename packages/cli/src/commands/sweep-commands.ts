import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { usageError } from '../errors';
import { inputFields } from '../flags/input-fields';
import type { TextValue } from '../flags/text-input';
import type { Io } from '../io';
import { globalsOf } from './field-options';

/** The sweep commands whose answer is a sweep: read as a summary and a table of its sources rather than a dump of fields. */
const SWEEP_ANSWERS = new Set(['sweeps.new', 'sweeps.process', 'sweeps.cancel', 'sweeps.status']);

/** Flag values by input field, read from the options the registry leaf was given (boolean `--no-` flags included). */
function fieldValues(leaf: Command, command: AnyCommand, opts: Record<string, unknown>): Record<string, TextValue> {
  const fields = new Map(inputFields(command).map((field) => [field.flag, field]));
  const out: Record<string, TextValue> = {};
  for (const option of leaf.options) {
    const flag = option.long?.replace(/^--(no-)?/, '').replace(/^input-/, '');
    const field = flag === undefined ? undefined : fields.get(flag);
    const value = opts[option.attributeName()];
    if (field && value !== undefined) out[field.name] = value as TextValue;
  }
  return out;
}

/**
 * Gives the registry's `traction sweeps new|process|cancel|status` leaves a sweep's own view
 * (its totals, then its sources as a table with money in Naira) and `status` a `--follow` that
 * draws the sweep's job with a progress bar and waits for its transfers. `--json` answers as
 * every command does.
 */
export function addSweepViews(group: Command, commands: readonly AnyCommand[], io: Io): void {
  for (const command of commands) {
    if (!SWEEP_ANSWERS.has(command.id)) continue;
    const leaf = group.commands.find((candidate) => candidate.name() === command.action);
    if (!leaf) continue;
    if (command.id === 'sweeps.status') {
      leaf.option('--follow', 'wait for approval, draw the sweep’s job with a progress bar, then wait until every transfer is final (exit 5 if any failed)');
      leaf.option('--interval <seconds>', 'seconds between checks while following (default 2)');
      leaf.addHelpText('after', `\nFollow a running sweep:\n  $ traction sweeps status --id 12 --follow\n`);
    }
    leaf.action(async (_local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const interval = opts.interval === undefined ? 2 : Number(opts.interval);
      if (!Number.isFinite(interval) || interval <= 0 || interval > 3_600)
        throw usageError(`--interval: "${String(opts.interval)}" is not a number of seconds (0.5, 2, 30)`);
      const { inputFromFlags } = await import('../services/run-command');
      const input = await inputFromFlags(io, command, inputFields(command), { values: fieldValues(self, command, opts) });
      const { runSweepCommand } = await import('../services/sweep-view');
      await runSweepCommand(io, command, input, {
        globals: globalsOf(opts),
        follow: Boolean(opts.follow),
        intervalMs: interval * 1_000,
        ...(typeof opts.idempotencyKey === 'string' ? { idempotencyKey: opts.idempotencyKey } : {}),
      });
    });
  }
}
