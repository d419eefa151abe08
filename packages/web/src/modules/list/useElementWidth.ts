import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The inner width of an element (its scrollbar left out), in px, kept current as it resizes;
 * undefined until measured, or when nothing lays it out.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setWidth(element.clientWidth > 0 ? element.clientWidth : undefined);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
