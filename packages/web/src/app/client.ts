import { clearSession, createClient, type ClientError, type KeyValueStore } from '@traction/core/client';
import { appStore } from './appStore';
import { deviceModalOpenAtom, sessionEndedAtom, sessionUserAtom } from '../modules/auth/sessionAtoms';
import { sessionEndedMessage } from '../modules/auth/sessionEndedMessage';
import { navigate } from './navigation';

const browserStore: KeyValueStore = {
  get: (key) => localStorage.getItem(key),
  set: (key, value) => localStorage.setItem(key, value),
  remove: (key) => localStorage.removeItem(key),
};

/** Spec §8: what the console does with each failure, in one place (also told of calls made outside the client, such as uploads with progress). */
export function reportClientFailure(error: ClientError): void {
  switch (error.kind) {
    case 'session-expired':
      appStore.set(sessionEndedAtom, sessionEndedMessage(error.details?.reason));
      appStore.set(sessionUserAtom, null);
      if (location.pathname !== '/login') navigate('/login');
      break;
    case 'device-not-recognized':
      appStore.set(deviceModalOpenAtom, true);
      break;
    case 'no-permission':
      navigate('/no-permission');
      break;
    case 'server-error':
      // Spec §8 sends HTTP 500 to the error page. A 502/504 that carries the server's own message
      // (a bank or mail service failed or did not answer; nothing was changed) is shown where it
      // happened, so the admin can read it and try again.
      if (error.status !== 500 && error.body?.message) break;
      navigate('/error');
      break;
    case 'not-found':
      console.warn(error.message);
      break;
    default:
      break;
  }
}

/** The console's API client: same origin, token and device id in localStorage. */
export const client = createClient({ baseURL: location.origin, store: browserStore, onFailure: reportClientFailure });

/**
 * Logout clears all local storage (spec §2), then Login — as a fresh page load, so nothing of
 * this admin stays in memory for the next one at this desk: cached lists, pins, recents.
 */
export function logoutLocally(): void {
  clearSession(browserStore);
  localStorage.clear();
  appStore.set(sessionUserAtom, null);
  location.assign('/login');
}
