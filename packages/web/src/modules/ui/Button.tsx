import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const styles: Record<Variant, string> = {
  primary: 'bg-accent-600 text-white hover:bg-accent-700 disabled:opacity-50',
  // Its own text colour: inherited from a muted parent it read as light grey on zinc-900.
  secondary:
    'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:opacity-50',
  ghost: 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
};

/** The console's button: dense, with a variant as its only styling choice; a ref reaches the button (React 19 passes it as a prop). */
export function Button({ variant = 'secondary', className = '', ...props }: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return (
    <button
      type="button"
      data-variant={variant}
      className={`inline-flex h-8 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors ${styles[variant]} ${className}`}
      {...props}
    />
  );
}
