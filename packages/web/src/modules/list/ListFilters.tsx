import { useId, type ReactNode } from 'react';
import { DateInput } from '../ui/DateInput';
import { humanize } from '../ui/humanize';
import type { FilterField } from './filterFields';
import type { FilterOption } from './FilterOption';
import { useDebouncedInput } from './useDebouncedInput';
import { useNarrowScreen } from './useNarrowScreen';

const control = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]';

type FilterOptions = Readonly<Record<string, readonly FilterOption[]>>;

interface ListFiltersProps {
  fields: readonly FilterField[];
  /** Current value of each filter, as the URL holds it. */
  values: URLSearchParams;
  onChange: (key: string, value: string | null) => void;
  /** Choices by field key: names for id filters, labels for enum values (states by name), a list for text codes. */
  options?: FilterOptions;
  /** After the filters on the same wrapping row: the count, Clear filters. */
  children?: ReactNode;
}

function TextFilter({
  field,
  value,
  onChange,
  type = 'text',
}: {
  field: FilterField;
  value: string;
  onChange: ListFiltersProps['onChange'];
  type?: 'search' | 'text' | 'number' | 'naira';
}) {
  const { draft, change, flush } = useDebouncedInput(value, (next) => onChange(field.key, next || null));
  const isSearch = field.kind === 'search';
  return (
    <input
      type={type === 'naira' ? 'text' : type}
      {...(isSearch ? { 'data-page-search': true } : {})}
      data-filter={field.key}
      aria-label={field.label}
      placeholder={isSearch ? 'Search…  /' : type === 'naira' ? `${field.label} ₦` : field.label}
      inputMode={type === 'number' ? 'numeric' : type === 'naira' ? 'decimal' : undefined}
      min={type === 'number' ? 1 : undefined}
      value={draft}
      onChange={(event) => change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') flush();
        // Esc leaves the field (keeping its text), so the page's keys work again; Enter or ↓ in
        // the search goes on to the rows it found.
        if (event.key === 'Escape') {
          event.preventDefault();
          event.currentTarget.blur();
        }
        if (isSearch && (event.key === 'Enter' || event.key === 'ArrowDown')) {
          event.preventDefault();
          flush();
          // New filters remount the table: look the grid up again once React has committed them.
          const page = event.currentTarget.closest('[data-page="list"]');
          const focusRows = () => page?.querySelector<HTMLElement>('[role="grid"]')?.focus();
          focusRows();
          setTimeout(focusRows, 0);
        }
      }}
      // A number box is as wide as its label, which is its only caption ("At least days past due").
      style={type === 'number' ? { width: `${Math.max(8, field.label.length + 3)}ch` } : undefined}
      className={`${control} ${isSearch ? 'w-full min-w-40 sm:w-64' : type === 'number' ? '' : 'w-40'}`}
    />
  );
}

function SelectFilter({
  field,
  value,
  choices,
  anyLabel,
  onChange,
}: {
  field: FilterField;
  value: string;
  choices: readonly FilterOption[];
  anyLabel: string | null;
  onChange: ListFiltersProps['onChange'];
}) {
  const defaultValue = field.kind === 'enum' ? field.defaultValue : undefined;
  return (
    <select
      aria-label={field.label}
      data-filter={field.key}
      value={value || defaultValue || ''}
      // Choosing the default is the same as no filter, so the URL stays as short as the view allows.
      onChange={(event) => onChange(field.key, event.target.value === defaultValue ? null : event.target.value || null)}
      // An open list closes on Esc by itself (the browser keeps that key); Esc on the closed
      // dropdown leaves it, as in the text filters, so j/k and the arrows move through rows again
      // instead of changing the filter.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.currentTarget.blur();
      }}
      className={control}
    >
      {anyLabel !== null ? <option value="">{anyLabel}</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

function DateFilter({ field, value, onChange }: { field: FilterField; value: string; onChange: ListFiltersProps['onChange'] }) {
  const id = useId();
  // The URL keeps the day; filterFields turns a range bound into the :00.000 / :59.999 the server gets.
  return (
    <div className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
      <label htmlFor={id}>{field.label}</label>
      <DateInput id={id} data-filter={field.key} value={value} onCommit={(day) => onChange(field.key, day)} className={`${control} w-28`} />
    </div>
  );
}

/**
 * The list's filters as controls built from its command's input; each change lands in the URL.
 * On a phone the search stays in view and the other filters fold into a "Filters" disclosure
 * that says how many are set, so the rows are what the screen shows first.
 */
export function ListFilters({ fields, values, onChange, options = {}, children }: ListFiltersProps) {
  const narrow = useNarrowScreen();
  const control = (field: FilterField) => (
    <FilterControl key={field.key} field={field} value={values.get(field.key) ?? ''} onChange={onChange} options={options} />
  );
  if (!narrow) {
    return (
      <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="list-filters">
        {fields.map(control)}
        {children}
      </div>
    );
  }
  const searches = fields.filter((field) => field.kind === 'search');
  const others = fields.filter((field) => field.kind !== 'search');
  const set = others.filter((field) => {
    const value = values.get(field.key) ?? '';
    return value !== '' && !('defaultValue' in field && value === String(field.defaultValue));
  }).length;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="list-filters">
      {searches.map(control)}
      {others.length > 0 ? (
        <details className="w-full" data-testid="filters-disclosure">
          <summary className="cursor-pointer py-1 text-sm text-zinc-600 dark:text-zinc-300">{set > 0 ? `Filters (${set} set)` : 'Filters'}</summary>
          <div className="mt-2 flex flex-wrap items-center gap-2">{others.map(control)}</div>
        </details>
      ) : null}
      {children}
    </div>
  );
}

function FilterControl({
  field,
  value,
  onChange,
  options,
}: {
  field: FilterField;
  value: string;
  onChange: ListFiltersProps['onChange'];
  options: FilterOptions;
}) {
  switch (field.kind) {
    case 'search':
      return <TextFilter field={field} value={value} onChange={onChange} type="search" />;
    case 'text': {
      // A code typed by hand (a business category) reads better as a list of names when the page has one.
      const choices = options[field.key];
      return choices ? (
        <SelectFilter field={field} value={value} choices={choices} anyLabel={`Any ${field.label.toLowerCase()}`} onChange={onChange} />
      ) : (
        <TextFilter field={field} value={value} onChange={onChange} />
      );
    }
    case 'naira':
      return <TextFilter field={field} value={value} onChange={onChange} type="naira" />;
    case 'id': {
      const choices = options[field.key];
      return choices ? (
        <SelectFilter field={field} value={value} choices={choices} anyLabel={`Any ${field.label.toLowerCase()}`} onChange={onChange} />
      ) : (
        <TextFilter field={field} value={value} onChange={onChange} type="number" />
      );
    }
    case 'enum':
      return (
        <SelectFilter
          field={field}
          value={value}
          choices={options[field.key] ?? field.options.map((option) => ({ value: option, label: humanize(option) }))}
          anyLabel={field.defaultValue === undefined ? `Any ${field.label.toLowerCase()}` : null}
          onChange={onChange}
        />
      );
    case 'boolean':
      return (
        <SelectFilter
          field={field}
          value={value}
          choices={[
            { value: 'true', label: `${field.label}: yes` },
            { value: 'false', label: `${field.label}: no` },
          ]}
          anyLabel={`Any ${field.label.toLowerCase()}`}
          onChange={onChange}
        />
      );
    case 'date':
      return <DateFilter field={field} value={value} onChange={onChange} />;
  }
}
