import { useLayoutEffect, useState, type RefObject } from 'react';

/** What a table's characters measure on average where nothing can measure them (tests), in px: 14 px system sans. */
export const DEFAULT_CHAR_PX = 7.2;
/** Text like a table's: names, emails, digits. */
const SAMPLE = 'Adaeze Oyelaran 0803 456 7890 ada.obi@gmail.com Lagos 21 Nov 2026';

const measured = new Map<string, number>();

function measure(font: string): number {
  const known = measured.get(font);
  if (known) return known;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return DEFAULT_CHAR_PX;
  context.font = font;
  const width = context.measureText(SAMPLE).width / SAMPLE.length;
  const result = width > 0 ? width : DEFAULT_CHAR_PX;
  measured.set(font, result);
  return result;
}

/**
 * The average width of a character in the element's font, in px: the same table is wider in
 * DejaVu Sans than in Segoe UI, and columns are sized in characters. Measured once per font.
 */
export function useCharWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_CHAR_PX);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const style = getComputedStyle(element);
    // The shorthand `font` is empty in some engines; build it from its parts.
    if (!style.fontSize || !style.fontFamily) return;
    setWidth(measure(`${style.fontWeight || '400'} ${style.fontSize} ${style.fontFamily}`));
  }, [ref]);
  return width;
}
