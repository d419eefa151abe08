import type { Command } from 'commander';
import type { AnyCommand } from '@traction/core';
import { usageError } from '../errors';
import type { Io } from '../io';
import { addFieldOptions, globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

/**
 * The list's paging fields (core's LIST_PAGING_FIELDS, less `download`, never a flag), written out
 * so building the command tree loads no schema; audit-tail.test.ts checks they agree.
 */
export const PAGING_FLAGS = ['page', 'after', 'limit'] as const;

/** Entries printed before following, without --since (as `tail` prints its last lines). */
const LAST = 10;

/** `15m`, `2h`, `30s`: that long ago, as an instant. */
function ago(text: string, now: Date): string | undefined {
  const match = /^(\d{1,6})([smh])$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * { s: 1, m: 60, h: 3_600 }[match[2] as 's' | 'm' | 'h'];
  return new Date(now.getTime() - seconds * 1_000).toISOString();
}

/** `--since` as the list's range bound, or null when it reads as no time at all. */
function readSince(text: string, resolveDateBound: (text: string, now: Date) => string): string | null {
  const now = new Date();
  try {
    return ago(text, now) ?? resolveDateBound(text, now);
  } catch {
    return null;
  }
}

/**
 * `traction audit tail`: the audit log as it is written, one sentence a line ("2026-11-21
 * 10:00:05  Ada Obi marked Sunrise Petroleum (#2987) as fraud: …"), until Ctrl+C. Filters are
 * the audit list's own.
 */
export function addAuditTail(group: Command, auditList: AnyCommand, io: Io): Command {
  const range = auditList.list!.dateRange!;
  group.summary(`${group.summary()}, tail`);
  const leaf = group
    .command('tail')
    .summary('Follow the audit log as it is written')
    .description(
      `Print the audit log as it is written, one sentence a line, oldest first, and keep printing new entries until Ctrl+C. Starts with the last ${LAST} entries, or every entry since --since. Works in a pipe: each line is written as it comes.`,
    );
  const options = addFieldOptions(leaf, auditList, { omit: [...PAGING_FLAGS, range.from, range.to] });
  leaf.option('--since <when>', 'start from then: 15m, 2h (ago), today, yesterday, Nd, a date, or a Lagos date-time');
  leaf.option('--interval <seconds>', 'how often to ask the server for new entries', '2');
  leaf.addHelpText(
    'after',
    `\nExamples:\n  $ traction audit tail\n  $ traction audit tail --since 1h --outcome error\n  $ traction audit tail --command 'fraud.*' --json | jq -r .summary\n\nNeeds the "${auditList.permission}" permission. Ctrl+C stops it (exit 130).\n${SHORT_EXIT_CODES}\n`,
  );
  leaf.action(async (_local: unknown, self: Command) => {
    const opts = self.optsWithGlobals<Record<string, unknown>>();
    const interval = Number(opts.interval);
    if (!Number.isFinite(interval) || interval < 0.1 || interval > 3_600) throw usageError('--interval must be a number of seconds from 0.1 to 3600');
    const [{ inputFromFlags }, { resolveDateBound }, { chosenJsonFields }, { openSession, requireSignedIn }, { followAuditLog }] = await Promise.all([
      import('../services/run-command'),
      import('../services/date-bounds'),
      import('../output/json-fields'),
      import('../services/session'),
      import('./audit-tail-follow'),
    ]);
    const fields = chosenJsonFields(auditList, opts.json, 'traction audit tail');
    const since = typeof opts.since === 'string' ? readSince(opts.since, resolveDateBound) : undefined;
    // The list's own check of its range field, reported under --since.
    if (since === null || (since !== undefined && !auditList.input.shape[range.from]!.safeParse(since).success)) {
      throw usageError(
        `--since: "${opts.since}" is not a time. Use 15m, 2h, today, yesterday, 7d, a date (2026-11-21) or a Lagos date-time (2026-11-21T08:30).`,
      );
    }
    const filters = await inputFromFlags(io, auditList, options.fields, { values: options.values(opts) });
    const globals = globalsOf(opts);
    const session = openSession(io, globals);
    await requireSignedIn(session);
    await followAuditLog(io, session, auditList, {
      filters,
      ...(since ? { since } : {}),
      last: LAST,
      intervalMs: interval * 1_000,
      json: Boolean(globals.json),
      ...(fields ? { fields } : {}),
    });
  });
  return leaf;
}
