import { atom } from 'jotai';

/** A request to run a command through its generated form (the palette, bulk bars and pages use it). */
export interface CommandRequest {
  commandId: string;
  /** Field values decided by the caller (a table selection, a page's record id); not shown as fields. */
  fixed?: Record<string, unknown>;
  /** Values to start the visible fields with. */
  initial?: Record<string, unknown>;
  /** A line under the title saying what the command will act on, e.g. "12 selected admins". */
  subject?: string;
  /** Called with the command's output after it succeeded. */
  onDone?: (output: unknown) => void;
}

/** The command whose form is open, if any; the host dialog lives in the shell. */
export const commandRequestAtom = atom<CommandRequest | null>(null);
commandRequestAtom.debugLabel = 'commandRequestAtom';
