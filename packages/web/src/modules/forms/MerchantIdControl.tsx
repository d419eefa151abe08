import { searchMerchants } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useCommandQuery } from '../list/useCommandQuery';
import { useSettledValue } from '../transfers/useSettledValue';
import type { FieldControlProps } from './FormParts';
import { useMerchantListbox } from './useMerchantListbox';

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
  const typed = text.trim();
  const searching = maySearch && typed !== '' && !/^\d+$/.test(typed) && !(shown && shown.forId === id && id !== '');
  const settled = useSettledValue(typed, 200);
  const found = useCommandQuery(searchMerchants, { search: settled }, { enabled: searching && settled === typed && settled.length > 0 });
  const items = searching ? (found.data?.items ?? []).slice(0, 8) : [];

  const listbox = useMerchantListbox(items, (merchant) => {
    setShown({ text: `${merchant.name} (#${merchant.id})`, forId: String(merchant.id) });
    onChange(String(merchant.id));
  });

  const change = (next: string) => {
    setShown(null);
    listbox.resetActive();
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
        {...listbox.comboboxProps}
        aria-autocomplete="list"
        placeholder="Merchant id, or the start of its name or email"
        className={`${control} h-9`}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          // Without options the keys are the form's; Ctrl+Enter still sends it.
          if (items.length === 0 || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) return;
          listbox.onKeyDown(event);
        }}
      />
      {searching && settled === typed && found.isSuccess && items.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-500">No merchant's name or email starts with “{typed}”.</p>
      ) : null}
      {items.length > 0 ? (
        <div
          id={listbox.listId}
          role="listbox"
          aria-label="Merchants"
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the field, which points at the option (aria-activedescendant) and takes the keys.
            <div
              key={item.id}
              {...listbox.optionProps(item, index)}
              // Said again after the spread so the linter sees the option (the hook's props carry it too).
              role="option"
              // Keeps focus in the field, so the pick lands before a blur.
              onMouseDown={(event) => event.preventDefault()}
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
