import { createJSONStorage } from 'jotai/utils';

/**
 * localStorage as JSON for `atomWithStorage`, where a stored value `isValid` refuses (edited by
 * hand, an older shape) reads as the atom's initial value rather than breaking the page.
 */
export function checkedJsonStorage<T>(isValid: (value: unknown) => value is T) {
  const json = createJSONStorage<T>();
  const storage: typeof json = {
    ...json,
    getItem: (key, initial) => {
      const stored: unknown = json.getItem(key, initial);
      return isValid(stored) ? stored : initial;
    },
  };
  return storage;
}
