/** West Africa Time: UTC+1 all year, no daylight saving, so a fixed offset is exact. */
const LAGOS_OFFSET_MS = 3_600_000;

/** The Lagos calendar day of an instant, `2026-11-21`: the business's "today" and file-name dates. */
export function lagosDate(instant: Date = new Date()): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** An ISO instant as Lagos wall-clock time for terminals and files, `2026-11-21 10:00`; text that is no instant comes back as it was. */
export function lagosDateTime(iso: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  return new Date(instant + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
