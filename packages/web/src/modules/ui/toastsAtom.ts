import { atom } from 'jotai';

/** A short message in the corner of every signed-in page, about something that happened away from it. */
export interface Toast {
  id: number;
  tone: 'info' | 'good' | 'bad';
  message: string;
  /** A page to go to about it ("Downloads"). */
  link?: { to: string; label: string };
  /** One thing to do about it ("Download"); the toast closes once it has run. */
  action?: { label: string; run: () => unknown };
  /** Milliseconds before it closes by itself; null keeps it until closed (news the admin must not miss). */
  timeoutMs: number | null;
}

/** The toasts showing now, oldest first; the shell's `Toasts` draws them. */
export const toastsAtom = atom<readonly Toast[]>([]);
toastsAtom.debugLabel = 'toastsAtom';
