import type { WritableAtom } from 'jotai';
import { atomWithStorage, type RESET } from 'jotai/utils';
import { checkedJsonStorage } from '../ui/checkedJsonStorage';

/** What an admin chose to show of one list: columns hidden, and columns shown even when the table must scroll sideways for them. */
export interface ColumnChoices {
  hidden: readonly string[];
  shown: readonly string[];
}

export const NO_CHOICES: ColumnChoices = { hidden: [], shown: [] };

const isKeys = (value: unknown): value is string[] => Array.isArray(value) && value.every((key) => typeof key === 'string');
const isChoices = (value: unknown): value is ColumnChoices =>
  typeof value === 'object' && value !== null && isKeys((value as ColumnChoices).hidden) && isKeys((value as ColumnChoices).shown);

// A value someone edited by hand, or an older shape, reads as no choices rather than breaking the page.
const storage = checkedJsonStorage(isChoices);

type ChoicesAtom = WritableAtom<ColumnChoices, [ColumnChoices | typeof RESET], void>;
const atoms = new Map<string, ChoicesAtom>();

/** localStorage key of one list's column choices. */
export const columnChoicesKey = (listId: string) => `traction.list.columns.${listId}`;

/** One list's column choices, kept in this browser (localStorage) and read when the page first renders, so a hidden column never flashes in. */
export function columnChoicesAtom(listId: string): ChoicesAtom {
  const found = atoms.get(listId);
  if (found) return found;
  const created = atomWithStorage<ColumnChoices>(columnChoicesKey(listId), NO_CHOICES, storage, { getOnInit: true });
  created.debugLabel = `columnChoices:${listId}`;
  atoms.set(listId, created);
  return created;
}
