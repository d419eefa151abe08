/** Kobo per naira. */
export const KOBO_PER_NAIRA = 100n;

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Formats kobo as Naira: `₦1,234,567.89`; zero is `₦0.0` (spec §9). Works on bigint so that
 * amounts beyond 2^53 kobo stay exact. Pass `symbol: 'NGN '` for the ISO form.
 */
export function formatNaira(kobo: bigint | number, options: { symbol?: string } = {}): string {
  const symbol = options.symbol ?? '₦';
  if (typeof kobo === 'number' && !Number.isSafeInteger(kobo)) {
    throw new RangeError(`formatNaira takes whole kobo, got ${kobo}`);
  }
  const value = BigInt(kobo);
  if (value === 0n) return `${symbol}0.0`;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const naira = (abs / KOBO_PER_NAIRA).toString().replace(GROUPS, ',');
  const kobos = (abs % KOBO_PER_NAIRA).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${symbol}${naira}.${kobos}`;
}

/**
 * Reads an amount typed in Naira ("1,234.5", "₦20", "NGN 7.05") as kobo. Refuses more than two
 * decimals rather than rounding money silently.
 */
export function parseNairaToKobo(text: string): bigint {
  const cleaned = text
    .trim()
    .replace(/^(₦|NGN)\s*/i, '')
    .replace(/,/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) throw new RangeError(`"${text}" is not a Naira amount with at most 2 decimals`);
  const [, sign, whole, fraction = ''] = match;
  const kobo = BigInt(whole as string) * KOBO_PER_NAIRA + BigInt(fraction.padEnd(2, '0') || '0');
  return sign ? -kobo : kobo;
}
