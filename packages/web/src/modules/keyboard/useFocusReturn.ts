import { useEffect, useState } from 'react';
import { focusHome } from './focusHome';

const focusable = (element: Element | null): element is HTMLElement => element instanceof HTMLElement && element !== document.body;

/**
 * Gives focus back when a dialog closes. To the element that opened it, if it is still there;
 * when it has gone with what it acted on (the selection bar once its rows are done, the palette,
 * a record page left for the next record), or nothing had focus, to the page's home: its table,
 * or what it marks `data-focus-home`. Never left on <body>, where keys work but nothing shows where.
 */
export function useFocusReturn(open: boolean): void {
  // Read while rendering the opening: the dialog has not taken focus yet.
  const [seen, setSeen] = useState<{ open: boolean; closed: number; from: HTMLElement | null }>({ open: false, closed: 0, from: null });
  if (seen.open !== open) {
    setSeen(
      open
        ? { open, closed: seen.closed, from: focusable(document.activeElement) ? document.activeElement : null }
        : { open, closed: seen.closed + 1, from: seen.from },
    );
  }

  const { closed, from } = seen;
  useEffect(() => {
    if (closed === 0) return;
    // A key or click after the dialog closed (`/` to search) already put focus where it is wanted.
    let userMoved = false;
    const moved = () => {
      userMoved = true;
    };
    document.addEventListener('keydown', moved, { capture: true, once: true });
    document.addEventListener('pointerdown', moved, { capture: true, once: true });
    // After the dialog's own restore (once it has unmounted), which picks an older element when the opener is gone.
    const timer = setTimeout(() => {
      if (userMoved || document.querySelector('[role="dialog"]')) return;
      if (from?.isConnected) {
        if (!focusable(document.activeElement)) from.focus({ preventScroll: true });
      } else {
        focusHome();
      }
    }, 0);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', moved, { capture: true });
      document.removeEventListener('pointerdown', moved, { capture: true });
    };
  }, [closed, from]);
}
