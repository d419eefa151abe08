import { formatNaira } from '@traction/core/format';

/** A limit as tables show it: ₦50,000.00, or "No limit" when there is none (null). */
export function limitText(kobo: number | null): string {
  return kobo === null ? 'No limit' : formatNaira(kobo);
}
