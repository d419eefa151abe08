import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { inputReady, tick, waitFor } from '../test/wait-for';
import { LoginForm, type LoginFormProps, type LoginOutcome } from './LoginForm';

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
    const { stdin, lastFrame } = render(
      <LoginForm server="http://localhost:8090" onPassword={onPassword} onCode={onCode} onNewPassword={vi.fn()} onDone={onDone} />,
    );
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
      <LoginForm initialEmail="ada@traction.ng" server="http://x" onPassword={onPassword} onCode={vi.fn()} onNewPassword={vi.fn()} onDone={onDone} />,
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
    const { stdin } = render(
      <LoginForm initialEmail="ada@traction.ng" server="http://x" onPassword={onPassword} onCode={vi.fn()} onNewPassword={vi.fn()} onDone={vi.fn()} />,
    );
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
        onNewPassword={vi.fn()}
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
    const { stdin, lastFrame } = render(<LoginForm server="http://x" onPassword={vi.fn()} onCode={vi.fn()} onNewPassword={vi.fn()} onDone={onDone} />);
    await type(stdin, ESCAPE);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: false }));
    expect(lastFrame()).toContain('Sign-in cancelled.');
  });
  describe('a password that must be changed first', () => {
    const CHANGE = 'Choose your own password before you go on: the one you used was generated for the first start.';
    const NEW = 'a passphrase of my own';

    async function reachNewPassword(props: Partial<LoginFormProps> = {}) {
      const onDone = vi.fn<(outcome: LoginOutcome) => void>();
      const view = render(
        <LoginForm
          initialEmail="root@traction.ng"
          server="http://x"
          onPassword={async () => ({ signedIn: false, mustChangePassword: true, message: CHANGE })}
          onCode={vi.fn()}
          onNewPassword={vi.fn()}
          onDone={onDone}
          {...props}
        />,
      );
      await type(view.stdin, 'generated-pw');
      await waitFor(() => expect(view.lastFrame()).toContain('Password: ************'));
      await type(view.stdin, ENTER);
      await waitFor(() => expect(view.lastFrame()).toContain('New password (12+ characters):'));
      return { ...view, onDone };
    }

    it('asks for a new password twice without showing it, then signs in with it', async () => {
      const onNewPassword = vi.fn(async () => ({ signedIn: true as const, name: 'Super Admin <root@traction.ng>' }));
      const { stdin, lastFrame, onDone } = await reachNewPassword({ onNewPassword });
      expect(lastFrame()).toContain(CHANGE);
      await type(stdin, NEW);
      await waitFor(() => expect(lastFrame()).toContain(`New password (12+ characters): ${'*'.repeat(NEW.length)}`));
      await type(stdin, ENTER);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: true, name: 'Super Admin <root@traction.ng>' }));
      expect(onNewPassword).toHaveBeenCalledWith('root@traction.ng', NEW);
      expect(lastFrame()).toContain('Password changed.');
      expect(lastFrame()).toContain('Signed in as Super Admin <root@traction.ng>.');
      expect(lastFrame()).not.toContain(NEW);
    });

    it('asks after the device code too', async () => {
      const onNewPassword = vi.fn(async () => ({ signedIn: true as const, name: 'Root' }));
      const onDone = vi.fn();
      const { stdin, lastFrame } = render(
        <LoginForm
          initialEmail="root@traction.ng"
          server="http://x"
          onPassword={async () => ({ signedIn: false, message: 'Code sent.' })}
          onCode={async () => ({ mustChangePassword: true, message: CHANGE })}
          onNewPassword={onNewPassword}
          onDone={onDone}
        />,
      );
      await type(stdin, `generated-pw${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Code:'));
      await type(stdin, `K7PQ${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain(CHANGE));
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: true, name: 'Root' }));
      expect(onNewPassword).toHaveBeenCalledWith('root@traction.ng', NEW);
    });

    it('refuses a short password and two that differ without sending them, and asks again after a refusal', async () => {
      let calls = 0;
      const onNewPassword = vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new Error('Choose a password that does not contain your email name');
        return { signedIn: true as const, name: 'Root' };
      });
      const { stdin, lastFrame, onDone } = await reachNewPassword({ onNewPassword });
      await type(stdin, `too-short${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('The new password must be at least 12 characters.'));
      expect(lastFrame()).not.toContain('Repeat the new password:');

      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `another one entirely${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('The two passwords differ. Type the new password again.'));
      expect(lastFrame()).toMatch(/^New password \(12\+ characters\):$/m);
      expect(onNewPassword).not.toHaveBeenCalled();

      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Choose a password that does not contain your email name'));
      expect(lastFrame()).toMatch(/^New password \(12\+ characters\):$/m);

      await type(stdin, `${NEW}!${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `${NEW}!${ENTER}`);
      await waitFor(() => expect(onDone).toHaveBeenCalledWith({ signedIn: true, name: 'Root' }));
      expect(onNewPassword).toHaveBeenLastCalledWith('root@traction.ng', `${NEW}!`);
    });

    it('starts over from the password when the change can no longer be made', async () => {
      const onNewPassword = vi.fn(async () => ({ signedIn: false as const, message: 'This link has already been used, so this password was not set.' }));
      const { stdin, lastFrame } = await reachNewPassword({ onNewPassword });
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('Repeat the new password:'));
      await type(stdin, `${NEW}${ENTER}`);
      await waitFor(() => expect(lastFrame()).toContain('This link has already been used, so this password was not set.'));
      expect(lastFrame()).toMatch(/^Password:$/m);
      expect(lastFrame()).not.toContain('New password');
    });
  });
});
