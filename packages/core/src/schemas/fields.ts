import { z } from 'zod';
import { isRealDateTime, isSupportedYear } from '../format/date-range';

/**
 * What a field means beyond its type, read by the console's generated forms and the CLI's flags.
 * `kobo`: an amount in kobo that people enter in Naira; `file`: an upload sent as multipart;
 * `date`: a calendar day (YYYY-MM-DD); `range-bound`: a bound of a range filter, a day or an instant
 * (the console offers a date box); `honeypot`: a public form's bot trap, never shown to people.
 */
export type FieldFormat = 'kobo' | 'file' | 'date' | 'range-bound' | 'honeypot';

export interface FieldMeta {
  format?: FieldFormat;
  /** Label for forms and help when the field name is not enough. */
  label?: string;
  /** An enum's values in words, for pickers (`LA` → Lagos): a form never shows a raw code. */
  words?: Readonly<Record<string, string>>;
  /** Values the API reference shows (its examples must pass the field's own checks). */
  examples?: readonly unknown[];
}

/**
 * What a schema declares through `.meta()` (format, label, words), looking through optional,
 * default and pipes: the outermost declaration of each wins.
 */
export function fieldMeta(schema: z.ZodType): FieldMeta {
  const found: FieldMeta = {};
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const meta = current.meta() as FieldMeta | undefined;
    found.format ??= meta?.format;
    found.label ??= meta?.label;
    found.words ??= meta?.words;
    const def: { innerType?: z.ZodType; in?: z.ZodType } = (current as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
    current = def.innerType ?? def.in;
  }
  return found;
}

/** The format a schema declares through `.meta({ format })`, looking through optional/default. */
export function fieldFormat(schema: z.ZodType): FieldFormat | undefined {
  return fieldMeta(schema).format;
}

/**
 * An amount of money in kobo: a positive whole number, at most ₦10 billion in one call.
 * Sent as a JSON number (exact: far below 2^53); people type Naira and the console converts.
 */
export const koboField = z
  .number()
  .int('must be whole kobo')
  .positive('must be more than zero')
  .max(1_000_000_000_000, 'must be at most ₦10,000,000,000.00')
  .meta({ format: 'kobo' } satisfies FieldMeta);

/** A calendar day, YYYY-MM-DD (bounded, as every input string is, before the pattern is tried). */
export const dayField = z
  .string()
  .max(10, 'must be a date (YYYY-MM-DD)')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isSupportedYear, 'must be in the years 1900 to 2999')
  .refine(isRealDateTime, 'is not a real date')
  .meta({ format: 'date' } satisfies FieldMeta);

/** An uploaded file, sent as a multipart part. */
export const fileField = z.instanceof(Blob, { message: 'must be a file' }).meta({ format: 'file' } satisfies FieldMeta);
