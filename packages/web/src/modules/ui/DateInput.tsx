import { describeLagosDay, formatDayAsTyped, parseDateInput } from '@traction/core/format';
import { useId, useRef, useState, type InputHTMLAttributes } from 'react';

const DAY = /^\d{4}-\d{2}-\d{2}/;

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The day in force, `2026-10-01` (a date-time shows its day), or '' for none. */
  value: string;
  /** A day read from what was typed, or null when the field was emptied. */
  onCommit: (day: string | null) => void;
  /** Text that is not a date, for callers whose own check should name the field (a form). */
  onUnreadable?: (typed: string) => void;
}

/**
 * A date typed freely — `01/10/2026` (day first), `2026-10-01`, `today`, `yesterday`, `7d` — and
 * read on Enter or when the field is left, never at each key (a browser date field clears itself
 * while a date is half typed). Beside it, the Lagos day it stands for, spelt out so day and month
 * cannot be mistaken; Esc gives up the edit.
 */
export function DateInput({ value, onCommit, onUnreadable, className = '', onBlur, onKeyDown, ...props }: DateInputProps) {
  const noteId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reportedInvalid, setReportedInvalid] = useState<string | null>(null);
  // Back, Clear filters or a reset form set another value: what was being typed gives way to it
  // (unless the value is the unreadable text this field just handed its form).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value !== reportedInvalid) {
      setDraft(null);
      setError(null);
    }
  }
  // Esc blurs the field; the blur that follows must not read the abandoned text.
  const abandoning = useRef(false);

  const committedDay = DAY.test(value) ? value.slice(0, 10) : null;
  const text = draft ?? (committedDay ? formatDayAsTyped(committedDay) : value);
  const preview = draft === null ? null : parseDateInput(draft);
  const day = preview ? (preview.ok ? preview.day : null) : committedDay;

  const commit = () => {
    if (draft === null) return;
    const typed = draft.trim();
    // What was typed stays shown until the new value comes back (the URL or the form may take a
    // render or a debounce to follow); the field must not blink empty in between.
    if (typed === '') {
      if (value !== '') onCommit(null);
      else setDraft(null);
      return;
    }
    const parsed = parseDateInput(typed);
    if (!parsed.ok) {
      setError(parsed.message);
      setReportedInvalid(typed);
      onUnreadable?.(typed);
      return;
    }
    if (parsed.day !== value) onCommit(parsed.day);
    else setDraft(null);
  };

  const note = error ?? (day ? describeLagosDay(day) : null);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5">
      <input
        type="text"
        inputMode="text"
        autoComplete="off"
        placeholder="DD/MM/YYYY"
        {...props}
        aria-invalid={error ? true : props['aria-invalid']}
        aria-describedby={[props['aria-describedby'], note ? noteId : ''].filter(Boolean).join(' ') || undefined}
        className={className}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') {
            event.preventDefault();
            abandoning.current = true;
            setDraft(null);
            setError(null);
            event.currentTarget.blur();
          }
        }}
        onBlur={(event) => {
          onBlur?.(event);
          if (abandoning.current) abandoning.current = false;
          else commit();
        }}
      />
      {note ? (
        <span
          id={noteId}
          data-date-note={error ? 'error' : 'day'}
          className={`text-xs whitespace-nowrap ${error ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
        >
          {note}
        </span>
      ) : null}
    </span>
  );
}
