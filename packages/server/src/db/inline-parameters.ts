/**
 * A compiled query with its parameters written in as literals, for statements that take none
 * (COPY). Each value becomes a quoted literal of unknown type, which PostgreSQL resolves from its
 * context exactly as it resolves an untyped parameter (`'42'` compared with a bigint is a bigint),
 * so the query means what it meant with `$1`. Values are serialised as the driver sends them
 * (dates as ISO instants, arrays as array literals, objects as JSON) and quotes doubled; backslashes are plain characters under
 * `standard_conforming_strings`, the default since PostgreSQL 9.1 and PGlite's.
 */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    if (char === "'" || char === '"') {
      // Quoted text or identifier: copied whole, a `$1` inside it is not a parameter.
      const end = closingQuote(sql, i, char);
      out += sql.slice(i, end);
      i = end;
    } else if (char === '$' && /\d/.test(sql[i + 1] ?? '')) {
      const digits = /^\d+/.exec(sql.slice(i + 1))![0];
      const index = Number(digits) - 1;
      if (index >= parameters.length) throw new Error(`the query names $${digits} but has ${parameters.length} parameters`);
      out += literal(parameters[index]);
      i += 1 + digits.length;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** Where the quoted run starting at `start` ends (past its closing quote; a doubled quote stays inside). */
function closingQuote(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  throw new Error('unterminated quote in a compiled query');
}

function literal(value: unknown): string {
  const text = serialise(value);
  return text === null ? 'NULL' : `'${text.replaceAll("'", "''")}'`;
}

/** A value as the driver sends it as text. */
function serialise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function arrayElement(value: unknown): string {
  const text = serialise(value);
  return text === null ? 'NULL' : `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
