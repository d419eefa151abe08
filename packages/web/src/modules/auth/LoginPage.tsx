import { deviceLogin, login, password as passwordRule, setPassword as setPasswordCommand } from '@traction/core';
import { STORAGE_KEYS, type ClientError } from '@traction/core/client';
import { useAtom, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { client } from '../../app/client';
import { describeDevice } from '../../app/device';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { sessionEndedAtom, sessionUserAtom } from './sessionAtoms';

type LoginAnswer = Awaited<ReturnType<typeof client.call<typeof login>>>;
type DeviceLoginAnswer = Awaited<ReturnType<typeof client.call<typeof deviceLogin>>>;
type SignedIn = Extract<LoginAnswer, { code: 200 }>;

type Step = 'password' | 'code' | 'change-password';

/** Errors shown under the fields of the change-password step. */
interface NewPasswordErrors {
  password?: string;
  repeat?: string;
}

/**
 * Email and password, then the emailed 4-character code when the device is new (spec §6, §8),
 * then — when the password was generated for the first start — a new password of the admin's own
 * choosing, after which the console signs in with it.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const setUser = useSetAtom(sessionUserAtom);
  // Why the server signed this admin out, when it did: said above the form until they are back in.
  const [ended, setEnded] = useAtom(sessionEndedAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [changeToken, setChangeToken] = useState('');
  const [newPasswordErrors, setNewPasswordErrors] = useState<NewPasswordErrors>({});
  const [step, setStep] = useState<Step>('password');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function finish(answer: SignedIn) {
    client.store.set(STORAGE_KEYS.token, answer.token);
    client.store.set(STORAGE_KEYS.user, JSON.stringify(answer.user));
    client.store.set(STORAGE_KEYS.business, JSON.stringify(answer.business));
    setUser(answer.user);
    setEnded(null);
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== '/login' ? from : '/quick-access', { replace: true });
  }

  /** Goes where the server's answer says: signed in, the emailed code, or a password to choose. */
  function follow(answer: LoginAnswer | DeviceLoginAnswer) {
    if (answer.code === 200) return finish(answer);
    setNotice(answer.message);
    if (answer.code === 'secret') return setStep('code');
    setChangeToken(answer.token);
    setNewPassword('');
    setRepeat('');
    setNewPasswordErrors({});
    setStep('change-password');
  }

  /** Back to email and password, saying why (the change-password token is spent or expired). */
  function startOver(message: string) {
    setPassword('');
    setCode('');
    setChangeToken('');
    setError(message);
    setStep('password');
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
    void run(async () => follow(await client.call(login, { email, password, device: describeDevice(client.deviceId) })));
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: the code is valid only if exactly 4 characters; nothing else is sent.
    if (code.trim().length !== 4) {
      setError('The code has exactly 4 characters.');
      return;
    }
    void run(async () => follow(await client.call(deviceLogin, { email, code: code.trim().toUpperCase(), device: describeDevice(client.deviceId) })));
  };

  const submitNewPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Keyboard-first: a refused field takes the focus with its text selected, ready to retype.
    const focusField = (name: keyof NewPasswordErrors) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      }
    };
    // The contract's own rule (12–128 characters), checked here so a short one is never sent.
    const checked = passwordRule.safeParse(newPassword);
    const errors: NewPasswordErrors = checked.success
      ? repeat === newPassword
        ? {}
        : { repeat: 'does not match the new password' }
      : { password: checked.error.issues[0]?.message ?? 'is not a valid password' };
    setNewPasswordErrors(errors);
    if (errors.password) return focusField('password');
    if (errors.repeat) return focusField('repeat');
    void run(async () => {
      try {
        await client.call(setPasswordCommand, { token: changeToken, password: newPassword });
      } catch (failure) {
        const refused = failure as ClientError;
        const fields = refused.details?.fields ?? [];
        // 410: another request used the token meanwhile; a `token` issue: its 15 minutes ran out.
        if (refused.status === 410 || fields.some((issue) => issue.field === 'token')) {
          return startOver(
            refused.status === 410 ? refused.userMessage : 'The time to choose a new password ran out. Sign in again with your current password.',
          );
        }
        const passwordIssue = fields.find((issue) => issue.field === 'password');
        if (passwordIssue) {
          setNewPasswordErrors({ password: passwordIssue.message });
          return focusField('password');
        }
        throw failure;
      }
      // The old password signs in no more: should the next call fail, the form retries with the new one.
      setPassword(newPassword);
      follow(await client.call(login, { email, password: newPassword, device: describeDevice(client.deviceId) }));
    });
  };

  const intro = step === 'password' ? 'Sign in to the back office' : notice;

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-lg font-semibold">{step === 'change-password' ? 'Choose your own password' : 'Traction Admin'}</h1>
        <p data-login-notice className="mb-5 text-zinc-500 dark:text-zinc-400">
          {intro}
        </p>
        {step === 'password' && ended ? (
          <p role="status" data-session-ended className="mb-4 rounded-md bg-amber-50 p-2.5 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
            {ended}
          </p>
        ) : null}
        {step === 'password' ? (
          <form key="password" onSubmit={submitPassword} className="space-y-3" aria-label="Sign in">
            <TextField label="Email" type="email" autoComplete="username" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <StepError message={error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        ) : step === 'code' ? (
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
            <StepError message={error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm device'}
            </Button>
            <Button variant="ghost" className="w-full" onClick={() => setStep('password')}>
              Back
            </Button>
          </form>
        ) : (
          <form key="change-password" onSubmit={submitNewPassword} className="space-y-3" aria-label="Choose your own password" noValidate>
            {/* Lets a password manager file the new password under the right account. */}
            <input type="email" autoComplete="username" value={email} readOnly hidden />
            <TextField
              label="New password (12 characters or more)"
              name="password"
              type="password"
              autoComplete="new-password"
              autoFocus
              required
              value={newPassword}
              error={newPasswordErrors.password}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <TextField
              label="Repeat the new password"
              name="repeat"
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              error={newPasswordErrors.repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
            <StepError message={error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? 'Saving…' : 'Set password and sign in'}
            </Button>
            <Button variant="ghost" className="w-full" onClick={() => startOver('')}>
              Back
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}

/** What went wrong with the step on screen, read out as it appears. */
function StepError({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}
