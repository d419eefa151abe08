import type { NigerianBank } from '@traction/core';
import { matchSorter } from 'match-sorter';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { FieldControlProps } from '../forms/FormParts';
import { useBanks } from './useBanks';

const control =
  'h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500 disabled:opacity-60';

/**
 * The beneficiary's bank, found by typing part of its name, short name or code and picked with
 * the arrow keys and Enter (or Tab, which moves on with the highlighted bank). The field holds the
 * CBN code the command takes; people see the bank's name. Esc closes the list and keeps the bank
 * chosen before.
 */
export function BankPicker({ value, onChange, attributes }: FieldControlProps) {
  const banks: readonly NigerianBank[] = useBanks();
  const code = typeof value === 'string' ? value : '';
  const chosen = banks.find((bank) => bank.cbnCode === code);
  // What is being typed; null while the field shows the chosen bank.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const open = typed !== null;
  const found = useMemo(
    () => (typed === null ? [] : typed.trim() === '' ? [...banks] : matchSorter(banks, typed.trim(), { keys: ['shortName', 'name', 'cbnCode'] })),
    [banks, typed],
  );
  const highlighted = found[Math.min(active, found.length - 1)];

  const pick = (bank: NigerianBank) => {
    onChange(bank.cbnCode);
    setTyped(null);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setTyped('');
        return;
      }
      setActive((index) => (event.key === 'ArrowDown' ? Math.min(index + 1, found.length - 1) : Math.max(index - 1, 0)));
    } else if (event.key === 'Enter' && open) {
      // Picks the bank; the form is sent with Enter once the list is closed.
      event.preventDefault();
      if (highlighted) pick(highlighted);
    } else if (event.key === 'Tab' && open && typed?.trim() && highlighted) {
      pick(highlighted);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog around the form.
      event.preventDefault();
      event.stopPropagation();
      setTyped(null);
    }
  };

  return (
    <div className="relative" data-bank-picker>
      <input
        {...attributes}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && found.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && highlighted ? `${listId}-${highlighted.cbnCode}` : undefined}
        placeholder="Type a bank's name or code…"
        value={typed ?? chosen?.name ?? code}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTyped(null)}
        className={control}
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Banks"
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {found.length === 0 ? <div className="px-2.5 py-1.5 text-zinc-500">No bank matches “{typed}”.</div> : null}
          {found.map((bank) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: focus stays in the field, which points at the option (aria-activedescendant) and takes the keys.
            <div
              key={bank.cbnCode}
              id={`${listId}-${bank.cbnCode}`}
              role="option"
              aria-selected={bank === highlighted}
              data-bank={bank.cbnCode}
              // Keeps focus in the field, so the pick lands before the blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(bank)}
              className="flex cursor-pointer items-baseline justify-between gap-2 px-2.5 py-1.5 aria-selected:bg-accent-50 dark:aria-selected:bg-zinc-800"
            >
              <span>{bank.name}</span>
              <span className="font-mono text-xs text-zinc-500">{bank.cbnCode}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
