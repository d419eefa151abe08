import { unsubscribe } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { client } from '../../app/client';
import { Button } from '../ui/Button';

/**
 * Where the link at the end of every broadcast message leads (`/unsubscribe?t=…`, no sign-in). It
 * asks before it unsubscribes — the link's GET changes nothing, so a mail scanner opening links
 * unsubscribes nobody — and then says only what the server says.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    client
      .call(unsubscribe, { token })
      .then((answer) => setDone(answer.message))
      .catch((failure: ClientError) => setError(failure.userMessage))
      .finally(() => setBusy(false));
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4" data-page="unsubscribe">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-lg font-semibold">Stop messages from Traction</h1>
        {done ? (
          <p role="status">{done}</p>
        ) : !token ? (
          <p className="text-red-600">This page needs the link from your message.</p>
        ) : (
          <form onSubmit={submit} className="space-y-3">
            <p>You will get no more broadcast messages from Traction at the address this link came to.</p>
            {error ? (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              Unsubscribe
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
