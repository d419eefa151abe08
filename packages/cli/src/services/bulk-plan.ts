import { AUDIT_SUBJECT_NOUNS, auditDescriptionOf, countOf, MAX_MATCHING_ROWS, registry, type AnyCommand } from '@traction/core';

/** A row about to be sent: its line in the file and its input. */
export interface RunRow {
  line: number;
  input: Record<string, unknown>;
}

/** How many rows a list's filters select now, as the server counts them. */
export type MatchCounter = (list: AnyCommand, filters: Record<string, unknown>) => Promise<number>;

/** Lines of the confirmation shown at most; the rest are summed up in one more line. */
const MOST_LINES = 8;

/** The list whose filters a selection command's `matching` takes (fraud.update-bulk: the fraud list). */
export function selectionListOf(command: AnyCommand): AnyCommand | undefined {
  if (!('matching' in (command.input.shape as Record<string, unknown>))) return undefined;
  return (registry as readonly AnyCommand[]).find((list) => list.list?.bulkCommands?.includes(command.id));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (count: number, word: string) => `${count.toLocaleString('en-NG')} ${word}${count === 1 ? '' : 's'}`;

/**
 * What a bulk file will do, in the words the audit log will use: "Mark 38 businesses as fraud",
 * "Clear the fraud mark on 2 businesses". A row that selects by `matching` is counted by the
 * server now ("Line 4: mark 1,204 businesses as fraud (those matching {"search":"mama"} now)"),
 * since the file alone cannot say how many rows it reaches.
 */
export async function describeRun(command: AnyCommand, rows: readonly RunRow[], count: MatchCounter): Promise<string[]> {
  const description = auditDescriptionOf(command);
  const kind = description.subject?.kind;
  const actionOf = (input: Record<string, unknown>) => (typeof description.action === 'function' ? description.action(input) : description.action);
  const list = selectionListOf(command);
  return list ? await selectionLines(rows, list, kind, actionOf, count) : groupedLines(rows, kind, actionOf);
}

/** Rows that each act on one thing, grouped by what they do. */
function groupedLines(
  rows: readonly RunRow[],
  kind: keyof typeof AUDIT_SUBJECT_NOUNS | undefined,
  actionOf: (input: Record<string, unknown>) => string,
): string[] {
  const groups = new Map<string, number>();
  for (const row of rows) {
    const action = actionOf(row.input);
    groups.set(action, (groups.get(action) ?? 0) + 1);
  }
  const lines = [...groups].map(([action, n]) =>
    kind && action.includes('{subject}') ? `  ${capitalise(action.replaceAll('{subject}', countOf(kind, n)))}` : `  ${capitalise(action)}: ${plural(n, 'row')}`,
  );
  if (lines.length <= MOST_LINES) return lines;
  return [...lines.slice(0, MOST_LINES - 1), `  … and ${lines.length - MOST_LINES + 1} more kinds of change`];
}

/** Rows that each select many (by ids, or every row matching a list's filters): one line each, counted. */
async function selectionLines(
  rows: readonly RunRow[],
  list: AnyCommand,
  kind: keyof typeof AUDIT_SUBJECT_NOUNS | undefined,
  actionOf: (input: Record<string, unknown>) => string,
  count: MatchCounter,
): Promise<string[]> {
  const noun = kind ? AUDIT_SUBJECT_NOUNS[kind] : { one: 'row', other: 'rows' };
  const counted = (n: number) => (kind ? countOf(kind, n) : plural(n, 'row'));
  const lines: string[] = [];
  for (const row of rows.slice(0, MOST_LINES)) {
    const action = actionOf(row.input);
    const say = (subject: string, after = '') =>
      `  Line ${row.line}: ${action.includes('{subject}') ? action.replaceAll('{subject}', subject) : `${action} (${subject})`}${after}`;
    const { ids, matching, except } = row.input as { ids?: unknown[]; matching?: Record<string, unknown>; except?: unknown[] };
    if (Array.isArray(ids)) {
      lines.push(say(counted(ids.length), ' named by id'));
      continue;
    }
    if (!matching) continue;
    const filters = JSON.stringify(matching);
    const leftOut = Array.isArray(except) && except.length ? `, less the ${plural(except.length, 'id')} in except` : '';
    try {
      const total = await count(list, matching);
      const tooMany =
        total > MAX_MATCHING_ROWS ? ` — more than the ${MAX_MATCHING_ROWS.toLocaleString('en-NG')} one row may reach, so the server will refuse it` : '';
      lines.push(say(counted(total), ` (all matching ${filters} now${leftOut})${tooMany}`));
    } catch (error) {
      lines.push(say(`every ${noun.one} matching ${filters}`, `${leftOut} (not counted: ${(error as Error).message})`));
    }
  }
  if (rows.length > MOST_LINES) lines.push(`  … and ${plural(rows.length - MOST_LINES, 'more row')}`);
  return lines;
}
