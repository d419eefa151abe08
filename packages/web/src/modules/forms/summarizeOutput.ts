import { NIGERIAN_STATES } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { humanize } from '../ui/humanize';
import { labelFromName } from './labelFromName';

export interface OutputSummary {
  /** The command's own sentence (`okOutput.message`). */
  message?: string;
  /** Counts of a bulk command (`bulkOutput`). */
  bulk?: { matched: number; changed: number; skipped: { id: number; reason: string }[] };
  /** Everything else, flattened two levels deep, as label and text a person reads (never JSON). */
  rows: [label: string, text: string][];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How deep nested records are spread into their own rows; deeper ones are named or counted. */
const MAX_DEPTH = 2;

/** A compact view of any command output: its message, bulk counts, then key/value rows. */
export function summarizeOutput(output: unknown): OutputSummary {
  if (!isRecord(output)) return { rows: output === undefined ? [] : [['Result', formatValue('', output)]] };
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
  addRows(summary.rows, rest, [], 1);
  return summary;
}

function addRows(rows: OutputSummary['rows'], record: Record<string, unknown>, labels: string[], depth: number): void {
  for (const [key, value] of Object.entries(record)) {
    if (shadowed(record, key)) continue;
    const label = [...labels, labelOf(key)];
    // The output's own records (`business`, `record`) are spread out; records inside them (`reviewedBy`)
    // are shown by their name when they have one.
    if (isRecord(value) && (depth === 1 || (depth <= MAX_DEPTH && nameOf(value) === undefined))) addRows(rows, value, label, depth + 1);
    else rows.push([label.join(' · '), formatValue(key, value)]);
  }
}

/** `stateCode` beside `state`, `category` beside `categoryLabel`: the person-readable twin is enough. */
function shadowed(record: Record<string, unknown>, key: string): boolean {
  if (key === 'stateCode' && typeof record.state === 'string') return true;
  return typeof record[`${key}Label`] === 'string';
}

function labelOf(key: string): string {
  if (key === 'stateCode') return 'State';
  if (/.Kobo$/.test(key)) return labelFromName(key.slice(0, -'Kobo'.length));
  if (key.endsWith('Label') && key.length > 'Label'.length) return labelFromName(key.slice(0, -'Label'.length));
  return labelFromName(key);
}

/** What a person calls a record: its name, title or label, a person's full name, or an email. */
function nameOf(record: Record<string, unknown>): string | undefined {
  for (const key of ['name', 'title', 'label']) {
    if (typeof record[key] === 'string' && record[key] !== '') return record[key] as string;
  }
  if (typeof record.firstName === 'string' && typeof record.lastName === 'string') return `${record.firstName} ${record.lastName}`.trim();
  if (typeof record.email === 'string') return record.email;
  return undefined;
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/** `HOSPITALITY`, `POST_NO_DEBIT`: capitals and underscores only, no digits. */
const ENUM_LIKE = /^[A-Z]{2,}(_[A-Z]+)*$/;
/** Keys whose capital values are codes to show as they are (`bankReference: "ABCD"`). */
const CODE_KEY = /(code|reference|ref|uid|number|id|nuban|bvn|nin|rc)$/i;

/** One value as a person reads it: Naira for kobo, Yes/No, Lagos time, words for enums, names for records. */
function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (/kobo$/i.test(key) && (typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && /^-?\d+$/.test(value)))) {
    try {
      return formatNaira(BigInt(value));
    } catch {
      return String(value);
    }
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.length <= 8 && value.every((item) => !isRecord(item) && !Array.isArray(item))) return value.map((item) => formatValue(key, item)).join(', ');
    const names = value.map((item) => (isRecord(item) ? nameOf(item) : undefined));
    if (value.length <= 5 && names.every((name) => name !== undefined)) return names.join(', ');
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (isRecord(value)) {
    const name = nameOf(value);
    if (name !== undefined) return name;
    if (typeof value.id === 'number' || typeof value.id === 'string') return `#${value.id}`;
    const count = Object.keys(value).length;
    return `${count} ${count === 1 ? 'field' : 'fields'}`;
  }
  if (typeof value === 'string') {
    if (ISO_TIMESTAMP.test(value)) return dateTimeFormat.format(new Date(value));
    if (/state(code)?$/i.test(key)) {
      const state = NIGERIAN_STATES.find((candidate) => candidate.code === value);
      if (state) return state.name;
    }
    if (ENUM_LIKE.test(value) && !CODE_KEY.test(key)) return humanize(value);
  }
  return String(value);
}
