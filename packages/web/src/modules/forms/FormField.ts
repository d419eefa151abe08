/**
 * How one input field of a command is edited in its generated form.
 * `naira`: kobo typed in Naira; `rangeStart`/`rangeEnd`: a day sent as the first or last
 * millisecond of it (spec §5); `enumSet`: an array of enum values as checkboxes; `list`: an
 * array typed comma- or space-separated; `json`: a required nested object typed as JSON.
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'secret'
  | 'integer'
  | 'number'
  | 'naira'
  | 'day'
  | 'rangeStart'
  | 'rangeEnd'
  | 'dateTime'
  | 'enum'
  | 'enumSet'
  | 'boolean'
  | 'honeypot'
  | 'file'
  | 'list'
  | 'json';

export interface FormField {
  /** Input key of the command. */
  name: string;
  label: string;
  kind: FieldKind;
  /** The schema refuses the input without it (no optional, no default). */
  required: boolean;
  /** The schema's default, in the schema's own units (kobo for `naira`). */
  defaultValue?: unknown;
  /** Choices of `enum` and `enumSet`. */
  options?: readonly (string | number)[];
  /** The options in words, from the schema (`LA` → Lagos); an option without words is humanised. */
  optionWords?: Readonly<Record<string, string>>;
  /** What each item of a `list` is. */
  itemKind?: 'integer' | 'number' | 'text';
  /** Long text (more allowed than an email address's 254 characters): a textarea. */
  multiline?: boolean;
}

/** What the inputs hold while the admin edits: text for most kinds, converted on submit. */
export type FieldValue = string | boolean | readonly string[] | File | null;

export type FormValues = Record<string, FieldValue>;
