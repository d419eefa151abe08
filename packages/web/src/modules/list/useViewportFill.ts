import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * A height that takes an element from where it starts down to the bottom of the window, less
 * `gap`, and never under `min`: the table scrolls inside itself while the toolbar above stays put,
 * on a phone as on a wide monitor. Kept current as the window or the content above it resizes.
 */
export function useViewportFill(ref: RefObject<HTMLElement | null>, { gap = 24, min = 320 } = {}): number {
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)));
    };
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref, gap, min]);
  return height;
}
