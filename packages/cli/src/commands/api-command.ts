import { Argument, type Command } from 'commander';
import { usageError } from '../errors';
import type { Io } from '../io';
import { globalsOf } from './field-options';
import { SHORT_EXIT_CODES } from './help-text';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const API_HELP_AFTER = `
Examples:
  $ traction api GET /v1/admin/list-admins -f role=admin
  $ traction api GET /v1/businesses/12
  $ traction api POST /v1/businesses/12/updatefraudstatus -F is_fraud=true -F reason="chargeback pattern" --yes
  $ traction api -X PATCH /v1/admin/role/7 -f role=staff --yes
  $ traction api POST /v1/businesses/updatefraudstatus/bulk -F 'ids[]=12' -F 'ids[]=13' -F is_fraud=false --yes
  $ traction api GET /v1/admin/audit-logs --paginate -f startdatetime=2026-11-01 | jq '.items | length'
  $ traction api POST /v1/admin/grant-permission --input grant.json
  $ traction api -i /v1/auth/admin/me
  $ traction api --raw GET /health

The method is GET without fields and POST with -f, -F or --input; a method given wins (any case).
For GET and DELETE the fields go into the query string (after any already in the path: a list as
the key repeated); otherwise into a JSON body. With --input the file is the body and the fields go
into the query string.

-F key=value is typed: true, false and null are JSON's, a decimal number is a number (0803… keeps
its leading zero and stays text), @FILE is the file's text as it is (@- standard input); anything
else is a string. -f key=value is always a string. key[]=v adds to a list (key[] alone: an empty
list), key[sub]=v sets a field of an object.

The path is checked against the API document (/openapi.json: one path per command of the registry;
{id} takes one segment, a trailing slash counts): a path or method not in it is refused (exit 2)
naming what is near, unless --raw. Commands that ask for confirmation need --yes without a terminal,
as \`traction <group> <action>\` does; commands that need an Idempotency-Key get a fresh one, printed on
stderr so a re-run can pass it with --idempotency-key (also with --raw, when the path is the command's).

--paginate reads every page of a list by its cursor and prints one document in the list's own
shape: {"items": [every row], "page", "pageSize", "total", "hasMore": false, "next": null}.

The answer: JSON pretty-printed; anything else (CSV with -f download=csv, a file) as it comes.
-i prints the status line and the headers first. A refusal prints the server's message and each
field's on stderr, and exits as every command does for it (1; 3 signed out; 4 no permission).
${SHORT_EXIT_CODES}
`;

/** `traction api [METHOD] <path>`: any operation of the API with the profile's session, as `gh api` does for GitHub's. */
export function addApiCommand(program: Command, io: Io): Command {
  return program
    .command('api')
    .summary('Send a request to any path of the API with your session (like gh api)')
    .description(
      "Send one request to the server with the profile's session (its token and device id), for scripting the API as curl would but signed in. " +
        'The path must be an operation of the API document unless --raw.',
    )
    .usage('[options] [METHOD] <path>')
    .addArgument(new Argument('<method-or-path>', 'the method (GET, POST, PUT, PATCH, DELETE), or the path when the method is left out'))
    .addArgument(new Argument('[path]', 'the path, e.g. /v1/businesses/12 (a query string in it is kept)'))
    .option('-X, --method <method>', "the HTTP method (default: the path's only one in the document; else GET, or POST with fields or --input)")
    .option('-f, --raw-field <key=value>', 'a string field (repeatable)', collect)
    .option('-F, --field <key=value>', 'a typed field: true/false/null, numbers, @file (@- stdin); repeatable', collect)
    .option('-H, --header <header>', "an extra header, 'Name: value' (repeatable)", collect)
    .option('--input <file>', 'send this JSON file as the body (- for standard input)')
    .option('-i, --include', 'print the status line and the response headers first')
    .option('--paginate', 'lists: read every page and print one document with all the rows')
    .option('--idempotency-key <key>', 'send this Idempotency-Key (a fresh one is made for commands that need one)')
    .option('--raw', 'send the request even if the API document has no such path or method')
    .addHelpText('after', API_HELP_AFTER)
    .action(async (first: string, second: string | undefined, _local: unknown, self: Command) => {
      const opts = self.optsWithGlobals<Record<string, unknown>>();
      const method = typeof opts.method === 'string' ? opts.method : undefined;
      if (second !== undefined && method !== undefined && first.toUpperCase() !== method.toUpperCase())
        throw usageError(`the method is given twice, as ${first} and -X ${method}: give one`);
      if (second === undefined && /^(get|post|put|patch|delete|head)$/i.test(first))
        throw usageError(`traction api ${first} needs a path, e.g. traction api ${first.toUpperCase()} /v1/admin/list-admins`);
      const { runApiRequest } = await import('../services/api-request');
      await runApiRequest(io, {
        ...(second !== undefined ? { method: first } : method !== undefined ? { method } : {}),
        path: second ?? first,
        rawFields: (opts.rawField as string[] | undefined) ?? [],
        typedFields: (opts.field as string[] | undefined) ?? [],
        headers: (opts.header as string[] | undefined) ?? [],
        ...(typeof opts.input === 'string' ? { input: opts.input } : {}),
        include: Boolean(opts.include),
        paginate: Boolean(opts.paginate),
        raw: Boolean(opts.raw),
        ...(typeof opts.idempotencyKey === 'string' ? { idempotencyKey: opts.idempotencyKey } : {}),
        globals: globalsOf(opts),
      });
    });
}
