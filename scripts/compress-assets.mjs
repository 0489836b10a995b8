// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of a built SPA, so the
// server sends them as they are (@fastify/static preCompressed, apps/server/src/platform/spa-hosting/static.ts)
// instead of compressing the same bytes on every request. Run by scripts/build.mjs after each SPA's
// Vite build; `node scripts/compress-assets.mjs <dist>…` does it by hand.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than a packet; the server's threshold is the same. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses the files of `dir` in place; returns the bytes before and after (brotli) for the log. */
export function compressDist(dir) {
  let raw = 0;
  let brotli = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    raw += bytes.length;
    brotli += br.length;
  }
  return { raw, brotli };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    const { raw, brotli } = compressDist(path.resolve(dir));
    console.log(`${dir}: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB (brotli)`);
  }
}
