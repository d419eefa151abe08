import { useSyncExternalStore } from 'react';

/** Below this width, in px, lists show cards instead of a table that would scroll sideways. */
export const CARDS_BELOW = 640;

const query = `(max-width: ${CARDS_BELOW - 1}px)`;
let list: MediaQueryList | undefined;
// One query for every table, read on each render (each scroll frame): creating one each time cost frame time.
const mediaQuery = () => {
  list ??= window.matchMedia(query);
  return list;
};

function subscribe(onChange: () => void) {
  const media = mediaQuery();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const narrow = () => mediaQuery().matches;

/** Whether the window is narrower than CARDS_BELOW (a phone), kept current as it resizes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
