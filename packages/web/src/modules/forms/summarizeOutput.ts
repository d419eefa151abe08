import { dateTimeFormat } from '../list/formatCell';
import { labelFromName } from './labelFromName';

export interface OutputSummary {
  /** The command's own sentence (`okOutput.message`). */
  message?: string;
  /** Counts of a bulk command (`bulkOutput`). */
  bulk?: { matched: number; changed: number; skipped: { id: number; reason: string }[] };
  /** Everything else, one level deep, as label and text. */
  rows: [label: string, text: string][];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A compact view of any command output: its message, bulk counts, then key/value rows. */
export function summarizeOutput(output: unknown): OutputSummary {
  if (!isRecord(output)) return { rows: output === undefined ? [] : [['Result', short(output)]] };
  const summary: OutputSummary = { rows: [] };
  const rest = { ...output };
  if (typeof rest.message === 'string') {
    summary.message = rest.message;
    delete rest.message;
    if (rest.ok === true) delete rest.ok;
  }
  if (typeof rest.matched === 'number' && typeof rest.changed === 'number' && Array.isArray(rest.skipped)) {
    summary.bulk = { matched: rest.matched, changed: rest.changed, skipped: rest.skipped as { id: number; reason: string }[] };
    delete rest.matched;
    delete rest.changed;
    delete rest.skipped;
  }
  for (const [key, value] of Object.entries(rest)) {
    if (isRecord(value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        summary.rows.push([`${labelFromName(key)} · ${labelFromName(inner)}`, short(innerValue)]);
      }
    } else summary.rows.push([labelFromName(key), short(value)]);
  }
  return summary;
}

function short(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.length <= 8 && value.every((item) => typeof item !== 'object' || item === null)) return value.join(', ');
    if (value.length <= 3 && value.every(isRecord) && value.every((item) => 'name' in item)) return value.map((item) => String(item.name)).join(', ');
    return `${value.length} items`;
  }
  if (isRecord(value)) {
    const text = JSON.stringify(value);
    return text.length > 120 ? `${text.slice(0, 117)}…` : text;
  }
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) return dateTimeFormat.format(new Date(value));
  return String(value);
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
