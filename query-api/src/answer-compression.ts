import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers smaller than this go as they are: they fit in one TCP segment either way, so a phone
 * waits no less for them, and the server would spend some 40 µs on each for nothing.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger answers held in memory are compressed off the event loop, as a stream, so no other request waits ~ms for them. */
const COMPRESS_IN_PLACE_MAX_BYTES = 64 * 1024;

// docs/decisions.md, "Compressed answers": quality 1 costs 19 µs on the dashboard's 3 KB answer
// against 33 µs at 4, for 36 more bytes; a streamed export is long, so 4 pays there. An answer
// compressed in place is at most 64 KB: a window as large costs a quarter less time than the
// default 4 MB one. Made once: building them per answer was a tenth of the compression's cost.
const IN_MEMORY_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } };
const STREAMED_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|x-ndjson|javascript|manifest\+json)|image\/svg\+xml)/;
type Encoding = 'br' | 'gzip';
// Brotli first where the client takes both: smaller than gzip for the same time at these sizes.
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const ACCEPT_ENCODINGS_KEPT = 64;

/**
 * Each Accept-Encoding value seen, with the encoding it gets. Browsers send a handful of values; a
 * client that makes up new ones on every request only empties the map, it cannot grow it.
 */
const negotiated = new Map<string, Encoding | null>();
function encodingFor(acceptEncoding: string): Encoding | null {
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    if (negotiated.size >= ACCEPT_ENCODINGS_KEPT) negotiated.clear();
    negotiated.set(acceptEncoding, (encoding = negotiate(acceptEncoding, ENCODINGS)));
  }
  return encoding;
}

function compressStream(encoding: Encoding, source: NodeJS.ReadableStream): NodeJS.ReadableStream {
  const compressor = encoding === 'br' ? createBrotliCompress(STREAMED_BROTLI) : createGzip();
  // pipe() does not pass a source's error on: the reply must see it, or it would wait for the end forever.
  source.once('error', (error: Error) => compressor.destroy(error));
  return source.pipe(compressor);
}

function compressInPlace(encoding: Encoding, payload: string | Buffer): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return encoding === 'br' ? brotliCompressSync(bytes, IN_MEMORY_BROTLI) : gzipSync(bytes);
}

/**
 * Answers a route sends again and again unchanged (kept-answers.ts), each with its compressed forms
 * once made: compressing the dashboard's 3 KB answer cost a browser's read more than the rest of it.
 */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** The bytes of an answer the route will send unchanged many times: compressed once per encoding, then kept with it. */
export function keptPayload(text: string): Buffer {
  const bytes = Buffer.from(text);
  compressedForms.set(bytes, {});
  return bytes;
}

const isStream = (payload: unknown): payload is NodeJS.ReadableStream => typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/** Whether the answer is one to compress at all, whatever the client takes; `size` is null for a stream of unknown length. */
function worthCompressing(reply: FastifyReply, size: number | null): boolean {
  // Nothing to send, or a byte range of the plain file.
  if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304 || reply.request.method === 'HEAD') return false;
  // Already encoded: the web app's files, Brotli or gzip copies made at build time.
  if (reply.hasHeader('content-encoding')) return false;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return false;
  return size === null || size >= COMPRESSION_THRESHOLD_BYTES;
}

/**
 * Answers of 1 KB or more go Brotli- or gzip-compressed to a client that accepts either, chosen by
 * its Accept-Encoding; streamed answers (the exports) are compressed as they stream. Registered at
 * the root after the hooks tests add there, so those see the answer as it was made; no route adds
 * an onSend hook of its own, which would come after this one.
 */
export function registerAnswerCompression(app: FastifyInstance): void {
  // Not async: everything it does is synchronous, and every answer would otherwise wait a promise for it.
  app.addHook('onSend', (request, reply, payload, done) => done(null, compressedAsAccepted(request, reply, payload)));
}

/** The answer as it goes to this client: compressed as it accepts, or as it was. */
function compressedAsAccepted(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const stream = isStream(payload);
  if (!stream && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A file streamed from disk says its length; an export does not know it.
  const size = stream ? Number(reply.getHeader('content-length')) || null : Buffer.byteLength(payload as string | Buffer);
  if (!worthCompressing(reply, size)) return payload;
  // A shared cache must keep the encodings apart, including the plain answer.
  reply.header('vary', reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, accept-encoding` : 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? encodingFor(accepted) : null;
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  // The same validator names the plain file and this encoding of it: no longer byte for byte the same.
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
  if (stream) return compressStream(encoding, payload);
  if (size! > COMPRESS_IN_PLACE_MAX_BYTES) return compressStream(encoding, Readable.from([payload as string | Buffer]));
  const kept = Buffer.isBuffer(payload) ? compressedForms.get(payload) : undefined;
  if (kept) return (kept[encoding] ??= compressInPlace(encoding, payload as Buffer));
  return compressInPlace(encoding, payload as string | Buffer);
}
