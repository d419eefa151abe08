import type { ListColumn } from '@traction/core';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { columnChoicesAtom, NO_CHOICES, type ColumnChoices } from './columnChoicesAtom';

export interface ListColumns {
  /** The columns not hidden, in the list's order. */
  visible: readonly ListColumn[];
  /** Columns chosen to be shown, kept even when they do not fit. */
  pinned: ReadonlySet<string>;
  /** Columns the table left out to fit, as it last said. */
  leftOut: readonly string[];
  onFit: (leftOut: readonly string[]) => void;
  /** Shows or hides one column. */
  setShown: (key: string, shown: boolean) => void;
  /** Back to every column, as the table fits them. */
  reset: () => void;
  choices: ColumnChoices;
}

/** The columns a list shows: the admin's choices for this list (kept per list in this browser) and what the table left out to fit. */
export function useListColumns(listId: string, columns: readonly ListColumn[]): ListColumns {
  const [choices, setChoices] = useAtom(columnChoicesAtom(listId));
  const [leftOut, setLeftOut] = useState<readonly string[]>([]);
  return useMemo(() => {
    const hidden = new Set(choices.hidden);
    const without = (keys: readonly string[], key: string) => keys.filter((k) => k !== key);
    return {
      visible: columns.filter((column) => !hidden.has(column.key)),
      pinned: new Set(choices.shown),
      leftOut,
      onFit: setLeftOut,
      setShown: (key, shown) =>
        setChoices({
          hidden: shown ? without(choices.hidden, key) : [...without(choices.hidden, key), key],
          shown: shown ? [...without(choices.shown, key), key] : without(choices.shown, key),
        }),
      reset: () => setChoices(NO_CHOICES),
      choices,
    };
  }, [choices, columns, leftOut, setChoices]);
}
