import { z } from 'zod';

/** Rows per page of every list (spec §9). */
export const PAGE_SIZE = 100;

/** Fields every list command takes besides its own filters. */
export const listPaging = {
  /** 1-based page number. */
  page: z.number().int().min(1).max(1_000_000).default(1),
  /** `csv` streams the whole filtered result as CSV instead of one page of JSON. */
  download: z.enum(['csv']).optional(),
};

/** The page envelope every list command answers with. */
export function listOutput<R extends z.ZodType>(row: R) {
  return z.object({
    items: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rows matching the filters across all pages. */
    total: z.number().int(),
    hasMore: z.boolean(),
  });
}

export interface ListPage<R> {
  items: R[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

/** The file a list's CSV download is saved as: `admins-2026-11-21.csv`, dated by the Lagos day. */
export function csvFileName(commandId: string, lagosDay: string): string {
  return `${commandId.replace(/\.list$/, '').replace(/\./g, '-')}-${lagosDay}.csv`;
}
