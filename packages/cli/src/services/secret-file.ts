import { readFileSync, statSync } from 'node:fs';
import { usageError } from '../errors';

/**
 * Reads a file holding a secret (TRACTION_PASSWORD_FILE), refusing one that its group or others
 * may read or write, as psql refuses such a `.pgpass`: a password readable by the whole machine
 * is a password given away, and saying so beats using it quietly. Pipes and descriptors
 * (`<(pass show …)`, /dev/stdin) are not files anyone else can open, and pass.
 */
export function readSecretFile(path: string, variable = 'TRACTION_PASSWORD_FILE'): string {
  const stats = statSync(path);
  const shared = stats.mode & 0o077;
  if (stats.isFile() && shared !== 0 && process.platform !== 'win32') {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw usageError(
      `${variable} ${path} can be ${shared & 0o044 ? 'read' : 'changed'} by ${shared & 0o070 ? 'its group' : 'other users'} (mode ${mode}); ` +
        `a password file must be yours alone. Run \`chmod 600 ${path}\` and try again.`,
    );
  }
  return readFileSync(path, 'utf8');
}
