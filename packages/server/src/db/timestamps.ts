/** A timestamp column as answers carry it: ISO 8601 in UTC (drivers give a Date; text is read as one). */
export const isoTimestamp = (value: Date | string): string => new Date(value).toISOString();

/** The same for a nullable column. */
export const isoTimestampOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : isoTimestamp(value as Date | string));
