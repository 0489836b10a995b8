import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the relay received it, decoded enough for assertions. */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  /** Content types of the parts, e.g. ['text/plain', 'text/html']. */
  partTypes: string[];
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** Messages accepted (answered 250), in order. */
  received: ReceivedMail[];
  /** DATA commands seen, accepted or not. */
  attempts: number;
  /** The answer to the next DATA commands, one per message; empty means 250. */
  refuseNext(...codes: number[]): void;
  close(): Promise<void>;
}

/** A local SMTP relay on a free port, without TLS or login, for tests of the SMTP adapter. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const answers: number[] = [];
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    attempts: 0,
    refuseNext: (...codes) => answers.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts++;
        const code = answers.shift();
        if (code) {
          callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
          return;
        }
        state.received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return state;
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (Q and B), as nodemailer writes a Norwegian subject. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseMail(raw: string): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const at = part.indexOf('\r\n\r\n');
          const partHeaders = headersOf(part.slice(2, at));
          return {
            type: (partHeaders.get('content-type') ?? '').split(';')[0]!.trim(),
            content: decodeBody(part.slice(at + 4).replace(/\r\n$/, ''), partHeaders.get('content-transfer-encoding')),
          };
        })
    : [
        {
          type: (headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim(),
          content: decodeBody(body, headers.get('content-transfer-encoding')),
        },
      ];
  return {
    from: decodeWords(headers.get('from') ?? ''),
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    partTypes: parts.map((p) => p.type),
    text: parts.find((p) => p.type === 'text/plain')?.content.replace(/\r\n/g, '\n') ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
    raw,
  };
}
