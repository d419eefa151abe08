import { useShortcut } from '../keyboard/useShortcut';
import { useHelpEntries } from './useHelpEntries';

export interface RowHotkeyActions {
  /** Off while a dialog, the palette or the help is open over the table. */
  enabled: boolean;
  /** Whether Enter opens a row (the list has a detail page). */
  canOpen: boolean;
  /** Whether anything is selected (Esc has something to clear). */
  hasSelection: boolean;
  /** Whether rows can be selected at all (x, Shift+x, Shift+a). */
  selectable?: boolean;
  move(delta: number): void;
  toggle(): void;
  toggleRange(): void;
  selectAllMatching(): void;
  clear(): void;
}

/**
 * The table's page-wide keys: j/k, x, Shift+x, Shift+a and Esc. None of them can be typed into a
 * button, so they are safe to bind globally; Enter and the arrows are handled by the focused grid.
 */
export function useRowHotkeys(actions: RowHotkeyActions): void {
  const { enabled } = actions;
  const table = { group: 'Table' as const, enabled };
  useShortcut('j', 'Next row', () => actions.move(1), table);
  useShortcut('k', 'Previous row', () => actions.move(-1), table);
  const selecting = { ...table, enabled: enabled && actions.selectable !== false };
  useShortcut('x', 'Select or unselect the row', () => actions.toggle(), selecting);
  useShortcut('shift+x', 'Select from the last selected row to this one', () => actions.toggleRange(), selecting);
  useShortcut('shift+a', 'Select every row matching the filters', () => actions.selectAllMatching(), selecting);
  useShortcut('esc', 'Clear the selection', () => actions.clear(), { ...table, enabled: enabled && actions.hasSelection });
  useHelpEntries(
    [
      { keys: 'down', description: 'Next row (table focused)', group: 'Table' },
      { keys: 'up', description: 'Previous row (table focused)', group: 'Table' },
      { keys: 'home', description: 'First row (table focused)', group: 'Table' },
      { keys: 'end', description: 'Last loaded row (table focused)', group: 'Table' },
      ...(actions.canOpen ? [{ keys: 'enter', description: 'Open the row', group: 'Table' as const }] : []),
    ],
    enabled,
  );
}
