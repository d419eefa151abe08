import { deviceLogin, login } from '@traction/core';
import { STORAGE_KEYS, type ClientError } from '@traction/core/client';
import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { client } from '../../app/client';
import { describeDevice } from '../../app/device';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { sessionUserAtom } from './sessionAtoms';

type SignedIn = Extract<Awaited<ReturnType<typeof client.call<typeof login>>>, { code: 200 }>;

/** Email and password, then the emailed 4-character code when the device is new (spec §6, §8). */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const setUser = useSetAtom(sessionUserAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function finish(answer: SignedIn) {
    client.store.set(STORAGE_KEYS.token, answer.token);
    client.store.set(STORAGE_KEYS.user, JSON.stringify(answer.user));
    client.store.set(STORAGE_KEYS.business, JSON.stringify(answer.business));
    setUser(answer.user);
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== '/login' ? from : '/quick-access', { replace: true });
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError((failure as ClientError).userMessage ?? 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await client.call(login, { email, password, device: describeDevice(client.deviceId) });
      if (answer.code === 200) return finish(answer);
      setNotice(answer.message);
      setStep('code');
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: the code is valid only if exactly 4 characters; nothing else is sent.
    if (code.trim().length !== 4) {
      setError('The code has exactly 4 characters.');
      return;
    }
    void run(async () => finish(await client.call(deviceLogin, { email, code: code.trim().toUpperCase(), device: describeDevice(client.deviceId) })));
  };

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-lg font-semibold">Traction Admin</h1>
        <p className="mb-5 text-zinc-500 dark:text-zinc-400">{step === 'password' ? 'Sign in to the back office' : notice}</p>
        {step === 'password' ? (
          <form key="password" onSubmit={submitPassword} className="space-y-3" aria-label="Sign in">
            <TextField label="Email" type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            {error ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        ) : (
          <form key="code" onSubmit={submitCode} className="space-y-3" aria-label="Device code">
            <TextField
              label="4-character code"
              autoComplete="one-time-code"
              autoFocus
              required
              maxLength={4}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
            />
            {error ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm device'}
            </Button>
            <Button variant="ghost" className="w-full" onClick={() => setStep('password')}>
              Back
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
