import { setPassword } from '@traction/core';
import type { ClientError } from '@traction/core/client';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { client } from '../../app/client';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/** Completes an emailed invitation or reset link (`/reset-password?token=…`). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError('The two passwords differ.');
    setError('');
    client
      .call(setPassword, { token, password })
      .then(() => setDone(true))
      .catch((failure: ClientError) => setError(failure.userMessage));
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="mb-4 text-lg font-semibold">Choose your password</h1>
        {done ? (
          <p>
            Password set.{' '}
            <Link className="text-accent-600 underline dark:text-accent-400" to="/login">
              Sign in
            </Link>
          </p>
        ) : !token ? (
          <p className="text-red-600">This page needs the link from your email.</p>
        ) : (
          <form onSubmit={submit} className="space-y-3">
            <TextField
              label="New password (12 characters or more)"
              type="password"
              autoComplete="new-password"
              minLength={12}
              required
              value={password}
              onChange={(e) => setValue(e.target.value)}
            />
            <TextField label="Repeat it" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            {error ? (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
            <Button type="submit" variant="primary" className="w-full">
              Set password
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
