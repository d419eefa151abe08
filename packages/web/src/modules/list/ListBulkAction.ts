import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import type { FormParts } from '../forms/FormParts';

type Row = Readonly<Record<string, unknown>>;

/** A button a list page puts on its selection bar: a bulk command, with what the button decides. */
export interface ListBulkAction<C extends AnyCommand = AnyCommand> {
  command: C;
  /** The button's words: what happens ("Mark as fraud"), not the command's title. */
  label: string;
  /** Input the button decides (`is_fraud: true`), checked against the command's input; the form does not ask for it. */
  fixed?: Partial<CommandInput<C>>;
  /** `danger` (red) for what stops, blocks or closes something: blacklist, mark as fraud, deactivate. Undoing one of those is primary. */
  tone?: 'primary' | 'danger';
  /** Why the action cannot run on the selected rows (a merchant marked as fraud cannot be trusted): the button is disabled with the reason shown. */
  unavailable?: (rows: readonly Row[]) => string | undefined;
  /** The form's subject for the selected rows, saying what will happen ("Rename 0123456789: “A” → “B”"). */
  subject?: (rows: readonly Row[]) => string;
  /** What the page adds to the command's form (a bank picker, a name enquiry under the account number). */
  parts?: FormParts;
  /** Called with the command's output after it succeeded, once the list has let go of the selection (open what the command made). */
  onDone?(output: CommandOutput<C>): void;
}
