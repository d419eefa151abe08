import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { inputReady, tick, waitFor } from '../test/wait-for';
import { LoginForm, type LoginOutcome } from './LoginForm';

const ENTER = '\r';
const ESCAPE = '\u001B';

async function type(stdin: { write(data: string): void; listenerCount(event: string): number }, text: string) {
  await inputReady(stdin);
  // A field that has just appeared subscribes to keys in an effect: give it that moment.
  await tick();
  stdin.write(text);
  await tick();
}

describe('LoginForm', () => {
  it('asks for the email, then the password without showing it, then the emailed code', async () => {
    const onPassword = vi.fn(async () => ({ signedIn: false as const, message: 'Enter the 4-character code sent to a•••@traction.ng.' }));
    const onCode = vi.fn(async () => ({ name: 'Ada Obi <ada@traction.ng>' }));
    const onDone = vi.fn<(outcome: LoginOutcome) => void>();
    const { stdin, lastFrame } = render(<LoginForm server="http://localhost:8090" onPassword={onPassword} onCode={onCode} onDone={onDone} />);
    expect(lastFrame()).toContain('Sign in to http://localhost:8090');
    expect(lastFrame()).toContain('Email:');

    await type(stdin, 'ada@traction.ng');
    await waitFor(() => expect(lastFrame()).toContain('Email: ada@traction.ng'));
    await type(stdin, ENTER);
    await waitFor(() => expect(lastFrame()).toContain('Password:'));
    await type(stdin, 'correct-horse');
    await waitFor(() => expect(lastFrame()).toContain('Password: *************'));
    expect(lastFrame()).not.toContain('correct-horse');
    await type(stdin, ENTER);
    await waitFor(() => expect(onPassword).toHaveBeenCalledWith('ada@traction.ng', 'correct-horse'));

    await waitFor(() => expect(lastFrame()).toContain('Code:'));
    expect(lastFrame()).toContain('Enter the 4-character code sent to a•••@traction.ng.');
    await type(stdin, 'k7pq');
    await waitFor(() => expect(lastFrame()).toContain('Code: K7PQ'));
    await type(stdin, ENTER);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('ada@traction.ng', 'K7PQ'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: true, name: 'Ada Obi <ada@traction.ng>' }));
    expect(lastFrame()).toContain('Signed in as Ada Obi <ada@traction.ng>.');
  });

  it('shows a refused password and asks again, starting from the saved email', async () => {
    let calls = 0;
    const onPassword = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('Email or password is incorrect.');
      return { signedIn: true as const, name: 'Ada Obi' };
    });
    const onDone = vi.fn();
    const { stdin, lastFrame } = render(
      <LoginForm initialEmail="ada@traction.ng" server="http://x" onPassword={onPassword} onCode={vi.fn()} onDone={onDone} />,
    );
    expect(lastFrame()).toContain('Email: ada@traction.ng');
    await type(stdin, 'wrong');
    await waitFor(() => expect(lastFrame()).toContain('Password: *****'));
    await type(stdin, ENTER);
    await waitFor(() => expect(lastFrame()).toContain('Email or password is incorrect.'));
    expect(lastFrame()).toMatch(/^Password:$/m);
    await type(stdin, 'right');
    await waitFor(() => expect(lastFrame()).toContain('Password: *****'));
    await type(stdin, ENTER);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: true, name: 'Ada Obi' }));
    expect(onPassword).toHaveBeenLastCalledWith('ada@traction.ng', 'right');
  });

  it('submits at a line break in pasted text', async () => {
    const onPassword = vi.fn(async () => ({ signedIn: true as const, name: 'Ada' }));
    const { stdin } = render(<LoginForm initialEmail="ada@traction.ng" server="http://x" onPassword={onPassword} onCode={vi.fn()} onDone={vi.fn()} />);
    await type(stdin, 'pasted-secret\r');
    await waitFor(() => expect(onPassword).toHaveBeenCalledWith('ada@traction.ng', 'pasted-secret'));
  });

  it('refuses a code that is not 4 characters without sending it', async () => {
    const onCode = vi.fn();
    const { stdin, lastFrame } = render(
      <LoginForm
        initialEmail="ada@traction.ng"
        server="http://x"
        onPassword={async () => ({ signedIn: false, message: 'Code sent.' })}
        onCode={onCode}
        onDone={vi.fn()}
      />,
    );
    await type(stdin, 'pw');
    await waitFor(() => expect(lastFrame()).toContain('Password: **'));
    await type(stdin, ENTER);
    await waitFor(() => expect(lastFrame()).toContain('Code:'));
    await type(stdin, 'AB');
    await waitFor(() => expect(lastFrame()).toContain('Code: AB'));
    await type(stdin, ENTER);
    await waitFor(() => expect(lastFrame()).toContain('The code has 4 characters.'));
    expect(onCode).not.toHaveBeenCalled();
  });

  it('gives up on Esc', async () => {
    const onDone = vi.fn();
    const { stdin, lastFrame } = render(<LoginForm server="http://x" onPassword={vi.fn()} onCode={vi.fn()} onDone={onDone} />);
    await type(stdin, ESCAPE);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: false }));
    expect(lastFrame()).toContain('Sign-in cancelled.');
  });
});
