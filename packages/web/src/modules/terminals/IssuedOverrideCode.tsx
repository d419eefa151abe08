import { OVERRIDE_CODE_PURPOSE_WORDS, type OverrideCodeRow } from '@traction/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useShortcut } from '../keyboard/useShortcut';
import { copyText } from '../transfers/copyText';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { linkClass } from '../ui/linkClass';
import { ShortcutKey } from '../ui/ShortcutKey';

/**
 * A code just issued, shown this once: the server keeps only its hash, so leaving the page loses
 * it. Copy (c) puts its digits on the clipboard; Issue another (n) starts a new form.
 */
export function IssuedOverrideCode({ issued, onAnother }: { issued: OverrideCodeRow & { code: string }; onAnother: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'refused' | null>(null);
  const copy = () =>
    void copyText(issued.code.replace(/\s/g, '')).then(
      () => setCopied('yes'),
      () => setCopied('refused'),
    );
  useShortcut('c', 'Copy the code', copy);
  useShortcut('n', 'Issue another code', onAnother);
  return (
    <div className="space-y-4" data-issued-code={issued.id}>
      <div
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      >
        This code will not be shown again: copy it now and give it to the field officer. Only its hash is kept.
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <output aria-label="Override code" data-override-code className="font-mono text-3xl font-semibold tracking-widest tabular-nums select-all">
          {issued.code}
        </output>
        <Button variant="primary" onClick={copy}>
          Copy <ShortcutKey>c</ShortcutKey>
        </Button>
        {copied === 'yes' ? <span className="text-sm text-emerald-700 dark:text-emerald-400">Copied.</span> : null}
        {copied === 'refused' ? <span className="text-sm text-red-700 dark:text-red-400">The browser refused the clipboard: copy it by hand.</span> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500">Terminal</dt>
        <dd>{issued.terminalName}</dd>
        <dt className="text-zinc-500">Purpose</dt>
        <dd>{OVERRIDE_CODE_PURPOSE_WORDS[issued.purpose]}</dd>
        <dt className="text-zinc-500">Works until</dt>
        <dd>{formatDateTime(issued.expiresAt)}, once</dd>
      </dl>
      <div className="flex items-center gap-4">
        <Button onClick={onAnother}>
          Issue another <ShortcutKey>n</ShortcutKey>
        </Button>
        <Link className={linkClass} to="/terminal-override-code">
          All override codes
        </Link>
      </div>
    </div>
  );
}
