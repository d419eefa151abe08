/** The selection a bulk command runs on, as the list page knows it. */
export interface SelectionDescription {
  /** Every row matching the filters rather than named rows. */
  all: boolean;
  /** Rows it covers. */
  count: number;
  /** What a row is: "business", "businesses". */
  noun: { one: string; other: string };
  /** The list is narrowed by filters (its own or the page's). */
  filtered: boolean;
  /** The one selected row as the list shows it, when only one is. */
  only?: string | undefined;
}

/**
 * A selection named as the subject of an action: "Sunrise Petroleum", "3 selected businesses",
 * "all 600 businesses matching the filters", "all 600 businesses" ("Mark 3 selected businesses
 * as fraud").
 */
export function selectionAbout({ all, count, noun, filtered, only }: SelectionDescription): string {
  const n = count.toLocaleString('en-NG');
  const nouns = count === 1 ? noun.one : noun.other;
  if (all) return `all ${n} ${nouns}${filtered ? ' matching the filters' : ''}`;
  if (count === 1 && only) return only;
  return `${n} selected ${nouns}`;
}
