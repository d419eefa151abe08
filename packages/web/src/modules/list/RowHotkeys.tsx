import { memo, type RefObject } from 'react';
import { useRowHotkeys, type RowHotkeyActions } from './useRowHotkeys';

type Flags = Pick<RowHotkeyActions, 'enabled' | 'canOpen' | 'hasSelection' | 'selectable'>;
export type RowActions = Omit<RowHotkeyActions, keyof Flags>;

/**
 * The table's keys, bound by a component of their own: the table renders on every scroll frame,
 * and rebinding six shortcuts each time cost frame time. It renders only when a flag changes and
 * calls the table's latest actions through `actions`.
 */
export const RowHotkeys = memo(function RowHotkeys({ actions, ...flags }: Flags & { actions: RefObject<RowActions | null> }) {
  useRowHotkeys({
    ...flags,
    move: (delta) => actions.current?.move(delta),
    toggle: () => actions.current?.toggle(),
    toggleRange: () => actions.current?.toggleRange(),
    selectAllMatching: () => actions.current?.selectAllMatching(),
    clear: () => actions.current?.clear(),
  });
  return null;
});
