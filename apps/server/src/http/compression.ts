import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { registerEtags } from './etag';

/**
 * Compressed answers (decision 016): brotli or gzip by Accept-Encoding for compressible types over
 * 1 KiB (brotli at quality 4: 11 costs far more time than it saves bytes on a 738 KiB answer). An
 * answer already encoded (the SPAs' .br/.gz files, platform/spa-hosting/static.ts) is sent as it is. Request bodies
 * are not inflated: no client of ours sends them compressed, and an inflated body is one more way
 * around the body limit.
 *
 * Kept answers (keepCompressed: the venue list, the search's kept pages) are compressed once per
 * encoding and the compressed bytes kept with them (decision 023: compressing the same 151 KiB
 * venue list for every request was most of its CPU).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  registerEtags(app);
  registerKeptCompression(app);
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024, encodings: ['br', 'gzip'] });
}

const THRESHOLD = 1024;
// The same settings as @fastify/compress's own: brotli quality 4, gzip's defaults.
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

interface Compressed {
  br?: Buffer;
  gzip?: Buffer;
}
const keptBodies = new WeakMap<Buffer, Compressed>();

/**
 * Marks bytes that are sent again and again unchanged (the same Buffer object): their compressed
 * forms are made on first use and kept as long as the Buffer lives. Returns the Buffer.
 */
export function keepCompressed(body: Buffer): Buffer {
  if (!keptBodies.has(body)) keptBodies.set(body, {});
  return body;
}

/**
 * The encoding for a plain Accept-Encoding list (no q-values): br before gzip, as @fastify/compress
 * chooses with encodings ['br', 'gzip']. Anything else (q-values, `*`, identity only) is left to
 * @fastify/compress: undefined.
 */
export function simpleEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header || header.includes(';') || header.includes('*')) return undefined;
  const tokens = header
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  if (tokens.includes('br')) return 'br';
  if (tokens.includes('gzip') || tokens.includes('x-gzip')) return 'gzip';
  return undefined;
}

function registerKeptCompression(app: FastifyInstance): void {
  // After the ETag hook (the tag names the plain bytes; a 304 has no body) and before
  // @fastify/compress's route hooks, which leave an answer with a Content-Encoding as it is.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!Buffer.isBuffer(payload) || reply.statusCode !== 200) return payload;
    const kept = keptBodies.get(payload);
    if (!kept || payload.length < THRESHOLD || request.headers['x-no-compression'] !== undefined) return payload;
    if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return payload;
    const encoding = simpleEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = (kept[encoding] ??= encoding === 'br' ? zlib.brotliCompressSync(payload, brotliOptions) : zlib.gzipSync(payload));
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    return body;
  });
}
