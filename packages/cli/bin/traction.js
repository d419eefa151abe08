#!/usr/bin/env node
// The `traction` bin. Runs the esbuild bundle in dist/ (rebuilt first when the sources changed,
// see build.js); where the bundle cannot be written it runs the TypeScript sources through tsx.
import { ensureBuilt } from './build.js';

const entry = await ensureBuilt();
if (entry) {
  const { pathToFileURL } = await import('node:url');
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
