import type { AnyCommand, CommandInput } from '@traction/core';
import { Button } from '../ui/Button';
import { bulkInput } from './bulkInput';
import { selectedCount, type Selection } from './rowSelection';

/** A button of the selection bar: a bulk command, optionally with some of its input decided. */
export interface BulkAction<C extends AnyCommand = AnyCommand> {
  command: C;
  /** The button's words: what happens ("Mark as fraud"), not the command's title. */
  label: string;
  /** Input the button decides (`is_fraud: true`); the form does not ask for it. */
  fixed?: Partial<CommandInput<C>>;
  /** `danger` for actions people must not press by accident (clearing, whitelisting, closing). */
  tone?: 'primary' | 'danger';
  /** Why it cannot run on the selected rows; the button is disabled and the reason shown. */
  unavailable?: string;
  /** The form's subject, when the page says what will happen to the selected rows. */
  subject?: string;
}

interface BulkBarProps {
  selection: Selection;
  /** Rows matching the filters. */
  total: number;
  /** The list's filters, for "every row matching". */
  filters: Record<string, unknown>;
  /** Bulk actions the admin may run. */
  actions: readonly BulkAction[];
  onRun: (action: BulkAction, fixed: Record<string, unknown>, count: number) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

const count = (n: number) => n.toLocaleString('en-NG');

/** Floats over the bottom of the page while rows are selected: what is selected and what can be done to it. */
export function BulkBar({ selection, total, filters, actions, onRun, onSelectAllMatching, onClear }: BulkBarProps) {
  const selected = selectedCount(selection, total);
  if (selected === 0) return null;
  const all = selection.mode === 'all';
  // "Select all matching" is left out when every action works on one row at a time.
  const takesMany = actions.length === 0 || actions.some((action) => 'matching' in ((action.command.input as { shape?: Record<string, unknown> }).shape ?? {}));
  return (
    // A zero-height sticky anchor: the bar floats over the foot of the table, within the page
    // column, and stays on screen if the page itself scrolls.
    <div className="sticky bottom-3 z-20 h-0">
      <div
        data-testid="bulk-bar"
        data-count={selected}
        data-mode={selection.mode}
        role="region"
        aria-label="Selection"
        className="absolute inset-x-2 bottom-2 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white/95 px-3 py-2 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
      >
        <span className="font-medium tabular-nums" data-testid="selected-count" aria-live="polite">
          {all ? `All ${count(selected)} matching selected` : `${count(selected)} selected`}
          {all && selection.except.size > 0 ? <span className="font-normal text-zinc-500"> ({count(selection.except.size)} left out)</span> : null}
        </span>
        {takesMany && !all && selected < total ? (
          <Button variant="ghost" data-testid="select-all-matching" onClick={onSelectAllMatching} className="text-accent-600 dark:text-accent-400">
            Select all {count(total)} matching
          </Button>
        ) : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {actions.map((action) => {
            const { command } = action;
            const input = bulkInput(command, selection, filters);
            return (
              <Button
                key={`${command.id}:${action.label}`}
                variant={action.tone === 'danger' ? 'danger' : 'primary'}
                data-command={command.id}
                disabled={'unavailable' in input || action.unavailable !== undefined}
                title={'unavailable' in input ? input.unavailable : (action.unavailable ?? command.description)}
                onClick={() => 'fixed' in input && onRun(action, { ...input.fixed, ...action.fixed }, selected)}
              >
                {action.label}
              </Button>
            );
          })}
          {actions.flatMap((action) =>
            action.unavailable && !('unavailable' in bulkInput(action.command, selection, filters))
              ? [
                  <span
                    key={`why:${action.command.id}:${action.label}`}
                    data-testid="bulk-unavailable"
                    className="basis-full text-right text-xs text-amber-800 dark:text-amber-300"
                  >
                    {action.label}: {action.unavailable}
                  </span>,
                ]
              : [],
          )}
          <Button variant="ghost" onClick={onClear}>
            Clear <kbd className="ml-1 font-mono text-xs text-zinc-400">Esc</kbd>
          </Button>
        </div>
      </div>
    </div>
  );
}
