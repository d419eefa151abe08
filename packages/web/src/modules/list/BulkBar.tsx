import type { AnyCommand, CommandInput, CommandOutput } from '@traction/core';
import type { FormParts } from '../forms/FormParts';
import { useShortcut } from '../keyboard/useShortcut';
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
  /** `danger` (red) for what stops, blocks or closes something (blacklist, mark as fraud, deactivate); the rest are primary. */
  tone?: 'primary' | 'danger';
  /** Why it cannot run on the selected rows; the button is disabled and the reason shown. */
  unavailable?: string;
  /** The form's subject, when the page says what will happen to the selected rows. */
  subject?: string;
  /** What the page adds to the command's form. */
  parts?: FormParts;
  /** Called with the command's output after it succeeded. */
  onDone?(output: CommandOutput<C>): void;
}

interface BulkBarProps {
  selection: Selection;
  /** Rows matching the filters. */
  total: number;
  /** The list's filters, for "every row matching". */
  filters: Record<string, unknown>;
  /** The filters the page applies itself (not the admin's choice). */
  pageFixed?: Readonly<Record<string, unknown>>;
  /** Bulk actions the admin may run. */
  actions: readonly BulkAction[];
  onRun: (action: BulkAction, fixed: Record<string, unknown>, count: number) => void;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

const count = (n: number) => n.toLocaleString('en-NG');

/** The keys of the bar's buttons, in order: digits, which no page or table shortcut uses. */
const ACTION_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** One button's key; listed in `?` as long as the list offers the action, selection or not. */
function BulkActionShortcutEffect({ keys, label, run }: { keys: string; label: string; run: () => void }) {
  useShortcut(keys, `${label} (the selected rows)`, run, { group: 'Table' });
  return null;
}

/**
 * Floats over the bottom of the page while rows are selected: what is selected and what can be
 * done to it. Each button has a digit key (1 for the first), shown on it and in `?`.
 */
export function BulkBar({ selection, total, filters, pageFixed = {}, actions, onRun, onSelectAllMatching, onClear }: BulkBarProps) {
  const selected = selectedCount(selection, total);
  const run = (action: BulkAction) => {
    if (selected === 0 || action.unavailable !== undefined) return;
    const input = bulkInput(action.command, selection, filters, pageFixed);
    if ('fixed' in input) onRun(action, { ...input.fixed, ...action.fixed }, selected);
  };
  const shortcuts = actions
    .slice(0, ACTION_KEYS.length)
    .map((action, index) => (
      <BulkActionShortcutEffect key={`${action.command.id}:${action.label}`} keys={ACTION_KEYS[index]!} label={action.label} run={() => run(action)} />
    ));
  if (selected === 0) return <>{shortcuts}</>;
  const all = selection.mode === 'all';
  // "Select all matching" is left out when every action works on one row at a time.
  const takesMany =
    actions.length === 0 ||
    actions.some((action) => {
      const shape = (action.command.input as { shape?: Record<string, { meta?: () => Record<string, unknown> | undefined }> }).shape ?? {};
      return 'matching' in shape || Object.values(shape).some((field) => typeof field?.meta === 'function' && field.meta()?.selectAll === true);
    });
  // A zero-height sticky anchor: the bar floats over the foot of the table, within the page
  // column, and stays on screen if the page itself scrolls.
  return (
    <>
      {shortcuts}
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
            {actions.map((action, index) => {
              const { command } = action;
              const input = bulkInput(command, selection, filters, pageFixed);
              const key = ACTION_KEYS[index];
              return (
                <Button
                  key={`${command.id}:${action.label}`}
                  variant={action.tone === 'danger' ? 'danger' : 'primary'}
                  data-command={command.id}
                  disabled={'unavailable' in input || action.unavailable !== undefined}
                  title={`${'unavailable' in input ? input.unavailable : (action.unavailable ?? command.description)}${key ? ` (key ${key})` : ''}`}
                  aria-keyshortcuts={key}
                  onClick={() => run(action)}
                >
                  {action.label}
                  {key ? (
                    <span aria-hidden="true" className="ml-1 rounded border border-current/30 px-1 font-mono text-[10px] opacity-70">
                      {key}
                    </span>
                  ) : null}
                </Button>
              );
            })}
            {actions.flatMap((action) =>
              action.unavailable && !('unavailable' in bulkInput(action.command, selection, filters, pageFixed))
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
    </>
  );
}
