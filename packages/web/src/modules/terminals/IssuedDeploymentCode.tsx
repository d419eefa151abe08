import { type DeploymentCodeRow, FIELD_OFFICER_ROLE_WORDS } from '@traction/core';
import { useState } from 'react';
import { useShortcut } from '../keyboard/useShortcut';
import { copyText } from '../transfers/copyText';
import { Button } from '../ui/Button';
import { formatDateTime } from '../ui/formatDateTime';
import { ShortcutKey } from '../ui/ShortcutKey';

/**
 * A deployment code just issued, shown this once: the server keeps only its hash, so leaving the
 * page loses it. Copy (c) puts its digits on the clipboard for a message to the officer.
 */
export function IssuedDeploymentCode({ issued, onDismiss }: { issued: DeploymentCodeRow & { code: string }; onDismiss: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'refused' | null>(null);
  const copy = () =>
    void copyText(issued.code.replace(/\s/g, '')).then(
      () => setCopied('yes'),
      () => setCopied('refused'),
    );
  useShortcut('c', 'Copy the deployment code', copy);
  return (
    <div className="space-y-3" data-issued-deployment-code={issued.id}>
      <div
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      >
        This code will not be shown again: give it to {issued.officerName} now. Only its hash is kept.
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <output aria-label="Deployment code" data-deployment-code className="font-mono text-3xl font-semibold tracking-widest tabular-nums select-all">
          {issued.code}
        </output>
        <Button variant="primary" onClick={copy}>
          Copy <ShortcutKey>c</ShortcutKey>
        </Button>
        <Button onClick={onDismiss}>Done</Button>
        {copied === 'yes' ? <span className="text-sm text-emerald-700 dark:text-emerald-400">Copied.</span> : null}
        {copied === 'refused' ? <span className="text-sm text-red-700 dark:text-red-400">The browser refused the clipboard: copy it by hand.</span> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500">Terminal</dt>
        <dd>
          {issued.terminalName}, to {issued.businessName}
        </dd>
        <dt className="text-zinc-500">Officer</dt>
        <dd>
          {issued.officerName} ({FIELD_OFFICER_ROLE_WORDS[issued.officerRole]}), {issued.officerPhone}
        </dd>
        <dt className="text-zinc-500">Works until</dt>
        <dd>{formatDateTime(issued.expiresAt)}, once</dd>
      </dl>
    </div>
  );
}
