/** The server's bundle into `outdir` (relative to apps/server, one level below it; default dist). */
export function buildServer(outdir?: string): Promise<void>;
