import { z } from 'zod';
import type { ListColumn } from './command';

/** Rows per page of every list (spec §9). */
export const PAGE_SIZE = 100;

/** Fields every list command takes besides its own filters. */
export const listPaging = {
  /** 1-based page number. */
  page: z.number().int().min(1).max(1_000_000).default(1),
  /**
   * Cursor paging, in place of `page`: the page of rows that follow this one in the list's order.
   * The value is the previous page's `next` (for most lists the id of its last row). Rows added or
   * removed meanwhile shift nothing, so walking a list by `next` reads each row once.
   */
  after: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("the rows after this one: the previous page's next (on most lists its last row's id)"),
  /** Rows per page, fewer than the list's page size: a script that wants ten rows reads ten, and `next` follows the tenth. */
  limit: z.number().int().min(1).max(PAGE_SIZE).optional().describe('rows per page, at most the page size'),
  /** `csv` streams the whole filtered result as CSV instead of one page of JSON. */
  download: z.enum(['csv']).optional(),
};

/** The input fields every list takes for paging and downloads: never filters. */
export const LIST_PAGING_FIELDS: ReadonlySet<string> = new Set(Object.keys(listPaging));

/** The page envelope every list command answers with. */
export function listOutput<R extends z.ZodType>(row: R) {
  return z.object({
    items: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rows matching the filters across all pages. */
    total: z.number().int(),
    hasMore: z.boolean(),
    /** The `after` that reads the following page; null on the last page. */
    next: z.number().int().nullable().optional(),
  });
}

export interface ListPage<R> {
  items: R[];
  /** The page number asked for; 1 for a page read with `after`. */
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  /** The `after` that reads the following page; null on the last page. */
  next?: number | null;
}

/** A list as people name it: its title without the verb (`List sales merchants recorded` → `sales merchants recorded`). */
export const listTitle = (command: { title: string }): string => command.title.replace(/^(List|Read) /, '');

/** The file a list's CSV download is saved as: `admins-2026-11-21.csv`, dated by the Lagos day. */
export function csvFileName(commandId: string, lagosDay: string): string {
  return `${commandId.replace(/\.list$/, '').replace(/\./g, '-')}-${lagosDay}.csv`;
}

/** How much a column matters when room is short: `low` columns narrow first and are the first left out, `high` ones last. */
export type ColumnPriority = 'high' | 'medium' | 'low';

/** A column's part on a list's card (phones): the title, a fact under it, a state badge, or left off. */
export type CardRole = 'title' | 'fact' | 'state' | 'none';

/**
 * How a column is laid out, in characters of ordinary body text (digits are wider: a 14-digit
 * phone number takes 17), so any face — console, terminal — can use it.
 */
export interface ColumnLayout {
  /** Characters the column wants, so its usual values show whole. */
  width: number;
  /** Characters it may narrow to before a table leaves columns out. */
  minWidth: number;
  priority: ColumnPriority;
  card: CardRole;
}

/** Optional settings a column definition may carry when its kind's defaults are wrong for it. */
export interface ColumnLayoutHints {
  /** Overrides the priority the kind gives. */
  priority?: ColumnPriority;
  /** Characters every value takes (a phone number: 17), in place of the kind's: the column neither narrows below it nor asks for more. */
  width?: number;
  /** Overrides the column's part on a card. */
  card?: CardRole;
}

/** A text column whose key ends in `name` (`name`, `businessName`, `accountName`) holds a name. */
const isName = (column: ListColumn) => column.kind === 'text' && /name$/i.test(column.key);
/** An enum column saying where a row stands (`status`, `walletStatus`, `outcome`): a state badge on cards. */
const isStatus = (column: ListColumn) => column.kind === 'enum' && /status|outcome/i.test(column.key);

/** An id column whose key ends in `accountNumber` holds a 10-digit NUBAN, never cut: it is read digit by digit. */
const isAccountNumber = (column: ListColumn) => column.kind === 'id' && /accountnumber$/i.test(column.key);

/** The longest word of a header, which may wrap onto two lines but not break a word. */
const longestWord = (label: string) => Math.max(...label.split(/\s+/).map((word) => word.length));

