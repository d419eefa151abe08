import { formatNaira } from '@traction/core';
import { useId, type ComponentType, type ReactNode } from 'react';
import { DateInput } from '../ui/DateInput';
import { humanize } from '../ui/humanize';
import { isMerchantIdField, MerchantIdControl } from './MerchantIdControl';
import type { FieldValue, FormField, FormValues } from './FormField';
import type { FieldControlAttributes, FieldControlProps, FieldNoteProps } from './FormParts';
import { nairaToKobo } from './toCommandInput';

const control =
  'w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900 aria-invalid:border-red-500 disabled:opacity-60';

const INPUT_TYPE: Partial<Record<FormField['kind'], string>> = {
  email: 'email',
  secret: 'password',
  dateTime: 'datetime-local',
};

export interface FieldInputProps {
  field: FormField;
  value: FieldValue;
  error?: string | undefined;
  onChange: (value: FieldValue) => void;
  /** Headless UI's dialog focuses the element carrying `data-autofocus` when it opens. */
  autoFocus?: boolean;
  /** A control of the page's own in place of the generated one (FormParts). */
  control?: ComponentType<FieldControlProps> | undefined;
  /** A line under the field that depends on what is typed (FormParts). */
  note?: ComponentType<FieldNoteProps> | undefined;
  /** Every field's value, for the control and the note. */
  values?: FormValues;
}

const NO_VALUES: FormValues = {};

/** One generated field: its label (starred when required), the control its kind calls for, its error. */
export function FieldInput({ field, value, error, onChange, autoFocus, control: Control, note: Note, values = NO_VALUES }: FieldInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const text = typeof value === 'string' ? value : '';
  const common: FieldControlAttributes = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': [error ? errorId : '', hint(field, text) ? hintId : '', Note ? noteId : ''].filter(Boolean).join(' ') || undefined,
    ...(autoFocus ? { 'data-autofocus': true } : {}),
  };

  // A page's own control, else the shared one a field's meaning calls for (a merchant picked by name).
  const Chosen = Control ?? (isMerchantIdField(field) ? MerchantIdControl : undefined);
  let input: ReactNode;
  switch (Chosen ? 'custom' : field.kind) {
    case 'custom':
      input = Chosen ? <Chosen field={field} value={value} onChange={onChange} values={values} attributes={common} /> : null;
      break;
    case 'honeypot':
      // Off-screen and out of the tab order: people never see or fill it; scripts that fill every field do.
      return (
        <div data-field={field.name} aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={id}>{field.label}</label>
          <input {...common} type="text" tabIndex={-1} autoComplete="off" value={text} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
    case 'boolean':
      return (
        <div data-field={field.name}>
          <label htmlFor={id} className="flex items-center gap-2">
            <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            <span>{field.label}</span>
          </label>
          <FieldError id={errorId} name={field.name} error={error} />
        </div>
      );
    case 'enumSet': {
      const chosen = Array.isArray(value) ? (value as readonly string[]) : [];
      return (
        <fieldset data-field={field.name} aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {field.label}
            <Required field={field} />
          </legend>
          <div className="grid max-h-48 grid-cols-1 gap-x-3 gap-y-1 overflow-y-auto sm:grid-cols-2">
            {(field.options ?? []).map((option, index) => {
              const key = String(option);
              return (
                <label key={key} className="flex items-center gap-2 font-mono text-xs">
                  <input
                    type="checkbox"
                    name={field.name}
                    value={key}
                    checked={chosen.includes(key)}
                    {...(autoFocus && index === 0 ? { 'data-autofocus': true } : {})}
                    onChange={(e) => onChange(e.target.checked ? [...chosen, key] : chosen.filter((item) => item !== key))}
                  />
                  {key}
                </label>
              );
            })}
          </div>
          <FieldError id={errorId} name={field.name} error={error} />
        </fieldset>
      );
    }
    case 'enum':
      input = (
        <select {...common} className={`${control} h-9`} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.required ? 'Choose…' : '—'}</option>
          {(field.options ?? []).map((option) => (
            <option key={String(option)} value={String(option)}>
              {field.optionWords?.[String(option)] ?? (typeof option === 'string' ? humanize(option) : option)}
            </option>
          ))}
        </select>
      );
      break;
    case 'file':
      input = (
        <input
          type="file"
          {...common}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 dark:file:bg-zinc-800"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      );
      break;
    case 'json':
      input = <textarea {...common} rows={4} className={`${control} py-1.5 font-mono`} value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'day':
    case 'rangeStart':
    case 'rangeEnd':
      // Typed freely (01/10/2026, today, 7d); unreadable text goes to the form, whose check names the field.
      input = <DateInput {...common} className={`${control} h-9`} value={text} onCommit={(day) => onChange(day ?? '')} onUnreadable={onChange} />;
      break;
    case 'naira':
      input = (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-zinc-500">₦</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            {...common}
            className={`${control} h-9 pl-6 tabular-nums`}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      );
      break;
    default:
      input = field.multiline ? (
        <textarea {...common} rows={3} className={`${control} py-1.5`} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          type={INPUT_TYPE[field.kind] ?? 'text'}
          inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined}
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
          {...common}
          className={`${control} h-9`}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  const hintText = hint(field, text);
  return (
    <div data-field={field.name}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {field.label}
        <Required field={field} />
      </label>
      {input}
      {hintText ? (
        <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hintText}
        </p>
      ) : null}
      {Note ? (
        <div id={noteId} data-note-for={field.name} className="mt-1 text-xs">
          <Note field={field} values={values} />
        </div>
      ) : null}
      <FieldError id={errorId} name={field.name} error={error} />
    </div>
  );
}

function Required({ field }: { field: FormField }) {
  return field.required ? (
    <span className="text-red-600" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

function FieldError({ id, name, error }: { id: string; name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" data-error-for={name} className="mt-1 text-xs text-red-600 dark:text-red-400">
      {error}
    </p>
  );
}

/** The typed amount read back as the server will see it, or how to type a list or range. */
function hint(field: FormField, text: string): string | null {
  if (field.kind === 'naira') {
    try {
      const kobo = nairaToKobo(text);
      return kobo === undefined ? 'In Naira; commas allowed.' : `= ${formatNaira(kobo)}`;
    } catch {
      return null;
    }
  }
  if (field.kind === 'list') return `Separate ${field.itemKind === 'text' ? 'values' : 'numbers'} with commas or spaces.`;
  if (field.kind === 'rangeStart') return 'From the start of this day (00:00:00.000).';
  if (field.kind === 'rangeEnd') return 'Until the end of this day (23:59:59.999).';
  return null;
}
