/** What a JSON service answered: its status, its body (null when empty or not JSON) and its headers. */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** The call got no answer: it timed out, or the service could not be reached. `error` is fetch's own (no headers, no body: no key). */
export class NoAnswer extends Error {
  constructor(
    readonly timedOut: boolean,
    cause: unknown,
  ) {
    super(timedOut ? 'no answer in time' : 'not reachable', { cause });
  }
}

/**
 * One call to a provider's JSON API with native fetch and a timeout, shared by the HTTP clients
 * that map answers onto their own outcomes. A client whose errors carry the request would put
 * keys in logs, so this throws only `NoAnswer`, and answers every status as it came.
 */
export async function fetchJson(
  url: string,
  request: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: Record<string, unknown> },
  timeoutMs: number,
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: { accept: 'application/json', ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new NoAnswer(isTimeout(error), error);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, headers: response.headers };
}

function isTimeout(error: unknown): boolean {
  const name = error instanceof Error ? error.name : undefined;
  const cause = error instanceof Error ? (error.cause as { name?: string } | undefined) : undefined;
  return name === 'TimeoutError' || name === 'AbortError' || cause?.name === 'TimeoutError';
}
