import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * The TypeScript description of an OpenAPI document (its `paths`, `components`, `operations`),
 * made by openapi-typescript as any integrator would make it: what `createClient<paths>()` of
 * openapi-fetch is typed with.
 */
export async function generateTypes(document: object | URL): Promise<string> {
  return astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
}

/** The type errors of TypeScript files (strict), each `file:line: message`; none when they compile. */
export function typeErrors(fileNames: readonly string[]): string[] {
  const program = ts.createProgram(fileNames, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    return where ? `${diagnostic.file!.fileName}:${where.line + 1}: ${message}` : message;
  });
}
