import { commandsById } from '@traction/core';
import { describeFilters } from '../list/filterFields';
import type { FilterOption } from '../list/FilterOption';
import { humanize } from '../ui/humanize';

/**
 * A view's filters as people read them, in the order the list shows its filters: "Role: Staff ·
 * Department: Finance" (names from `options` where the page has them), or "No filters".
 */
export function describeViewFilters(
  listId: string,
  filters: Readonly<Record<string, string>>,
  options: Readonly<Record<string, readonly FilterOption[]>> = {},
): string {
  const list = commandsById.get(listId);
  const fields = list?.list ? describeFilters(list) : [];
  const keys = [
    ...fields.map((field) => field.key).filter((key) => key in filters),
    ...Object.keys(filters).filter((key) => !fields.some((f) => f.key === key)),
  ];
  if (keys.length === 0) return 'No filters';
  return keys
    .map((key) => {
      const field = fields.find((f) => f.key === key);
      const text = filters[key] ?? '';
      const named = options[key]?.find((option) => String(option.value) === text)?.label;
      let value = named ?? text;
      if (!named && field?.kind === 'enum') value = humanize(text);
      if (field?.kind === 'boolean') value = text === 'true' ? 'yes' : text === 'false' ? 'no' : text;
      return `${field?.label ?? humanize(key)}: ${value}`;
    })
    .join(' · ');
}
