import type { AnyCommand } from '@traction/core';
// The zod-free subpath: this file is part of every start (bulk help), which must not load the registry.
import { FIXED_ACCOUNT_BANKS, nuban } from '@traction/core/banks';
import { inputFields, type InputField } from '../flags/input-fields';

/** Two rows of a bulk file for a command's help: the header and each row's cells, as they would be typed. */
export interface BulkExample {
  header: string[];
  rows: [string[], string[]];
}

/** Splits a command line as a shell would: words, "double" and 'single' quoted strings. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? match[3]!));
  }
  return words;
}

/** The values the command's own example (`traction fraud update --id 42 --is-fraud …`) gives each field. */
function exampleValues(command: AnyCommand, fields: readonly InputField[]): Map<string, string> {
  const values = new Map<string, string>();
  if (!command.example) return values;
  const words = shellWords(command.example);
  const byFlag = new Map(fields.flatMap((field) => [[field.flag, field] as const, [`input-${field.flag}`, field] as const]));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('--')) continue;
    const negated = word.startsWith('--no-') && byFlag.get(word.slice(5))?.type === 'boolean';
    const field = negated ? byFlag.get(word.slice(5)) : byFlag.get(word.slice(2));
    if (!field) continue;
    if (field.type === 'boolean') values.set(field.name, negated ? 'false' : 'true');
    else if (words[i + 1] !== undefined) values.set(field.name, words[++i]!);
  }
  return values;
}

const isIdLike = (field: InputField) => field.name === 'id' || /_id$|Id$/.test(field.name);

/**
 * Values people really type, by what the field holds, for the fields whose example value is
 * missing or not a real one (a made-up account number): one per row.
 */
function typicalValue(field: InputField): [string, string] | undefined {
  const name = field.name.toLowerCase();
  if (/^account(number|no)$/.test(name)) {
    return [nuban(FIXED_ACCOUNT_BANKS.WEMA.code, '412345678'), nuban(FIXED_ACCOUNT_BANKS.PROVIDUS.code, '400123456')];
  }
  if (name === 'uid') return ['3f2b8c1e-9a4d-4c5e-8f7a-2b1c0d9e8f7a', '9b1d4e2a-6c3f-4a8b-9e7d-1f2a3b4c5d6e'];
  if (name === 'phone') return ['08031234567', '+2348122334455'];
  return undefined;
}

/** Text fields by name (lower case): sentences for reasons, names for names. */
const TEXT: Readonly<Record<string, [string, string]>> = {
  reason: ['Inflows from a reported scam', 'Reviewed by the risk team on 21 November'],
  comment: ['Name on the NIN slip does not match the account name', 'The document is blurred; ask for a clearer copy'],
  note: ['Same ID used by two unrelated businesses', 'Reported by the bank as a mule account'],
  firstname: ['Ada', 'Bola'],
  lastname: ['Obi', 'Adeyemi'],
  businessname: ['Mama Put Kitchen', 'Sunrise Petroleum'],
  accountname: ['Traction/Mama Put Kitchen', 'Traction/Sunrise Petroleum'],
  address: ['12 Allen Avenue, Ikeja', '4 Aminu Kano Crescent, Wuse II'],
  name: ['Staff in Finance', 'Risk analysts'],
  token: ['6f1c2a9e4b7d3f0a8c5e2b9d7a4f1c3e', '0d8b3e6a9c2f5b1e7a4d0c3f6b9e2a5d'],
  password: ['Yellow-danfo-at-Ojota-2026', 'Suya-on-Allen-Avenue-at-9'],
  message: ["TypeError: Cannot read properties of undefined (reading 'name')", 'RangeError: Invalid time value'],
  route: ['/merchants/42', '/kyc/1042'],
  consoleversion: ['index-4f2a9c.js', 'index-4f2a9c.js'],
};

/** A value of the field's kind when neither its name nor the example says more. */
function plainValue(field: InputField): [string, string] {
  const name = field.name.toLowerCase();
  if (field.format === 'kobo') return ['1500.00', '25000.00'];
  if (field.format === 'date') return ['2026-11-21', '2026-11-22'];
  if (field.type === 'boolean') return ['true', 'false'];
  if (field.type === 'file') return ['cac-certificate.pdf', 'utility-bill.jpg'];
  if (field.choices?.length) {
    const [first, second = first] = field.choices;
    return field.type === 'array' ? [`${first},${second}`, first!] : [first!, second!];
  }
  if (field.type === 'array') return ['7,8', '9'];
  if (field.type === 'number') return isIdLike(field) ? ['42', '43'] : ['7', '8'];
  if (field.type === 'object') return ['{}', '{}'];
  if (name.endsWith('email')) return name === 'email' ? ['ada@mamaput.ng', 'bola@sunrisepetroleum.ng'] : ['sales.ikeja@traction.ng', 'sales.wuse@traction.ng'];
  const text = TEXT[name];
  if (text) return text;
  const words = field.name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return [`${words} 1`, `${words} 2`];
}

/** The second row's value next to the example's first: another id, the other boolean, the same words. */
function secondRow(field: InputField, first: string, plain: [string, string]): string {
  if (field.type === 'boolean') return first === 'true' ? 'false' : 'true';
  if (field.type === 'number' && /^\d+$/.test(first)) return String(Number(first) + 1);
  if (field.type === 'array' && field.itemType === 'number') return plain[1];
  if (field.type === 'file') return plain[1];
  if (/^[^@\s]+@[^@\s]+$/.test(first)) return `${first.startsWith('bola') ? 'ada' : 'bola'}${first.slice(first.indexOf('@'))}`;
  const text = TEXT[field.name.toLowerCase()];
  if (text) return text[0] === first ? text[1] : text[0];
  if (/^\d{12,}$/.test(first)) return `${first.slice(0, -4)}${String((Number(first.slice(-4)) + 7) % 10_000).padStart(4, '0')}`;
  return first;
}

/**
 * Columns: every required field; fields the command's example sets (a reason, a comment); and
 * `ids` for a command that takes a selection. Values: the example's, or typical ones for what
 * the field holds (a NUBAN for an account number, true and false for a switch, a sentence for a
 * reason). `bulk-example.test.ts` runs every one through the bulk runner's own checks.
 */
export function bulkExample(command: AnyCommand): BulkExample {
  const fields = inputFields(command);
  const fromExample = exampleValues(command, fields);
  const takesSelection = fields.some((field) => field.name === 'matching') && fields.some((field) => field.name === 'ids');
  // A selection is ids or matching, never both: ids unless the command's example selects by matching.
  const chosen = fields.filter(
    (field) => field.required || fromExample.has(field.name) || (takesSelection && field.name === 'ids' && !fromExample.has('matching')),
  );
  const columns = chosen.map((field) => {
    const plain = plainValue(field);
    const typical = typicalValue(field);
    const given = fromExample.get(field.name);
    if (typical) return typical;
    if (given === undefined) return plain;
    return [given, secondRow(field, given, plain)] as const;
  });
  return {
    header: chosen.map((field) => field.name),
    rows: [columns.map((values) => values[0]), columns.map((values) => values[1])],
  };
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
const csvCell = (cell: string) => (/[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The example as the lines of a CSV file. */
export function bulkExampleLines(command: AnyCommand): string[] {
  const example = bulkExample(command);
  return [example.header, ...example.rows].map((cells) => cells.map(csvCell).join(','));
}
