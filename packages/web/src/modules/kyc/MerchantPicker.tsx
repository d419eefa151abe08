import { searchMerchants } from '@traction/core';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { permissionSetAtom } from '../auth/sessionAtoms';
import { useMerchantListbox } from '../forms/useMerchantListbox';
import { useCommandQuery } from '../list/useCommandQuery';
import { useDebouncedInput } from '../list/useDebouncedInput';
import { Button } from '../ui/Button';

export interface PickedMerchant {
  id: number;
  name: string;
}

/**
 * Finds a merchant by the start of their name or email (merchants.search) and picks one with the
 * arrow keys and Enter. Admins who may not search merchants type the business id instead.
 */
export function MerchantPicker({ onPick, label = 'Find a merchant' }: { onPick: (merchant: PickedMerchant) => void; label?: string }) {
  const permissions = useAtomValue(permissionSetAtom);
  const maySearch = permissions.has('merchants.view');
  const [search, setSearch] = useState('');
  const { draft, change, flush } = useDebouncedInput(search, setSearch, 200);
  const inputId = useId();
  const text = search.trim();
  const found = useCommandQuery(searchMerchants, { search: text }, { enabled: maySearch && text.length > 0 });
  const items = maySearch && text ? (found.data?.items ?? []) : [];
  // The choice is made: the list closes and the field is ready for another search.
  const listbox = useMerchantListbox(items, (item) => {
    setSearch('');
    onPick({ id: item.id, name: item.name });
  });

  if (!maySearch) {
    const id = Number(draft);
    const valid = Number.isInteger(id) && id > 0;
    return (
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onPick({ id, name: `Business ${id}` });
        }}
      >
        <label htmlFor={inputId} className="block">
          <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">Business id</span>
          <input
            id={inputId}
            // biome-ignore lint/a11y/noAutofocus: the picker is all the page asks for; keyboard-first, the field takes the first keystroke.
            autoFocus
            inputMode="numeric"
            value={draft}
            onChange={(event) => change(event.target.value)}
            className="h-9 w-40 rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <Button type="submit" variant="primary" disabled={!valid}>
          Open
        </Button>
      </form>
    );
  }

  return (
    <div className="max-w-xl" data-testid="merchant-picker">
      <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        // biome-ignore lint/a11y/noAutofocus: the picker is all the page asks for; keyboard-first, the field takes the first keystroke.
        autoFocus
        {...listbox.comboboxProps}
        placeholder="Business name or email…"
        value={draft}
        onChange={(event) => {
          change(event.target.value);
          listbox.resetActive();
        }}
        onKeyDown={(event) => {
          // Enter searches what is typed at once, then picks the active merchant when there is one.
          if (event.key === 'Enter') flush();
          listbox.onKeyDown(event);
        }}
        className="h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      {text && found.isFetching && items.length === 0 ? <p className="mt-2 text-xs text-zinc-500">Searching…</p> : null}
      {text && found.isError ? (
        <p role="alert" className="mt-2 text-xs text-red-600">
          {found.error.message}
        </p>
      ) : null}
      {text && found.isSuccess && items.length === 0 ? <p className="mt-2 text-xs text-zinc-500">No merchant’s name or email starts with “{text}”.</p> : null}
      {items.length > 0 ? (
        <ul id={listbox.listId} role="listbox" className="mt-1 max-h-72 overflow-y-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          {items.map((item, index) => (
            <li
              key={item.id}
              {...listbox.optionProps(item, index)}
              className="cursor-pointer px-2.5 py-1.5 aria-selected:bg-accent-50 dark:aria-selected:bg-zinc-800"
            >
              <span className="font-medium">{item.name}</span>{' '}
              <span className="text-xs text-zinc-500">
                #{item.id} · {item.email}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
