import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { registerEtags } from './etag';

/**
 * Compressed answers (issue 14 §3): brotli or gzip by Accept-Encoding for compressible types over
 * 1 KiB (brotli at quality 4: 11 costs far more time than it saves bytes on a 738 KiB answer). An
 * answer already encoded (the SPAs' .br/.gz files, http/static.ts) is sent as it is. Request bodies
 * are not inflated: no client of ours sends them compressed, and an inflated body is one more way
 * around the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  registerEtags(app);
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
}
