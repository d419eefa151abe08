const KEY = 'traction.kyc-list';

/**
 * Remembers the Verification list this tab last showed, with its filters, so "back to the list"
 * from a record returns to the same view (rows of Document open under /all-verification/{id}).
 */
export function rememberListSearch(listPath: string, search: string): void {
  try {
    sessionStorage.setItem(KEY, `${listPath}${search}`);
  } catch {
    // storage full or disabled: back goes to the bare list
  }
}

/** The Verification list last shown in this tab, with its filters; `fallback` when there was none. */
export function listReturnPath(fallback: string): string {
  try {
    return sessionStorage.getItem(KEY) ?? fallback;
  } catch {
    return fallback;
  }
}