function kindLayout(column: ListColumn): ColumnLayout {
  if (isName(column)) return { width: 26, minWidth: 18, priority: 'high', card: 'fact' };
  if (isStatus(column)) return { width: 12, minWidth: 9, priority: 'low', card: 'state' };
  if (isAccountNumber(column)) return { width: 11, minWidth: 11, priority: 'medium', card: 'fact' };
  switch (column.kind) {
    case 'sentence':
      return { width: 64, minWidth: 40, priority: 'high', card: 'fact' };
    case 'email':
      return { width: 28, minWidth: 20, priority: 'high', card: 'fact' };
    case 'money':
      return { width: 16, minWidth: 12, priority: 'high', card: 'fact' };
    case 'boolean': {
      // Yes or No under a header that wraps: as wide as the header's longest word.
      const width = Math.max(4, longestWord(column.label));
      return { width, minWidth: width, priority: 'low', card: 'state' };
    }
    case 'id':
      return { width: 8, minWidth: 5, priority: 'medium', card: 'none' };
    case 'number':
      return { width: 10, minWidth: 6, priority: 'medium', card: 'fact' };
    case 'date':
      // `24 Nov 2026`: its digits are wider than letters, so it never narrows.
      return { width: 12, minWidth: 12, priority: 'medium', card: 'fact' };
    case 'datetime':
      // `21 Nov 2026, 10:00`
      return { width: 18, minWidth: 18, priority: 'medium', card: 'fact' };
    case 'enum':
      return { width: 14, minWidth: 9, priority: 'medium', card: 'fact' };
    case 'tags':
      return { width: 22, minWidth: 12, priority: 'medium', card: 'fact' };
    default:
      return { width: 18, minWidth: 10, priority: 'medium', card: 'fact' };
  }
}

/**
 * A column's width, priority and part on a card: from its kind (names, emails and amounts wide and
 * high; yes/no and statuses narrow and low), unless its definition says otherwise.
 */
export function columnLayout(column: ListColumn): ColumnLayout {
  const byKind = kindLayout(column);
  return {
    width: column.width ?? byKind.width,
    minWidth: column.width ?? byKind.minWidth,
    priority: column.priority ?? byKind.priority,
    card: column.card ?? byKind.card,
  };
}

const RANK: Record<ColumnPriority, number> = { high: 0, medium: 1, low: 2 };

/** Orders priorities from the most to the least important. */
export function comparePriority(a: ColumnPriority, b: ColumnPriority): number {
  return RANK[a] - RANK[b];
}

/** Which columns make a card: what the row is called, its key facts, and the states it is in. */
export interface CardParts {
  /** Shown together as the card's heading. */
  title: readonly ListColumn[];
  /** The most important facts, in column order. */
  facts: readonly ListColumn[];
  /** Statuses and yes/no flags, shown as badges. */
  states: readonly ListColumn[];
}

/**
 * The card a row becomes on a phone. The title is the columns marked `title`, or else the first
 * name (with the last name when it is a first name), or else the first sentence, email or column;
 * the facts are the `maxFacts` most important of the rest.
 */
export function cardParts(columns: readonly ListColumn[], maxFacts = 3): CardParts {
  const layouts = new Map(columns.map((column) => [column, columnLayout(column)]));
  const marked = columns.filter((column) => layouts.get(column)?.card === 'title');
  let title: ListColumn[] = marked;
  if (title.length === 0) {
    const name = columns.find(isName);
    const lastName = name?.key === 'firstName' ? columns.find((column) => column.key === 'lastName') : undefined;
    const fallback =
      name ??
      columns.find((column) => column.kind === 'sentence') ??
      columns.find((column) => column.kind === 'email') ??
      columns.find((column) => column.kind !== 'id') ??
      columns[0];
    title = [fallback, lastName].filter((column): column is ListColumn => column !== undefined);
  }
  const rest = columns.filter((column) => !title.includes(column));
  const facts = rest
    .filter((column) => layouts.get(column)?.card === 'fact')
    .map((column, order) => ({ column, order, priority: layouts.get(column)?.priority ?? 'medium' }))
    .sort((a, b) => comparePriority(a.priority, b.priority) || a.order - b.order)
    .slice(0, maxFacts)
    .sort((a, b) => a.order - b.order)
    .map(({ column }) => column);
  return { title, facts, states: rest.filter((column) => layouts.get(column)?.card === 'state') };
}
