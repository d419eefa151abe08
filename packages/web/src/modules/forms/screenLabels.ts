import { registry, type AnyCommand, type ListColumn } from '@traction/core';
import { labelFromName } from './labelFromName';

const LIST_COLUMNS: readonly (readonly ListColumn[])[] = (registry as readonly AnyCommand[]).flatMap((command) => (command.list ? [command.list.columns] : []));

/**
 * How the screens label a record's fields: the column headers of the list whose columns cover
 * the record best (a business answered by "mark as fraud" reads as the fraud list shows it:
 * `stateName` is "State", `isFraud` is "Fraud"); fields no list shows get a label from their name.
 */
export function screenLabels(record: Readonly<Record<string, unknown>>): (key: string) => string {
  const keys = Object.keys(record);
  let best: readonly ListColumn[] = [];
  let bestCovered = 0;
  for (const columns of LIST_COLUMNS) {
    const covered = columns.filter((column) => keys.includes(column.key)).length;
    if (covered > bestCovered) {
      best = columns;
      bestCovered = covered;
    }
  }
  const labels = new Map(best.map((column) => [column.key, column.label]));
  return (key) => labels.get(key) ?? fieldLabel(key);
}

/** A field's label from its name: `stateCode` is "State", `amountKobo` "Amount", `categoryLabel` "Category". */
export function fieldLabel(key: string): string {
  if (key === 'stateCode') return 'State';
  if (/.Kobo$/.test(key)) return labelFromName(key.slice(0, -'Kobo'.length));
  if (key.endsWith('Label') && key.length > 'Label'.length) return labelFromName(key.slice(0, -'Label'.length));
  return labelFromName(key);
}
