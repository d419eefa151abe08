import { type KeyboardEvent, useId, useState } from 'react';

/**
 * The list of merchants found under a search box, as a combobox: the box points at the active
 * option (aria-activedescendant) while focus stays in it; ArrowDown and ArrowUp move through the
 * options, Enter picks the active one, and the pointer makes an option active and picks it. The
 * merchant field of generated forms and the merchant picker of record pages share it.
 */
export function useMerchantListbox<Item extends { id: number }>(items: readonly Item[], onPick: (item: Item) => void) {
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (item: Item) => `${listId}-${item.id}`;
  const activeItem = items[active];
  const pick = (item: Item) => {
    setActive(0);
    onPick(item);
  };
  return {
    /** Back to the first option (what was typed changed). */
    resetActive: () => setActive(0),
    /** Attributes for the search box. */
    comboboxProps: {
      role: 'combobox',
      'aria-expanded': items.length > 0,
      'aria-controls': listId,
      'aria-activedescendant': activeItem ? optionId(activeItem) : undefined,
    } as const,
    /** The listbox's id, which the box controls. */
    listId,
    /** Attributes and handlers for one option. */
    optionProps: (item: Item, index: number) =>
      ({
        id: optionId(item),
        role: 'option',
        'aria-selected': index === active,
        'data-merchant': item.id,
        onMouseEnter: () => setActive(index),
        onClick: () => pick(item),
      }) as const,
    /** The arrows move through the options; Enter picks the active one. Every one of these keys stays in the box. */
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((i) => Math.max(Math.min(i + 1, items.length - 1), 0));
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (activeItem) pick(activeItem);
      }
    },
  };
}
