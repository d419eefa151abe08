// @vitest-environment happy-dom
import type { AnyCommand, SessionUser } from '@traction/core';
import { ClientError } from '@traction/core/client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';
import { createStore } from 'jotai';
import { sessionEndedAtom, sessionUserAtom } from './sessionAtoms';
import { sessionEndedMessage } from './sessionEndedMessage';
import { renderWithSession } from '../../test/renderWithSession';

/** The server, played per command id; each test says what each command answers. */
const answers = new Map<string, (input: Record<string, unknown>) => unknown>();
const call = vi.fn(async (command: AnyCommand, input: Record<string, unknown>) => {
  const answer = answers.get(command.id);
  if (!answer) throw new Error(`unexpected call to ${command.id}`);
  return answer(input);
});
const stored = new Map<string, string>();
vi.mock('../../app/client', () => ({
  client: {
    call: (command: AnyCommand, input: Record<string, unknown>) => call(command, input),
    deviceId: 'dev-test',
    store: {
      get: (key: string) => stored.get(key) ?? null,
      set: (key: string, value: string) => stored.set(key, value),
      remove: (key: string) => stored.delete(key),
    },
  },
}));

const EMAIL = 'root@traction.ng';
const GENERATED = 'Gx7-generated-9Qw';
const CHOSEN = 'my own long passphrase';
const CHANGE_MESSAGE = 'Choose your own password before you go on: the one you used was generated for the first start.';
const user = { id: 1, email: EMAIL, firstName: 'Super', lastName: 'Admin', role: 'super_admin', permissions: [] } as unknown as SessionUser;
const signedIn = {
  code: 200,
  message: 'Signed in',
  token: 'tra_session',
  expiresAt: '2026-11-21T09:00:00.000Z',
  user,
  business: { name: 'Traction', country: 'NG', currency: 'NGN' },
};
const changePassword = (token = 'pwd_first-change-token-0001') => ({
  code: 'change-password',
  message: CHANGE_MESSAGE,
  email: EMAIL,
  token,
  expiresAt: '2026-11-20T09:15:00.000Z',
});
const refused = (status: number, message: string, details?: Record<string, unknown>) =>
  new ClientError('rejected', status, 'POST', '/v1/admin/password/set', { code: String(status) as '400', message, ...(details ? { details } : {}) });

/** Signs in with the new password only; the generated one asks for a change. */
function playServer() {
  let current = GENERATED;
  answers.set('auth.login', ({ password }) => {
    if (password !== current)
      throw new ClientError('rejected', 401, 'POST', '/v1/auth/admin/login', { code: '401', message: 'Email or password is incorrect.' });
    return current === GENERATED ? changePassword() : signedIn;
  });
  answers.set('auth.password.set', ({ password }) => {
    current = password as string;
    return { ok: true, message: 'Password set. Sign in with your new password.' };
  });
}

beforeEach(() => {
  call.mockClear();
  answers.clear();
  stored.clear();
});
afterEach(cleanup);

function renderLogin(store = createStore()) {
  return renderWithSession(<LoginPage />, {
    store,
    user: null,
    url: '/login',
    path: '/login',
    routes: { '/quick-access': <p data-page="quick-access">Quick Access</p> },
  }).store;
}

const newPasswordField = () => screen.getByLabelText(/^New password/);
const repeatField = () => screen.getByLabelText(/^Repeat the new password/);
const callsOf = (id: string) => call.mock.calls.filter(([command]) => command.id === id).map(([, input]) => input);

async function signInWithGenerated(keyboard: ReturnType<typeof userEvent.setup>) {
  await keyboard.keyboard(EMAIL);
  await keyboard.tab();
  await keyboard.keyboard(`${GENERATED}{Enter}`);
  await screen.findByRole('form', { name: 'Choose your own password' });
}

