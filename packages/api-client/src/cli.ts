// Writes the API's TypeScript types from a running server's document, for a script or service
// that calls the back office with openapi-fetch:
//   npm run generate -w @traction/api-client -- http://localhost:3000/openapi.json schema.d.ts
import { writeFileSync } from 'node:fs';
import { generateTypes } from './generate';

const [source, out = 'schema.d.ts'] = process.argv.slice(2);
if (!source) {
  process.stderr.write('usage: generate <openapi.json URL or file> [out.d.ts]\n');
  process.exit(2);
}
const url = /^https?:/.test(source) ? new URL(source) : new URL(source, `file://${process.cwd()}/`);
writeFileSync(out, await generateTypes(url));
process.stdout.write(`wrote ${out}\n`);
