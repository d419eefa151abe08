import type { SessionUser } from '@traction/core';
import { STORAGE_KEYS } from '@traction/core/client';
import { atom } from 'jotai';

function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** The signed-in admin as stored at sign-in; null sends every guarded route to Login (spec §6). */
export const sessionUserAtom = atom<SessionUser | null>(readStoredUser());
sessionUserAtom.debugLabel = 'sessionUserAtom';

/** Effective permissions of the signed-in admin. */
export const permissionSetAtom = atom((get) => new Set<string>(get(sessionUserAtom)?.permissions ?? []));
permissionSetAtom.debugLabel = 'permissionSetAtom';

/** Open while the unsanctioned-device modal is shown (spec §8). */
export const deviceModalOpenAtom = atom(false);
deviceModalOpenAtom.debugLabel = 'deviceModalOpenAtom';

/**
 * Why the console was signed out without the admin asking (the server ended the session), for
 * the login page to say; null after signing out on purpose and once signed in again.
 */
export const sessionEndedAtom = atom<string | null>(null);
sessionEndedAtom.debugLabel = 'sessionEndedAtom';
