/** Writes .br and .gz beside every compressible file of at least 1 KiB under `dir`; returns the bytes before and after (brotli). */
export function compressDist(dir: string): { raw: number; brotli: number };
