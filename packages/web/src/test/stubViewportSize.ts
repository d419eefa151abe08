import { afterAll, beforeAll } from 'vitest';

/**
 * Gives every element a 900×600 client box for the tests of one file. happy-dom lays nothing out,
 * and the record table's virtualizer needs a viewport to put rows in.
 */
export function stubViewportSize(sizes: { clientHeight: number; clientWidth: number } = { clientHeight: 600, clientWidth: 900 }) {
  const saved = Object.fromEntries(Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]));
  beforeAll(() => {
    for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const [key, descriptor] of Object.entries(saved)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  });
}
