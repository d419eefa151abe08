/**
 * Which build of the console is running: the file name of its entry script, `index-4f2a9c.js`,
 * whose hash names the build exactly (so a stack trace can be matched to its source); `dev` when
 * served by Vite's dev server.
 */
export function consoleVersion(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src ?? '';
  const file = entry.slice(entry.lastIndexOf('/') + 1).split(/[?#]/)[0] ?? '';
  return /^[\w.+-]{1,100}$/.test(file) ? file : 'dev';
}
