import { useState } from 'react';
import type { FieldControlProps } from '../forms/FormParts';

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
 * A discount or commission typed as a percentage of the face value (`3`, `1.5`) while the contract
 * takes basis points (300, 150): dealers quote rates, not hundredths of one. The form holds the
 * basis points as text, so its own checks (whole, 0 to 10,000, the commission within the
 * discount) still name the field.
 */
export function PercentOfFaceValueControl({ value, onChange, attributes }: FieldControlProps) {
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
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400" data-percent-hint>
        {readable ? 'Of the face value of each purchase; up to two decimals (1.5).' : 'A percentage with up to two decimals, e.g. 3 or 1.5.'}
      </p>
    </div>
  );
}
