import http from 'node:http';

/** A keep-alive connection pool to the server under test (loopback only). */
export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

export interface HttpAnswer {
  status: number;
  text: string;
}

/** One request over `agent`; the whole answer is read so the connection can be reused. */
export function send(agent: http.Agent, url: URL, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<HttpAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Parses a JSON answer, or says what came back instead. */
export function json<T>(answer: HttpAnswer, what: string): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new Error(`${what}: expected JSON, got ${answer.status} ${answer.text.slice(0, 200)}`);
  }
}
