import { Box, Text, useInput } from 'ink';
import { PromptField } from './PromptField';
import { useEffect, useState } from 'react';

export type PasswordAnswer = { signedIn: true; name: string } | { signedIn: false; message: string };
export type LoginOutcome = { signedIn: true; name: string } | { signedIn: false };

export interface LoginFormProps {
  /** Offered in the email field (the profile's last email). */
  initialEmail?: string;
  /** The server the admin is signing in to, shown in the title. */
  server: string;
  /** Sends email and password: signed in, or the server asks for the emailed code (with its message). */
  onPassword(email: string, password: string): Promise<PasswordAnswer>;
  /** Sends the 4-character code. */
  onCode(email: string, code: string): Promise<{ name: string }>;
  /** Called once, after the last frame is on screen. */
  onDone(outcome: LoginOutcome): void;
}

type Step = 'email' | 'password' | 'code' | 'working' | 'done' | 'cancelled';

/**
 * Sign-in prompts: email, hidden password, and the 4-character device code when the server
 * asks for one. A refused password or code shows the server's message and asks again; Esc or
 * Ctrl+C gives up.
 */
export function LoginForm({ initialEmail = '', server, onPassword, onCode, onDone }: LoginFormProps) {
  const [step, setStep] = useState<Step>(initialEmail ? 'password' : 'email');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [codeMessage, setCodeMessage] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [working, setWorking] = useState<'password' | 'code'>('password');

  useInput((input, key) => {
    if (key.escape || (key.ctrl && input === 'c')) setStep((current) => (current === 'done' ? current : 'cancelled'));
  });

  useEffect(() => {
    if (step === 'done') onDone({ signedIn: true, name });
    if (step === 'cancelled') onDone({ signedIn: false });
  }, [step]);

  const submitEmail = (value: string) => {
    const trimmed = value.trim();
    if (!/^\S+@\S+$/.test(trimmed)) return setError('Enter your email address.');
    setError(undefined);
    setEmail(trimmed);
    setStep('password');
  };

  const submitPassword = (value: string) => {
    if (!value) return setError('Enter your password.');
    setError(undefined);
    setWorking('password');
    setStep('working');
    onPassword(email, value).then(
      (answer) => {
        setPassword('');
        if (answer.signedIn) {
          setName(answer.name);
          setStep('done');
        } else {
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
    setError(undefined);
    setWorking('code');
    setStep('working');
    onCode(email, value.trim()).then(
      (answer) => {
        setName(answer.name);
        setStep('done');
      },
      (failure: Error) => {
        setCode('');
        setError(failure.message);
        setStep('code');
      },
    );
  };

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
      {codeMessage && (step === 'code' || (step === 'working' && working === 'code') || step === 'done') ? <Text>{codeMessage}</Text> : null}
      {step === 'code' ? (
        <Box>
          <Text>Code: </Text>
          <PromptField value={code} onChange={(value) => setCode(value.toUpperCase().slice(0, 4))} onSubmit={submitCode} placeholder="ABCD" />
        </Box>
      ) : null}
      {step === 'working' ? <Text dimColor>{working === 'password' ? 'Checking your password…' : 'Checking the code…'}</Text> : null}
      {error && step !== 'working' ? <Text color="red">{error}</Text> : null}
      {step === 'done' ? <Text color="green">Signed in as {name}.</Text> : null}
      {step === 'cancelled' ? <Text dimColor>Sign-in cancelled.</Text> : null}
      {step === 'email' || step === 'password' || step === 'code' ? <Text dimColor>Enter to continue · Esc to cancel</Text> : null}
    </Box>
  );
}
