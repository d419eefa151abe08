import { password as passwordRule } from '@traction/core';
import { Box, Text, useInput } from 'ink';
import { PromptField } from './PromptField';
import { useEffect, useState } from 'react';

export type PasswordAnswer =
  | { signedIn: true; name: string }
  /** A new device: the server emailed a code; its message says where. */
  | { signedIn: false; message: string; mustChangePassword?: false }
  /** The password was right but must be changed before it signs in; the message says why. */
  | { signedIn: false; message: string; mustChangePassword: true };
export type CodeAnswer = { name: string } | { mustChangePassword: true; message: string };
/** Signed in with the new password, or (the change could not be made any more) start over with the message. */
export type NewPasswordAnswer = { signedIn: true; name: string } | { signedIn: false; message: string };
export type LoginOutcome = { signedIn: true; name: string } | { signedIn: false };

export interface LoginFormProps {
  /** Offered in the email field (the profile's last email). */
  initialEmail?: string;
  /** The server the admin is signing in to, shown in the title. */
  server: string;
  /** Sends email and password: signed in, or the server asks for the emailed code or a new password (with its message). */
  onPassword(email: string, password: string): Promise<PasswordAnswer>;
  /** Sends the 4-character code: signed in, or the server asks for a new password. */
  onCode(email: string, code: string): Promise<CodeAnswer>;
  /** Sets the new password (typed twice, 12 characters or more) and signs in with it. Throws when the server refuses it. */
  onNewPassword(email: string, password: string): Promise<NewPasswordAnswer>;
  /** Called once, after the last frame is on screen. */
  onDone(outcome: LoginOutcome): void;
}

type Step = 'email' | 'password' | 'code' | 'new-password' | 'repeat-password' | 'working' | 'done' | 'cancelled';
type Work = 'password' | 'code' | 'new-password';

const WORKING: Record<Work, string> = {
  password: 'Checking your password…',
  code: 'Checking the code…',
  'new-password': 'Setting your new password…',
};

/**
 * Sign-in prompts: email, hidden password, the 4-character device code when the server asks for
 * one, and a new password typed twice when the one used must be changed (the generated first
 * password). A refused answer shows the server's message and asks again; Esc or Ctrl+C gives up.
 */
