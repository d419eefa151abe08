import { commandsById } from '@traction/core';
import type { FieldNoteProps } from '../forms/FormParts';

/** Says when the chosen list has no date range, so "Every row" is the only range it takes (the server refuses others). */
export function ScheduleDateRangeNote({ values }: FieldNoteProps) {
  const command = typeof values.list === 'string' ? commandsById.get(values.list) : undefined;
  if (!command?.list || command.list.dateRange) return null;
  return <p className="text-amber-700 dark:text-amber-300">This list has no dates: choose “Every row (no date range)”.</p>;
}
