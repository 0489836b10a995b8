import net from 'node:net';

export interface RawAnswer {
  /** The status line's code, or null when the server closed without answering. */
  status: number | null;
  /** Everything the server sent (head and body), as text. */
  text: string;
  /** Milliseconds from connecting until the server closed the connection or the wait ended. */
  elapsedMs: number;
  /** True when the server closed the connection itself. */
  closedByServer: boolean;
}

/**
 * Speaks HTTP/1.1 over a bare socket, for what app.inject cannot show: paths sent exactly as written
 * (no normalisation), a body announced but never sent, a request that trickles in. `send` gets the
 * socket and writes whatever it wants; the answer is read until the server closes or `waitMs` passes.
 */
export async function rawExchange(port: number, send: (socket: net.Socket) => void | Promise<void>, waitMs = 3000): Promise<RawAnswer> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const started = Date.now();
  const chunks: Buffer[] = [];
  let closedByServer = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      closedByServer = true;
      resolve();
    });
  });
  void Promise.resolve(send(socket)).catch(() => undefined);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  const elapsedMs = Date.now() - started;
  const wasClosed = closedByServer;
  socket.destroy();
  const text = Buffer.concat(chunks).toString('utf8');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  return { status: match ? Number(match[1]) : null, text, elapsedMs, closedByServer: wasClosed };
}

/** A GET of `path` exactly as written, on a connection that asks to be closed after it. */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [`GET ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return rawExchange(port, (socket) => {
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}
