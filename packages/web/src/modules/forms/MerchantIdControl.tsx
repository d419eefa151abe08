import { searchMerchants } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useId, useState, type KeyboardEvent } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { useSettledValue } from '../transfers/useSettledValue';
import type { FieldControlProps } from './FormParts';

const control =
  'w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500 disabled:opacity-60';

/** Whether a generated field holds a merchant's id (the contract names them so): it gets the merchant picker. */
export function isMerchantIdField(field: { name: string; kind: string }): boolean {
  return field.kind === 'integer' && /^(businessId|business_id)$/.test(field.name);
}

/**
 * A merchant's id typed as a number, or found by the start of their name or email and picked with
 * the arrow keys and Enter (Ctrl+Enter still sends the form). The field holds the id; the box shows
 * who was picked. Admins who may not search merchants type the id, as before.
 */
export function MerchantIdControl({ value, onChange, attributes }: FieldControlProps) {
  const permissions = useAtomValue(permissionSetAtom);
  const maySearch = permissions.has(searchMerchants.permission ?? '');
  const id = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  // What the box shows: the id as typed, or the name of the merchant picked for it.
  const [shown, setShown] = useState<{ text: string; forId: string } | null>(null);
  const text = shown && shown.forId === id ? shown.text : id;
  const [active, setActive] = useState(0);
  const listId = useId();
  const typed = text.trim();
  const searching = maySearch && typed !== '' && !/^\d+$/.test(typed) && !(shown && shown.forId === id && id !== '');
  const settled = useSettledValue(typed, 200);
  const found = useCommandQuery(searchMerchants, { search: settled }, { enabled: searching && settled === typed && settled.length > 0 });
  const items = searching ? (found.data?.items ?? []).slice(0, 8) : [];

  const pick = (merchant: { id: number; name: string }) => {
    setShown({ text: `${merchant.name} (#${merchant.id})`, forId: String(merchant.id) });
    setActive(0);
    onChange(String(merchant.id));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const chosen = items[active];
      if (chosen) pick(chosen);
    }
  };

  const change = (next: string) => {
    setShown(null);
    setActive(0);
    // The field holds what was typed: digits are an id; words wait for a pick (and are named as not a number if sent).
    onChange(next);
  };
  if (!maySearch) {
    return (
      <input
        {...attributes}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="Merchant id"
        className={`${control} h-9`}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return (
    <div className="relative" data-merchant-picker>
      <input
        {...attributes}
        type="text"
        autoComplete="off"
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items[active] ? `${listId}-${items[active].id}` : undefined}
        placeholder="Merchant id, or the start of its name or email"
        className={`${control} h-9`}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {searching && settled === typed && found.isSuccess && items.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-500">No merchant's name or email starts with “{typed}”.</p>
      ) : null}
      {items.length > 0 ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Merchants"
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays in the field, which points at the option (aria-activedescendant) and takes the keys.
            <div
              key={item.id}
              id={`${listId}-${item.id}`}
              role="option"
              aria-selected={index === active}
              data-merchant={item.id}
              // Keeps focus in the field, so the pick lands before a blur.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(item)}
              className="cursor-pointer px-2.5 py-1.5 text-sm aria-selected:bg-accent-50 dark:aria-selected:bg-zinc-800"
            >
              <span className="font-medium">{item.name}</span>{' '}
              <span className="text-xs text-zinc-500">
                #{item.id} · {item.email}
              </span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
