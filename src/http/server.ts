import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { httpProblem } from '../edge/problem.js';

/**
 * The HTTP server in front of the Koa app. Node answers requests it cannot
 * parse (headers over its size limit, a malformed request line) itself, before
 * any middleware runs, with an empty body; this answers them as problem+json
 * like every other error (hardening issue, item 7). The connection is closed
 * after the answer: the parser's state is unknown.
 */
export function createHttpServer(listener?: RequestListener): Server {
  const server = createServer(listener);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket));
  return server;
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, title, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'HEADERS_TOO_LARGE',
          'The request line and headers (a long query string counts) are larger than the server accepts (16 KiB): send the data in a JSON body instead',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request was not received in time']
        : [400, 'Bad Request', 'MALFORMED_REQUEST', 'The request is not valid HTTP/1.1'];
  const body = JSON.stringify({ ...httpProblem(status, title, detail, code), request_id: randomUUID() });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
