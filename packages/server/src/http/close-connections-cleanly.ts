import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { formatByteSize } from '@traction/core';

/** How long a closing connection keeps discarding what the client still sends. */
const LINGER_MS = 2_000;

/**
 * Makes every connection of `server` end so that its last answer arrives:
 *
 * - An answer that closes the connection (`Connection: close`, as a 413 does) is followed by a
 *   lingering close instead of Node's immediate one. Closing a socket with unread bytes in it —
 *   the rest of a body we refused — makes the kernel send a reset, and a reset can make the
 *   client throw our answer away before reading it. So we stop writing (the client sees the end
 *   of the answer), read and discard until the client closes too or LINGER_MS pass, then close.
 * - Requests Node's parser refuses before the app sees them (headers over `maxHeaderSize`,
 *   malformed HTTP, a request too slow to arrive) get the API's JSON error — 431, 400, 408 —
 *   with `Connection: close` and a length, instead of Node's bare status line followed by an
 *   immediate (resetting) close.
 */
export function closeConnectionsCleanly(server: Server): void {
  server.on('connection', (socket: Socket) => {
    // Node's HTTP server calls destroySoon() once the last answer of a closing connection is
    // written (and @hono/node-server does when it gives up draining a body).
    socket.destroySoon = () => lingerThenClose(socket);
  });
  server.on('clientError', answerClientError);
}

const lingering = new WeakSet<Duplex>();

function lingerThenClose(socket: Duplex): void {
  if (socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // The client has sent all it meant to: nothing left to discard.
  socket.once('end', () => socket.destroy());
  socket.end();
  socket.resume();
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Already answered and lingering: the parser fails again on every byte still arriving.
  if (lingering.has(socket)) return;
  // Like Node's own handler: nobody to answer, or an answer already half written that an error
  // status line would corrupt.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, `The request headers are larger than the ${formatByteSize(maxHeaderSize)} limit`]
      : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? [413, 'The chunk extensions of the request body are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive']
          : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ code: String(status), message });
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      `\r\n${body}`,
  );
  lingerThenClose(socket);
}