describe('LoginPage: a password that must be changed', () => {
  it('asks for a new password after the password step, sets it with the token and signs in with it, all from the keyboard', async () => {
    playServer();
    const keyboard = userEvent.setup();
    const store = renderLogin();
    await signInWithGenerated(keyboard);

    expect(screen.getByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(screen.getByText(CHANGE_MESSAGE)).toBeTruthy();
    expect(document.activeElement).toBe(newPasswordField());
    expect(stored.get('traction.token')).toBeUndefined();

    await keyboard.keyboard(CHOSEN);
    await keyboard.tab();
    await keyboard.keyboard(`${CHOSEN}{Enter}`);

    await screen.findByText('Quick Access');
    expect(callsOf('auth.password.set')).toEqual([{ token: 'pwd_first-change-token-0001', password: CHOSEN }]);
    expect(callsOf('auth.login').map((input) => input.password)).toEqual([GENERATED, CHOSEN]);
    expect(stored.get('traction.token')).toBe('tra_session');
    expect(store.get(sessionUserAtom)?.email).toBe(EMAIL);
  });

  it('asks for it after the device code step too', async () => {
    answers.set('auth.login', ({ password }) =>
      password === GENERATED ? { code: 'secret', message: 'Enter the 4-character code sent to r•••@traction.ng.', email: EMAIL } : signedIn,
    );
    answers.set('auth.device-login', () => changePassword('pwd_after-the-code-00001'));
    answers.set('auth.password.set', () => ({ ok: true, message: 'Password set.' }));
    const keyboard = userEvent.setup();
    renderLogin();
    await keyboard.keyboard(EMAIL);
    await keyboard.tab();
    await keyboard.keyboard(`${GENERATED}{Enter}`);
    await screen.findByLabelText('4-character code');
    await keyboard.keyboard('k7pq{Enter}');

    await screen.findByRole('form', { name: 'Choose your own password' });
    expect(screen.getByText(CHANGE_MESSAGE)).toBeTruthy();
    await keyboard.keyboard(CHOSEN);
    await keyboard.tab();
    await keyboard.keyboard(`${CHOSEN}{Enter}`);
    await screen.findByText('Quick Access');
    expect(callsOf('auth.device-login')).toMatchObject([{ email: EMAIL, code: 'K7PQ' }]);
    expect(callsOf('auth.password.set')).toEqual([{ token: 'pwd_after-the-code-00001', password: CHOSEN }]);
  });

  it('checks length and the repeat before sending, and shows the server refusal under the field', async () => {
    playServer();
    answers.set('auth.password.set', () => {
      throw refused(400, 'Choose a password that does not contain your email name', {
        fields: [{ field: 'password', message: 'must not contain your email name' }],
      });
    });
    const keyboard = userEvent.setup();
    renderLogin();
    await signInWithGenerated(keyboard);

    await keyboard.keyboard('short{Enter}');
    await waitFor(() => expect(newPasswordField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('must be at least 12 characters');
    expect(document.activeElement).toBe(newPasswordField());

    // The refused text is selected: typing replaces it.
    await keyboard.keyboard(CHOSEN);
    expect((newPasswordField() as HTMLInputElement).value).toBe(CHOSEN);
    await keyboard.tab();
    await keyboard.keyboard('something else entirely{Enter}');
    await waitFor(() => expect(repeatField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('does not match the new password');
    expect(document.activeElement).toBe(repeatField());
    expect(callsOf('auth.password.set')).toEqual([]);

    await keyboard.keyboard(`${CHOSEN}{Enter}`);
    await waitFor(() => expect(newPasswordField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('must not contain your email name');
    expect(document.activeElement).toBe(newPasswordField());
    expect(callsOf('auth.password.set')).toEqual([{ token: 'pwd_first-change-token-0001', password: CHOSEN }]);
    expect(screen.queryByText('Quick Access')).toBeNull();
  });

  it('goes back to the password step with the reason when the token was used meanwhile', async () => {
    playServer();
    const usedMessage = 'This link has already been used, so this password was not set. Sign in, or ask an administrator for a new link.';
    answers.set('auth.password.set', () => {
      throw refused(410, usedMessage, { reason: 'link_used' });
    });
    const keyboard = userEvent.setup();
    renderLogin();
    await signInWithGenerated(keyboard);
    await keyboard.keyboard(CHOSEN);
    await keyboard.tab();
    await keyboard.keyboard(`${CHOSEN}{Enter}`);

    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.getByRole('alert').textContent).toBe(usedMessage);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(EMAIL);
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });

  it('shows a sign-in refused because an administrator reset the password', async () => {
    const message =
      'An administrator reset your password, so it no longer signs in. Choose a new one with the link emailed to you, or ask an administrator for a new link.';
    answers.set('auth.login', () => {
      throw new ClientError('rejected', 401, 'POST', '/v1/auth/admin/login', { code: '401', message, details: { reason: 'password_reset_pending' } });
    });
    const keyboard = userEvent.setup();
    renderLogin();
    await keyboard.keyboard(EMAIL);
    await keyboard.tab();
    await keyboard.keyboard('the old password{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('LoginPage: a session the server ended', () => {
  it.each([
    ['session_idle', /not used for a while/],
    ['session_expired', /reached its time limit/],
    ['session_revoked', /signed out in another tab, or an administrator changed your role/],
    ['session_unknown', /^Your session has ended\. Sign in again/],
  ])('says why (%s) above the form, and forgets it once signed in', async (reason, words) => {
    answers.set('auth.login', () => signedIn);
    const store = createStore();
    store.set(sessionEndedAtom, sessionEndedMessage(reason));
    renderLogin(store);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toMatch(words);

    const keyboard = userEvent.setup();
    await keyboard.keyboard(EMAIL);
    await keyboard.tab();
    await keyboard.keyboard('the right password{Enter}');
    await screen.findByText('Quick Access');
    expect(store.get(sessionEndedAtom)).toBeNull();
  });

  it('says nothing about a session when the admin signed out themselves', () => {
    renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Sign in to the back office')).toBeTruthy();
  });
});
