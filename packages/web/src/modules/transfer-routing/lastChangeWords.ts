import { formatDateTime } from '../ui/formatDateTime';

/**
 * Why and when a routing setting was last changed, and by whom ("Providus maintenance · 21 Nov
 * 2026, 10:20 by ada@…"), or `never` for a setting still as seeded (its change fields are null).
 */
export function lastChangeWords(setting: { reason: string | null; changedAt: string | null; changedBy: string | null }, never: string): string {
  if (!setting.changedAt) return never;
  return `${setting.reason ?? ''} · ${formatDateTime(setting.changedAt)}${setting.changedBy ? ` by ${setting.changedBy}` : ''}`;
}
