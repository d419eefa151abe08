import { useState } from 'react';
import type { FieldControlProps } from './FormParts';

/** `2.5` → `250`; text that is not a percentage with at most two decimals is handed on as typed, for the form's check to name. */
function percentToBasisPoints(typed: string): string {
  const text = typed.trim().replace(/%$/, '').trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return typed.trim();
  return String(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

/** `250` → `2.5`, as people write a rate. */
function basisPointsToPercent(bps: string): string {
  return /^\d+$/.test(bps) ? String(Number(bps) / 100) : bps;
}

/**
 * A rate typed as a percentage (`5`, `2.5`) while the contract takes basis points (500, 250): what
 * people quote is a rate, not hundredths of one. The form holds the basis points as text, so its
 * own checks still name the field. The line under the box says what the rate is of while the text
 * reads as a percentage, and how to write one when it does not.
 */
export function PercentAsBasisPointsInput({
  value,
  onChange,
  attributes,
  hint,
}: Pick<FieldControlProps, 'value' | 'onChange' | 'attributes'> & {
  hint: {
    /** The data attribute that marks the line under the box (a test hook): `data-interest-hint`. */
    attribute: `data-${string}`;
    /** What the line says while the text reads as a percentage. */
    readable: string;
    /** What it says when the text does not. */
    unreadable: string;
  };
}) {
  const bps = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(() => basisPointsToPercent(bps));
  // A value set from outside (a form reset) replaces what is shown; one typed here is left as typed.
  const [held, setHeld] = useState(bps);
  if (held !== bps) {
    setHeld(bps);
    if (percentToBasisPoints(text) !== bps) setText(basisPointsToPercent(bps));
  }
  const readable = text.trim() === '' || /^\d+$/.test(percentToBasisPoints(text));
  return (
    <div>
      <div className="relative">
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          {...attributes}
          className="h-9 w-full rounded-md border border-zinc-300 bg-white pr-7 pl-2.5 text-sm tabular-nums aria-invalid:border-red-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onChange(percentToBasisPoints(event.target.value));
          }}
        />
        <span className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-zinc-500">%</span>
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400" {...{ [hint.attribute]: true }}>
        {readable ? hint.readable : hint.unreadable}
      </p>
    </div>
  );
}
