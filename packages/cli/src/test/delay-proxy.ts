import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyOptions {
  /**
   * Cuts CSV answers after this many body bytes, as a bad network or proxy does: `end` finishes
   * the answer cleanly there without the server's trailers (a proxy that gave up on its upstream
   * and closed its own answer), `reset` resets the connection.
   */
  cutCsv?: { afterBytes: number; how: 'end' | 'reset' };
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'host'];

/**
 * A slow network in front of the test server: each request waits `delayMs` before it is
 * forwarded, so a bulk run takes long enough to be interrupted part-way through. Answers stream
 * through with their trailers, unless `cutCsv` says to cut them.
 */
export async function startDelayProxy(target: string, delayMs: number, options: ProxyOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        const headers = { ...request.headers };
        for (const name of HOP_BY_HOP) delete headers[name];
        const upstream = http.request(new URL(request.url ?? '/', target), { method: request.method ?? 'GET', headers }, (answer) => {
          const answerHeaders = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete answerHeaders[name];
          response.writeHead(answer.statusCode ?? 502, answerHeaders);
          const cut = /text\/csv/.test(answer.headers['content-type'] ?? '') ? options.cutCsv : undefined;
          let sent = 0;
          let wasCut = false;
          answer.on('data', (chunk: Buffer) => {
            if (wasCut) return;
            if (!cut || sent + chunk.length < cut.afterBytes) {
              sent += chunk.length;
              response.write(chunk);
              return;
            }
            wasCut = true;
            answer.destroy();
            response.write(chunk.subarray(0, cut.afterBytes - sent), () => {
              if (cut.how === 'reset') response.socket?.resetAndDestroy();
              else response.end();
            });
            sent = cut.afterBytes;
          });
          answer.on('end', () => {
            if (wasCut) return;
            if (Object.keys(answer.trailers).length) response.addTrailers(answer.trailers as Record<string, string>);
            response.end();
          });
        });
        upstream.on('error', () => response.destroy());
        upstream.end(Buffer.concat(chunks));
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
