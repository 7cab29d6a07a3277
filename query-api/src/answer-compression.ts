import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Answers smaller than this go as they are: they fit in one TCP segment either way, so a phone
 * waits no less for them, and the server would spend 20–30 µs on each for nothing.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Larger answers held in memory are compressed off the event loop, as a stream, so no other request waits ~ms for them. */
const COMPRESS_IN_PLACE_MAX_BYTES = 64 * 1024;

// docs/decisions.md, "Compressed answers": quality 1 costs 19 µs on the dashboard's 3 KB answer
// against 33 µs at 4, for 36 more bytes; a streamed export is long, so 4 pays there.
const brotliParams = (quality: number, sizeHint?: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, ...(sizeHint && { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }) },
});
const IN_MEMORY_BROTLI_QUALITY = 1;
const STREAMED_BROTLI_QUALITY = 4;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|x-ndjson|javascript|manifest\+json)|image\/svg\+xml)/;
// Brotli first where the client takes both: smaller than gzip for the same time at these sizes.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new Map() });

type Encoding = 'br' | 'gzip';

function compressStream(encoding: Encoding, source: NodeJS.ReadableStream): NodeJS.ReadableStream {
  const compressor = encoding === 'br' ? createBrotliCompress(brotliParams(STREAMED_BROTLI_QUALITY)) : createGzip();
  // pipe() does not pass a source's error on: the reply must see it, or it would wait for the end forever.
  source.once('error', (error: Error) => compressor.destroy(error));
  return source.pipe(compressor);
}

function compressInPlace(encoding: Encoding, payload: string | Buffer): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return encoding === 'br' ? brotliCompressSync(bytes, brotliParams(IN_MEMORY_BROTLI_QUALITY, bytes.length)) : gzipSync(bytes);
}

const isStream = (payload: unknown): payload is NodeJS.ReadableStream => typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/** Whether the answer is one to compress at all, whatever the client takes; `size` is null for a stream. */
function worthCompressing(reply: FastifyReply, size: number | null): boolean {
  if (reply.statusCode === 204 || reply.statusCode === 304 || reply.request.method === 'HEAD') return false;
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
  app.addHook('onSend', async (request, reply, payload) => {
    const stream = isStream(payload);
    if (!stream && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = stream ? null : Buffer.byteLength(payload as string | Buffer);
    if (!worthCompressing(reply, size)) return payload;
    // A shared cache must keep the encodings apart, including the plain answer.
    reply.header('vary', reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, accept-encoding` : 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? (encodings.negotiate(accepted) as Encoding | null) : null;
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    if (stream) return compressStream(encoding, payload);
    if (size! > COMPRESS_IN_PLACE_MAX_BYTES) return compressStream(encoding, Readable.from([payload as string | Buffer]));
    return compressInPlace(encoding, payload as string | Buffer);
  });
}
