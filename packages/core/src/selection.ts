import { z } from 'zod';
import type { AnyCommand } from './command';
import { idField } from './schemas/common';

/** Most rows one bulk command names by id; larger sets go by filter (`matching`). */
export const MAX_SELECTED_IDS = 10_000;
/** Rows one bulk command may act on through `matching`; more must be narrowed by the filters. */
export const MAX_MATCHING_ROWS = 50_000;

/**
 * The rows a bulk command acts on: either `ids`, or every row the list command would return
 * for the filters in `matching` (all pages, not just the loaded ones) less `except`.
 * Resolved on the server inside the command's transaction, so "everything matching" means
 * what matches when the command runs.
 */
export function selectionFields(list: AnyCommand) {
  if (!list.list) throw new Error(`${list.id} is not a list command`);
  const filters = list.input.omit({ page: true, after: true, limit: true, download: true });
  return {
    /** Row ids (the list's row key). */
    ids: z.array(idField).min(1).max(MAX_SELECTED_IDS).optional(),
    /** The list's filters; every row matching them is selected. */
    matching: filters.optional(),
    /** Rows left out of `matching`. */
    except: z.array(idField).max(MAX_SELECTED_IDS).default([]),
  };
}

/** Exactly one of `ids` and `matching`, checked after the fields themselves. */
export function checkSelection(value: { ids?: unknown; matching?: unknown }, ctx: z.RefinementCtx): void {
  if ((value.ids === undefined) === (value.matching === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'give either ids or matching (the list filters), not both or neither' });
  }
}

/** What every bulk command answers. */
export const bulkOutput = z.object({
  /** Rows the selection named that exist. */
  matched: z.number().int(),
  /** Rows actually changed. */
  changed: z.number().int(),
  /** Rows left alone, with why. */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
