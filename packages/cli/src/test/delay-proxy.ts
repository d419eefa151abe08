import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A slow network in front of the test server: each request waits `delayMs` before it is
 * forwarded, so a bulk run takes long enough to be interrupted part-way through.
 */
export async function startDelayProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        const headers = { ...request.headers };
        delete headers.host;
        delete headers.connection;
        const body = Buffer.concat(chunks);
        fetch(new URL(request.url ?? '/', target), {
          method: request.method ?? 'GET',
          headers: headers as Record<string, string>,
          ...(body.length ? { body } : {}),
        })
          .then(async (answer) => {
            const payload = Buffer.from(await answer.arrayBuffer());
            response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            response.end(payload);
          })
          .catch(() => response.destroy());
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
