import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { translator } from './i18n/index.ts';

/** How often Node looks for connections past their header or request time-out (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The server's time-outs, for the Fastify constructor. Fastify sets none by default, so a client that
 * sends its headers or body a byte at a time held its connection (and an upload's temporary file)
 * for ever. Past `HTTP_HEADERS_TIMEOUT_SECONDS` without complete headers, or
 * `HTTP_REQUEST_TIMEOUT_SECONDS` without the complete request, Node answers 408 and closes.
 */
export function timeoutOptions(config: Config) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  const t = translator(config.DEFAULT_LANGUAGE);
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    /** Errors before a request exists (time-outs, malformed HTTP): the house error shape, then close. */
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
      const status = timedOut ? '408 Request Timeout' : '400 Bad Request';
      const body = JSON.stringify(
        timedOut
          ? { code: '_REQUEST_TIMEOUT', message: t('error.request_timeout') }
          : { code: '_BAD_REQUEST', message: t('error.bad_request') },
      );
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}

/**
 * Two rules for request bodies that arrive slowly or are never read:
 * - while a body is arriving, a connection silent for `HTTP_BODY_IDLE_TIMEOUT_SECONDS` is closed
 *   (the request time-out bounds the whole body; this catches a stalled one sooner);
 * - an answer sent before the body was fully received (a refusal: 401, 403, 413, 429, 503 ...) closes
 *   the connection, instead of Node reading the rest of a body nobody wants for as long as the
 *   client cares to trickle it.
 */
export function registerSlowBodyGuards(app: FastifyInstance, config: Config): void {
  const bodyIdleMs = config.HTTP_BODY_IDLE_TIMEOUT_SECONDS * 1000;
  app.addHook('onRequest', async (request) => {
    if (!bodyStillArriving(request.raw)) return;
    const { socket } = request.raw;
    socket.setTimeout(bodyIdleMs);
    request.raw.once('end', () => socket.setTimeout(0));
  });
  app.addHook('onSend', async (request, reply) => {
    if (bodyStillArriving(request.raw)) reply.header('connection', 'close');
  });
}

/** Whether a request from the network has not received its whole body yet (injected requests have no connection to hold). */
function bodyStillArriving(raw: IncomingMessage): boolean {
  return raw.socket instanceof Socket && !raw.complete;
}
