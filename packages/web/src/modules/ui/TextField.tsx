import { useId, type InputHTMLAttributes } from 'react';

/** The look of a form's text box; other boxes of a form (a date) take it too. */
export const fieldControlClass = 'h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** A labelled input with room for an error message under it. */
export function TextField({ label, error, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <label htmlFor={id} className={`block ${className}`}>
      <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</span>
      <input id={id} aria-invalid={error ? true : undefined} className={`${fieldControlClass} aria-invalid:border-red-500`} {...props} />
      {error ? (
        <span role="alert" className="mt-1 block text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      ) : null}
    </label>
  );
}