export function LoginForm({ initialEmail = '', server, onPassword, onCode, onNewPassword, onDone }: LoginFormProps) {
  const [step, setStep] = useState<Step>(initialEmail ? 'password' : 'email');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [codeMessage, setCodeMessage] = useState<string | undefined>();
  const [changeMessage, setChangeMessage] = useState<string | undefined>();
  const [passwordChanged, setPasswordChanged] = useState(false);
  const [name, setName] = useState('');
  const [working, setWorking] = useState<Work>('password');

  useInput((input, key) => {
    if (key.escape || (key.ctrl && input === 'c')) setStep((current) => (current === 'done' ? current : 'cancelled'));
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: report once, when the step ends the form; the name is settled by then and onDone may be a new function on each render.
  useEffect(() => {
    if (step === 'done') onDone({ signedIn: true, name });
    if (step === 'cancelled') onDone({ signedIn: false });
  }, [step]);

  const start = (work: Work) => {
    setError(undefined);
    setWorking(work);
    setStep('working');
  };

  const signedIn = (who: string) => {
    setName(who);
    setStep('done');
  };

  const askNewPassword = (message: string) => {
    setChangeMessage(message);
    setNewPassword('');
    setRepeat('');
    setStep('new-password');
  };

  const submitEmail = (value: string) => {
    const trimmed = value.trim();
    if (!/^\S+@\S+$/.test(trimmed)) return setError('Enter your email address.');
    setError(undefined);
    setEmail(trimmed);
    setStep('password');
  };

  const submitPassword = (value: string) => {
    if (!value) return setError('Enter your password.');
    start('password');
    onPassword(email, value).then(
      (answer) => {
        setPassword('');
        if (answer.signedIn) signedIn(answer.name);
        else if (answer.mustChangePassword) askNewPassword(answer.message);
        else {
          setCodeMessage(answer.message);
          setStep('code');
        }
      },
      (failure: Error) => {
        setPassword('');
        setError(failure.message);
        setStep('password');
      },
    );
  };

  const submitCode = (value: string) => {
    if (value.trim().length !== 4) return setError('The code has 4 characters.');
    start('code');
    onCode(email, value.trim()).then(
      (answer) => {
        if ('mustChangePassword' in answer) askNewPassword(answer.message);
        else signedIn(answer.name);
      },
      (failure: Error) => {
        setCode('');
        setError(failure.message);
        setStep('code');
      },
    );
  };

  const submitNewPassword = (value: string) => {
    // The contract's own rule (12–128 characters), checked here so a short one is never sent.
    const checked = passwordRule.safeParse(value);
    if (!checked.success) return setError(`The new password ${checked.error.issues[0]?.message ?? 'is not valid'}.`);
    setError(undefined);
    setStep('repeat-password');
  };

  const submitRepeat = (value: string) => {
    if (value !== newPassword) {
      setNewPassword('');
      setRepeat('');
      setError('The two passwords differ. Type the new password again.');
      return setStep('new-password');
    }
    start('new-password');
    onNewPassword(email, newPassword).then(
      (answer) => {
        setNewPassword('');
        setRepeat('');
        if (answer.signedIn) {
          setPasswordChanged(true);
          return signedIn(answer.name);
        }
        // The change's token is spent or expired: sign in again with the current password.
        setChangeMessage(undefined);
        setError(answer.message);
        setStep('password');
      },
      (failure: Error) => {
        setNewPassword('');
        setRepeat('');
        setError(failure.message);
        setStep('new-password');
      },
    );
  };

  const changing = step === 'new-password' || step === 'repeat-password' || (step === 'working' && working === 'new-password');

  return (
    <Box flexDirection="column">
      <Text bold>Sign in to {server}</Text>
      {step === 'email' ? (
        <Box>
          <Text>Email: </Text>
          <PromptField value={email} onChange={setEmail} onSubmit={submitEmail} placeholder="you@traction.ng" />
        </Box>
      ) : (
        <Text>
          Email: <Text color="cyan">{email}</Text>
        </Text>
      )}
      {step === 'password' ? (
        <Box>
          <Text>Password: </Text>
          <PromptField value={password} onChange={setPassword} onSubmit={submitPassword} mask="*" />
        </Box>
      ) : null}
      {codeMessage && (step === 'code' || (step === 'working' && working === 'code') || (step === 'done' && !passwordChanged)) ? (
        <Text>{codeMessage}</Text>
      ) : null}
      {step === 'code' ? (
        <Box>
          <Text>Code: </Text>
          <PromptField value={code} onChange={(value) => setCode(value.toUpperCase().slice(0, 4))} onSubmit={submitCode} placeholder="ABCD" />
        </Box>
      ) : null}
      {changing && changeMessage ? <Text color="yellow">{changeMessage}</Text> : null}
      {step === 'new-password' ? (
        <Box>
          <Text>New password (12+ characters): </Text>
          <PromptField value={newPassword} onChange={setNewPassword} onSubmit={submitNewPassword} mask="*" />
        </Box>
      ) : changing ? (
        <Text>New password (12+ characters): {'*'.repeat(newPassword.length)}</Text>
      ) : null}
      {step === 'repeat-password' ? (
        <Box>
          <Text>Repeat the new password: </Text>
          <PromptField value={repeat} onChange={setRepeat} onSubmit={submitRepeat} mask="*" />
        </Box>
      ) : null}
      {step === 'working' ? <Text dimColor>{WORKING[working]}</Text> : null}
      {error && step !== 'working' ? <Text color="red">{error}</Text> : null}
      {step === 'done' && passwordChanged ? <Text color="green">Password changed.</Text> : null}
      {step === 'done' ? <Text color="green">Signed in as {name}.</Text> : null}
      {step === 'cancelled' ? <Text dimColor>Sign-in cancelled.</Text> : null}
      {step === 'email' || step === 'password' || step === 'code' || step === 'new-password' || step === 'repeat-password' ? (
        <Text dimColor>Enter to continue · Esc to cancel</Text>
      ) : null}
    </Box>
  );
}
