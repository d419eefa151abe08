import type { AnyCommand } from '@traction/core';
import { CliError, usageError } from '../errors';
import { EXIT } from '../exit-codes';
import { canPrompt, type Io } from '../io';

/** The input as `name: value` lines for a confirmation, secrets left out. */
export function inputLines(command: AnyCommand, input: Record<string, unknown>): string[] {
  return Object.entries(input)
    .filter(([name, value]) => value !== undefined && !command.secrets.includes(name))
    .map(([name, value]) => `  ${name}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
}

/**
 * Commands marked "confirm" or "money" ask first: y/N for "confirm", typing the action's name
 * for "money". `--yes` skips the question; without a terminal the command refuses to run unless
 * `--yes` is given, and says so.
 */
export async function confirmDanger(
  io: Io,
  command: AnyCommand,
  options: {
    yes?: boolean;
    question: string;
    details: readonly string[];
    invocation: string;
    /** A word to type and end with Enter instead of a single y (a bulk run); money commands type their action. */
    typed?: string;
  },
): Promise<void> {
  if (command.danger === 'none' || options.yes) return;
  const what = command.danger === 'money' ? 'moves money' : 'is hard to undo';
  if (!canPrompt(io)) {
    throw usageError(`\`${options.invocation}\` ${what} and asks for confirmation first. Without a terminal, pass --yes to run it.`);
  }
  const { promptConfirm } = await import('../ui/screens');
  const yes = await promptConfirm(io, {
    question: options.question,
    details: options.details,
    ...(command.danger === 'money' ? { typed: command.action } : options.typed ? { typed: options.typed } : {}),
  });
  // The prompt has already said "Nothing was done."; exit 2 (nothing was sent, as gh exits when a
  // prompt is declined) without saying it twice. Ctrl+C has already thrown (exit 130).
  if (!yes) throw new CliError('', EXIT.usage);
}
