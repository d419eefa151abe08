import type { MoneyPreview } from '@traction/core';
import type { ComponentType } from 'react';
import type { FieldValue, FormField, FormValues } from './FormField';

/** The attributes the generated control would carry: spread them on the custom control's focusable element. */
export interface FieldControlAttributes {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
  'data-autofocus'?: boolean;
}

export interface FieldControlProps {
  field: FormField;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** Every field's value as typed so far (a bank picker's answer decides what the account number means). */
  values: FormValues;
  attributes: FieldControlAttributes;
}

export interface FieldNoteProps {
  field: FormField;
  /** Every field's value as typed so far. */
  values: FormValues;
}

/**
 * What a page adds to a command's generated form when the schema alone makes a poor form: the
 * fields, their checks and errors, and the confirmation stay the form's; the page only supplies
 * a better control (a searchable bank list for a bank code), a line under a field that depends on
 * what is typed (the holder's name from a name enquiry), which fields apply (a company account
 * only when paying from the company), and what the confirmation says the command will do.
 */
export interface FormParts {
  /** Labels by field name, when the page's control shows something else than the schema's field ("Bank" for a bank code picked by name). */
  labels?: Readonly<Record<string, string>>;
  /** Controls of the page's own, by field name, in place of the generated ones. */
  controls?: Readonly<Record<string, ComponentType<FieldControlProps>>>;
  /** Shown under a field, by field name; re-rendered as anything in the form changes. */
  notes?: Readonly<Record<string, ComponentType<FieldNoteProps>>>;
  /** Whether a field applies to the values so far; a field that does not is neither shown nor sent. */
  applies?: (name: string, values: FormValues) => boolean;
  /** Shown first in the confirmation step, with the input being confirmed and a money command's preview. */
  confirmation?: ComponentType<{ input: Readonly<Record<string, unknown>>; preview: MoneyPreview | null }>;
  /** The dialog takes a wider panel: the confirmation shows a table (a dry run's every instalment). */
  wide?: boolean;
}
