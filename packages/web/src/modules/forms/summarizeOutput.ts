import { NIGERIAN_STATES } from '@traction/core';
import { formatNaira } from '@traction/core/format';
import { dateTimeFormat } from '../ui/dateTimeFormat';
import { humanize } from '../ui/humanize';
import { fieldLabel, screenLabels } from './screenLabels';

type Row = Readonly<Record<string, unknown>>;

/** What the console knew around the run, to tell what the answer changed and name what it skipped. */
export interface ResultContext {
  /** The input the command ran with: the fields it names are fields the command sets. */
  input?: Readonly<Record<string, unknown>>;
  /** The answer's records as the console showed them before the run, by the answer's key (previousRecords). */
  previous?: Readonly<Record<string, Row>>;
  /** What the list shows for the rows a bulk command skipped, by row id (skippedRowNames). */
  rowNames?: ReadonlyMap<number, string>;
}

export interface SkippedRow {
  id: number;
  /** The row as the list shows it (its name, its account number), or "#id" when it was never loaded. */
  name: string;
  reason: string;
}

export interface OutputSummary {
  /** The command's own sentence (`okOutput.message`). */
  message?: string;
  /** Counts of a bulk command (`bulkOutput`). */
  bulk?: { matched: number; changed: number; skipped: SkippedRow[] };
  /** What changed, as label and text a person reads with the labels of the screens (never JSON). */
  rows: [label: string, text: string][];
}

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Inputs that say which record, not what to set on it. */
const WHICH = /^(id|ids|uid|matching|except)$|(_id|[a-z]Id)$/;
/** Fields every change moves, which say nothing about this one. */
const NOISE = new Set(['updatedAt', 'lastSeenAt']);
/** How a record is named, in the order tried. */
const NAME_KEYS = ['name', 'title', 'label', 'businessName', 'accountNumber', 'email'];

const squash = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** `is_fraud` → `fraud`, `departmentIds` → `department`: the part of an input's name an answer's field repeats. */
function stem(key: string): string {
  const squashed = squash(key).replace(/ids$/, '');
  return squashed.startsWith('is') && squashed.length > 4 ? squashed.slice(2) : squashed;
}

/** An answer's field the input set: `isFraud` and `fraudReason` for `is_fraud` and `reason`. */
function setByInput(key: string, stems: readonly string[]): boolean {
  const field = squash(key);
  return stems.some((input) => field.includes(input) || (field.length >= 4 && input.includes(field)));
}

/**
 * A command's answer in a few lines: its message, a bulk command's counts and the rows it
 * skipped (by the names the list shows), and of each record it answers with, the fields that
 * changed — those that differ from the record as the console showed it, and those the input
 * set — under the labels the screens use (`stateName` is "State"). A record the console never
 * showed also gets its id and name, so the reader knows which one it is.
 */
export function summarizeOutput(output: unknown, context: ResultContext = {}): OutputSummary {
  if (!isRecord(output)) return { rows: output === undefined ? [] : [['Result', formatValue('', output)]] };
  const summary: OutputSummary = { rows: [] };
  const rest: Record<string, unknown> = { ...output };
  if (typeof rest.message === 'string') {
    summary.message = rest.message;
    delete rest.message;
    if (rest.ok === true) delete rest.ok;
  }
  if (typeof rest.matched === 'number' && typeof rest.changed === 'number' && Array.isArray(rest.skipped)) {
    const skipped = rest.skipped as { id: number; reason: string }[];
    summary.bulk = {
      matched: rest.matched,
      changed: rest.changed,
      skipped: skipped.map((skip) => ({ ...skip, name: context.rowNames?.get(skip.id) ?? `#${skip.id}` })),
    };
    delete rest.matched;
    delete rest.changed;
    delete rest.skipped;
  }
  const stems = Object.keys(context.input ?? {})
    .filter((key) => !WHICH.test(key))
    .map(stem)
    .filter((key) => key.length >= 3);
  const records = Object.values(rest).filter(isRecord).length;
  for (const [key, value] of Object.entries(rest)) {
    if (shadowed(rest, key)) continue;
    if (!isRecord(value)) {
      summary.rows.push([fieldLabel(key), formatValue(key, value)]);
      continue;
    }
    const labelOf = screenLabels(value);
    const prefix = records > 1 ? `${fieldLabel(key)} · ` : '';
    for (const field of changedFields(value, context.previous?.[key], stems)) {
      summary.rows.push([`${prefix}${labelOf(field)}`, formatValue(field, value[field])]);
    }
  }
  return summary;
}

function changedFields(record: Row, previous: Row | undefined, stems: readonly string[]): string[] {
  const name = NAME_KEYS.find((key) => typeof record[key] === 'string');
  return Object.keys(record).filter((key) => {
    if (shadowed(record, key) || NOISE.has(key)) return false;
    if (previous && key in previous && JSON.stringify(previous[key]) !== JSON.stringify(record[key])) return true;
    if (!previous && (key === 'id' || key === 'uid' || key === name)) return true;
    return setByInput(key, stems);
  });
}

/** `stateCode` beside `state`, `category` beside `categoryLabel`: the person-readable twin is enough. */
function shadowed(record: Row, key: string): boolean {
  if (key === 'stateCode' && (typeof record.state === 'string' || typeof record.stateName === 'string')) return true;
  return typeof record[`${key}Label`] === 'string';
}

/** What a person calls a record: its name, title or label, a person's full name, or an email. */
function nameOf(record: Row): string | undefined {
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
