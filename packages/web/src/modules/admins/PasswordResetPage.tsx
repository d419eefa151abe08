import { listAdmins, resetAdminPassword } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { useState } from 'react';
import { client } from '../../app/client';
import { Button } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { useCommandQuery } from '../list/useCommandQuery';

/** Sends an admin a password-reset link and ends their sessions. */
export default function PasswordResetPage() {
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState('');
  const admins = useCommandQuery(listAdmins, { search }, { enabled: search.length >= 2 });
  const reset = (adminId: number, email: string) => {
    if (!window.confirm(`Reset the password of ${email}? Their sessions end now.`)) return;
    client
      .call(resetAdminPassword, { adminId })
      .then((answer) => setMessage(`A reset link was sent to ${answer.email}; it expires ${new Date(answer.expiresAt).toLocaleString('en-NG')}.`))
      .catch((failure: ClientError) => setMessage(failure.userMessage));
  };
  return (
    <div className="max-w-2xl">
      <PageHeader title="Password Reset" description="Find an admin and send them a reset link." />
      <input
        type="search"
        data-page-search
        placeholder="Name or email (2+ characters)"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-3 h-9 w-full rounded-md border border-zinc-300 bg-white px-2.5 dark:border-zinc-700 dark:bg-zinc-900"
      />
      {message ? (
        <p role="status" className="mb-3 rounded-md bg-accent-50 p-2 text-accent-700 dark:bg-accent-950 dark:text-accent-200">
          {message}
        </p>
      ) : null}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {admins.data?.items.map((a) => (
          <li key={a.id} className="flex items-center justify-between py-2">
            <span>
              {a.firstName} {a.lastName} <span className="text-zinc-500">{a.email}</span>
            </span>
            <Button onClick={() => reset(a.id, a.email)}>Send reset link</Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
