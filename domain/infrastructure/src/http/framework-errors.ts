import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { messageCode } from './localized-answers';

/**
 * The refusals Fastify and Node's HTTP server make before a route runs, in the API's words. Left
 * to themselves they answer in their own shape (`{error, code, message, statusCode}`, the URL
 * echoed, or an empty body) and without `Cache-Control: no-store`.
 */
const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body must be valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send JSON, or no Content-Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as its Content-Length says',
  FST_ERR_BAD_URL: 'The address is not valid: it holds a malformed %-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

const CLOSING_MESSAGE = 'The server is restarting, please try again in a moment';
const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read';
const HOST_REQUIRED_MESSAGE = 'The Host header is required';

/** The message of a client error Fastify raised (a code above), or null for any other error. */
export function frameworkErrorMessage(error: FastifyError, request: FastifyRequest): string | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return `The request body is too large: at most ${sizeText(request.routeOptions.bodyLimit)}`;
  return MESSAGES[error.code] ?? null;
}

function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return 'what the server allows';
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').send({ message, code: messageCode(message, status) });
}

/**
 * A whole HTTP/1.1 answer written straight to a socket or response, for refusals made before Fastify
 * has a reply: in English, as no request was read to tell the reader's language.
 */
function rawAnswer(status: number, message: string): { head: Record<string, string>; body: string } {
  const body = JSON.stringify({ message, code: messageCode(message, status) });
  return {
    head: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', connection: 'close' },
    body,
  };
}

function writeRaw(response: ServerResponse, status: number, message: string): void {
  const { head, body } = rawAnswer(status, message);
  response.writeHead(status, head).end(body);
}

/**
 * Options for the Fastify constructor of an app that serves `/api`:
 * - `frameworkErrors`: a malformed %-escape (400) or a path parameter over the router's 100
 *   characters (414) is refused in the API's shape instead of Fastify's;
 * - `clientErrorHandler`: what Node's parser cannot read (a bad request line or Content-Length,
 *   headers over 16 KB, a request that never finished) gets the same shape, then the socket closes;
 * - `return503OnClosing: false` with `registerFrameworkAnswers`'s hook: a request arriving while the
 *   server closes gets its 503 in the API's shape too;
 * - `requireHostHeader: false` with that hook: an HTTP/1.1 request without Host, which Node refuses
 *   with an empty 400, gets a message.
 */
export function frameworkErrorOptions(): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'> & {
  http: { requireHostHeader: boolean };
} {
  return {
    frameworkErrors: (error, request, reply) => {
      refuse(reply, error.statusCode ?? 400, frameworkErrorMessage(error, request) ?? UNREADABLE_REQUEST_MESSAGE);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'The request took too long to arrive']
            : [400, UNREADABLE_REQUEST_MESSAGE];
      if (socket.writable) {
        const { head, body } = rawAnswer(status, message);
        const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
    return503OnClosing: false,
    http: { requireHostHeader: false },
  };
}

/**
 * The hooks that go with `frameworkErrorOptions`: a request while the server closes (503, with
 * `Retry-After`), one without Host (400), and an `Expect` Node cannot meet (417), all in the API's shape.
 */
export function registerFrameworkAnswers(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (closing) {
      reply.header('connection', 'close').header('retry-after', '1');
      refuse(reply, 503, CLOSING_MESSAGE);
    } else if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) refuse(reply, 400, HOST_REQUIRED_MESSAGE);
    else done();
  });
  app.server.on('checkExpectation', (_request, response: ServerResponse) => writeRaw(response, 417, 'Only Expect: 100-continue is understood'));
}
