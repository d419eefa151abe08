import { useEffect, useState } from 'react';
import { Button } from '../ui/Button';
import { copyText } from './copyText';

/** Copies a value (a session id for the bank's support desk) and says so for a moment. */
export function CopyButton({ value, label, shortcut }: { value: string; label: string; shortcut?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    copyText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <Button
      variant="ghost"
      className="h-6 px-1.5 text-xs"
      data-copy={value}
      title={shortcut ? `${label} (key ${shortcut})` : label}
      onClick={() => void copy()}
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
      <span className="sr-only"> {label.replace(/^Copy /, '')}</span>
    </Button>
  );
}
