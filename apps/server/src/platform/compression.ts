import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer's compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Answers of a kilobyte or more go compressed to a client that accepts it (brotli, else gzip): an inspection's
 * pinned document is 370 KB of JSON for 500 questions, its report 660 KB, a phone's link far slower than the
 * server's CPU. Brotli at quality 4 compresses about as fast as gzip and smaller; its default (11) costs a second
 * on such an answer. Media that is compressed already (photos, videos, PDFs) is left alone (mime-db), and so are
 * the web app's files, sent compressed from the build (`platform/web.ts`). Request bodies are never inflated: the
 * input limits read them as they were sent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
