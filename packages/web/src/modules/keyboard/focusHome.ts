/**
 * Puts focus where keyboard work on the page goes on: the element the page marks
 * `data-focus-home` (a record's decision buttons: its first enabled one), else the page's table.
 * Returns whether there was such a place.
 */
export function focusHome(): boolean {
  const home = document.querySelector<HTMLElement>('[data-focus-home]');
  const target = home ? (home.querySelector<HTMLElement>('button:not([disabled])') ?? home) : document.querySelector<HTMLElement>('[role="grid"]');
  target?.focus({ preventScroll: true });
  return target !== null;
}
