import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt } from '../bin/build.js';

/** Packages and files a bundle file imports statically (what loading it loads), following local chunks. */
function staticImports(entry: string): { packages: Set<string>; files: Set<string> } {
  const packages = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?"([^"]+)";/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  visit(entry);
  return { packages, files };
}

describe('the bundle the bin runs', () => {
  it('starts without React, Ink, the HTTP client or the CSV libraries: screens and services load when a command needs them', async () => {
    const entry = await ensureBuilt();
    expect(entry).toBeDefined();
    const { packages } = staticImports(entry!);
    expect([...packages].filter((name) => !name.startsWith('node:')).sort()).toEqual(['commander', 'zod']);
    const source = readFileSync(entry!, 'utf8');
    expect(source).toMatch(/import\("\.\/chunks\/screens-[^"]+\.js"\)|import\("\.\/chunks\/run-command-/);
  });
});
