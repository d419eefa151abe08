const KEY = 'traction.review-queue:';

/**
 * The filters each list page last showed in this tab (its URL's search), so a record opened from
 * it walks that list and "back" returns to the same view. Kept per list page in sessionStorage:
 * it survives a reload, and another tab keeps its own.
 */
export const queueMemory = {
  remember(listPath: string, search: string): void {
    try {
      sessionStorage.setItem(KEY + listPath, search);
    } catch {
      // storage full or disabled: records fall back to the queue they belong to
    }
  },
  /** The search last shown on this list page (`''` for no filters), or null when it was not shown in this tab. */
  recall(listPath: string): string | null {
    try {
      return sessionStorage.getItem(KEY + listPath);
    } catch {
      return null;
    }
  },
};
