import type { AnyCommand } from '@traction/core';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A command's action said of what it acts on, for its buttons and its confirmation: "Mark
 * Sunrise Petroleum as fraud" rather than "Mark or clear fraud on a business". The words are the
 * command's own (its audit action in core, so the log and the console say the same thing), with
 * the input as filled in so far; `about` names the record or the selection. Without a name, or
 * words about a subject, the command's title.
 */
export function actionSentence(command: AnyCommand, input: Readonly<Record<string, unknown>>, about: string | undefined): string {
  const action = command.audit?.action;
  if (!about || !action) return command.title;
  const words = typeof action === 'function' ? action(input) : action;
  return words.includes('{subject}') ? capitalize(words.replaceAll('{subject}', about)) : command.title;
}
