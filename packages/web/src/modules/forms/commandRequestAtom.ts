import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import { atom } from 'jotai';
import type { FormParts } from './FormParts';
import type { MoneyConfirmation } from './moneyConfirmation';

/**
 * A request to run a command through its generated form (the palette, bulk bars and pages use it).
 * Named by the command object, so a renamed or removed command is a compile error, and the
 * values a caller decides are checked against that command's input.
 */
export interface CommandRequest<C extends AnyCommand = AnyCommand> {
  command: C;
  /** Field values decided by the caller (a table selection, a page's record id); not shown as fields. */
  fixed?: Partial<CommandInput<C>>;
  /** Values to start the visible fields with. */
  initial?: Partial<CommandInput<C>>;
  /** A line under the title saying what the command will act on, e.g. "12 selected admins". */
  subject?: string;
  /**
   * The name of what the command acts on: the record on the page it was opened from ("Sunrise
   * Petroleum") or the selection ("12 selected admins"). Buttons and the confirmation say the
   * action of it: "Mark Sunrise Petroleum as fraud".
   */
  about?: string;
  /**
   * The buttons' and confirmation's words when the page knows them better than the command's
   * title ("Release transfer TRF-118" from the command that releases or blocks).
   */
  action?: string;
  /**
   * What a money command's confirmation asks the admin to type, when the page knows it better than
   * the input does: disbursing a loan names the loan, not an amount, yet the amount is what leaves.
   */
  confirmAs?: MoneyConfirmation;
  /** What the page adds to the generated form: its own controls, notes under fields, fields that apply, the confirmation's summary. */
  parts?: FormParts;
  /**
   * Called with the command's output after it succeeded. Method syntax on purpose: a request for
   * one command must fit where any request goes (the atom), and methods compare their parameter
   * both ways.
   */
  onDone?(output: CommandOutput<C>): void;
}

/** The command whose form is open, if any; the host dialog lives in the shell. */
export const commandRequestAtom = atom<CommandRequest | null>(null);
commandRequestAtom.debugLabel = 'commandRequestAtom';
