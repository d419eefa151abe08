import type { AnyCommand } from '@traction/core';

/** What the API document says of a method and a path. */
export type RouteMatch =
  | { found: true; command: AnyCommand }
  /** No operation has this path. `nearest`: the document's paths closest to it, at most three. */
  | { found: false; reason: 'path'; nearest: string[] }
  /** The path is there, under other methods. */
  | { found: false; reason: 'method'; methods: string[]; paths: string[] };

const PARAM = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/** The path of a request without its query string or fragment. */
export const pathOnly = (path: string) => path.replace(/[?#].*$/s, '');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether a path fits a template segment by segment: `{param}` takes one non-empty segment, any
 * other segment must be the same. Trailing slashes count (`/v1/businesses/` is not `/v1/businesses`),
 * as they do on the server.
 */
export function fitsTemplate(template: string, path: string): boolean {
  const want = template.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, index) => (PARAM.test(segment) ? have[index] !== '' : segment === have[index] || segment === decoded(have[index]!)));
}

/** `0` for each fixed segment, `1` for each `{param}`: the server tries fixed segments first (mount-commands.ts), and so does this. */
const specificity = (template: string) =>
  template
    .split('/')
    .map((segment) => (PARAM.test(segment) ? '1' : '0'))
    .join('');
const bySpecificity = (a: AnyCommand, b: AnyCommand) => (specificity(a.path) < specificity(b.path) ? -1 : specificity(a.path) > specificity(b.path) ? 1 : 0);

/** Edit distance, for naming the paths a mistyped one was probably meant to be. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A template with its `{param}` segments filled from the path where the two have as many segments, so `12` is not counted as a typo of `{id}`. */
function filled(template: string, path: string): string {
  const want = template.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return template;
  return want.map((segment, index) => (PARAM.test(segment) && have[index] ? have[index] : segment)).join('/');
}

/**
 * Finds the operation a request names among the registry's commands (the API document has one
 * path per command): the most specific path that fits and has the method. When none does, says
 * whether the path or only the method is wrong, with what would fit.
 */
export function matchRoute(commands: readonly AnyCommand[], method: string, requestPath: string): RouteMatch {
  const path = pathOnly(requestPath);
  const fitting = commands.filter((command) => fitsTemplate(command.path, path)).sort(bySpecificity);
  const command = fitting.find((candidate) => candidate.method === method);
  if (command) return { found: true, command };
  if (fitting.length > 0) {
    return {
      found: false,
      reason: 'method',
      methods: [...new Set(fitting.map((candidate) => candidate.method))],
      paths: [...new Set(fitting.map((candidate) => candidate.path))],
    };
  }
  const scored = [...new Set(commands.map((candidate) => candidate.path))]
    .map((template) => ({ template, score: distance(filled(template, path), path) }))
    .filter(({ score }) => score <= Math.max(3, Math.floor(path.length / 3)))
    .sort((a, b) => a.score - b.score || a.template.localeCompare(b.template));
  // The closest, and those nearly as close: not every path a few edits away.
  const best = scored[0]?.score ?? 0;
  return {
    found: false,
    reason: 'path',
    nearest: scored
      .filter(({ score }) => score <= best + 2)
      .slice(0, 3)
      .map(({ template }) => template),
  };
}
