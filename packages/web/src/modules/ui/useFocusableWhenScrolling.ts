import { type RefObject, useEffect } from 'react';

/** Content wider or taller than its box scrolls: the keyboard must then reach the box to scroll it (WCAG 2.1.1). */
function focusableWhenScrolling(box: HTMLElement | null): void {
  if (!box) return;
  if (box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight) box.tabIndex = 0;
  else box.removeAttribute('tabindex');
}

/**
 * Makes a scrolling box focusable while, and only while, its content overflows it: checked after
 * every render (rows arrive) and on every resize. Set on the element rather than written as
 * `tabIndex`, since a box that does not scroll must stay out of the tab order.
 */
export function useFocusableWhenScrolling(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => focusableWhenScrolling(ref.current));
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => focusableWhenScrolling(box));
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref]);
}
