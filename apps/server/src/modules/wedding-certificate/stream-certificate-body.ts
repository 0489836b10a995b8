import type { FastifyRequest } from 'fastify';
import { PROEVINGSATTEST_MAX_BYTES, PROEVINGSATTEST_REQUEST_MAX_BYTES } from '@lokaler/domain/wedding-certificate';

/**
 * The prøvingsattest of PUT …/proevingsattest as it was read: decoded from the request stream piece by
 * piece, so that the server never holds the 14 MB JSON body or its base64 string, only the decoded
 * file (issue 12 point 6: "never buffer unbounded bodies", and the upload's memory target).
 */
export type StreamedCertificate =
  | { kind: 'file'; bytes: Buffer }
  | { kind: 'tooLarge' }
  | { kind: 'invalid' };

const streamed = new WeakMap<FastifyRequest, StreamedCertificate>();

/** What the body parser decoded for this request, if it streamed the data URL. */
export function streamedCertificateOf(request: FastifyRequest): StreamedCertificate | undefined {
  return streamed.get(request);
}

/** The body the spec's client sends: the data URL as the one field; anything else is parsed whole. */
const HEAD = /^\s*\{\s*"proevingsattestFile"\s*:\s*"(data:[^"\\]*?;base64,)/;
const START = /^\s*\{\s*"proevingsattestFile"\s*:\s*"data:/;
const HEAD_MAX = 4096;
const TAIL_MAX = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const EQUALS = 0x3d;
/** Each byte's base64 value (0–63), or -1 for a byte outside the alphabet. */
const SEXTETS = new Int8Array(256).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) SEXTETS[c.charCodeAt(0)] = i;

function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * The base64 of the data URL, decoded from the body's bytes as they come, straight into the file's
 * buffer: no string is made of the payload. Valid is what `/^[A-Za-z0-9+/]*={0,2}$/` accepts once
 * JSON's escaped slashes ('\\/') are read as '/'; it decodes as Buffer.from(…, 'base64') does (a
 * last lone character is dropped). Past 10 MB the bytes are only counted, to answer 'too large'.
 */
class Base64Decoder {
  /** The decoded size, also past the file's limit. */
  size = 0;
  invalid = false;
  file: Buffer;
  /** The 0–3 sextets of the quad begun, and how many. */
  private bits = 0;
  private sextets = 0;
  private padding = 0;
  /** The piece ended after a backslash: the next byte is the escaped one. */
  private escaped = false;

  constructor(capacity: number) {
    this.file = Buffer.allocUnsafe(capacity);
  }

  /** Decodes bytes[start, end), which hold no closing quote. */
  feed(bytes: Buffer, start: number, end: number): void {
    if (this.invalid) return;
    const { file } = this;
    let { bits, sextets, padding, escaped, size } = this;
    let invalid = false;
    for (let i = start; i < end; i++) {
      const byte = bytes[i]!;
      if (escaped) {
        escaped = false;
        if (byte !== SLASH) {
          invalid = true;
          break;
        }
      } else if (byte === BACKSLASH) {
        escaped = true;
        continue;
      }
      const value = SEXTETS[byte]!;
      if (value === -1 || padding !== 0) {
        if (byte === EQUALS && padding < 2) {
          padding++;
          continue;
        }
        invalid = true;
        break;
      }
      bits = (bits << 6) | value;
      if (++sextets === 4) {
        if (size + 3 <= file.length) {
          file[size] = bits >>> 16;
          file[size + 1] = (bits >>> 8) & 0xff;
          file[size + 2] = bits & 0xff;
          size += 3;
        } else {
          size = this.grow(size, 3, bits << 8);
        }
        bits = 0;
        sextets = 0;
      }
    }
    this.bits = bits;
    this.sextets = sextets;
    this.padding = padding;
    this.escaped = escaped;
    this.size = size;
    this.invalid = invalid;
  }

  /** The closing quote: the last quad's 2 or 3 sextets give 1 or 2 bytes. */
  end(): void {
    if (this.escaped) this.invalid = true;
    if (this.invalid) return;
    if (this.sextets === 2) this.size = this.grow(this.size, 1, this.bits << 20);
    if (this.sextets === 3) this.size = this.grow(this.size, 2, this.bits << 14);
  }

  /** Appends `count` (1–3) bytes, the high bytes of `word`, growing the buffer up to the limit. */
  private grow(size: number, count: number, word: number): number {
    if (size + count > PROEVINGSATTEST_MAX_BYTES) return size + count;
    if (size + count > this.file.length) {
      const larger = Buffer.allocUnsafe(Math.min(PROEVINGSATTEST_MAX_BYTES, Math.max(size + count, this.file.length * 2)));
      this.file.copy(larger, 0, 0, size);
      this.file = larger;
    }
    for (let k = 0; k < count; k++) this.file[size + k] = (word >>> (24 - 8 * k)) & 0xff;
    return size + count;
  }
}

/**
 * The JSON body parser of the upload route. The body `{"proevingsattestFile":"data:…;base64,…"}` is
 * read as a stream: the base64 is decoded from each piece's bytes into one buffer of at most 10 MB
 * (past that only counted, to answer 'too large'), and the body handed on is the same JSON with the
 * data URL's payload left out (its type stays, for the checks). Any other body (the object form, a bad
 * one) is read whole and parsed as JSON, as Fastify would. The route's bodyLimit is kept here: a
 * longer Content-Length, or more bytes than it allows, is a 413 without reading further.
 */
export async function parseCertificateBody(request: FastifyRequest, payload: AsyncIterable<Buffer> & NodeJS.ReadableStream): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > PROEVINGSATTEST_REQUEST_MAX_BYTES) throw httpError(413, 'Request body is too large');

  let received = 0;
  let mode: 'head' | 'base64' | 'tail' | 'whole' = 'head';
  const whole: Buffer[] = [];
  let head = '';
  let prefix = '';
  let tail = '';
  let decoder: Base64Decoder | undefined;

  for await (const chunk of payload) {
    received += chunk.length;
    if (received > PROEVINGSATTEST_REQUEST_MAX_BYTES) throw httpError(413, 'Request body is too large');
    if (mode === 'whole') {
      whole.push(chunk);
      continue;
    }
    let from = 0;
    if (mode === 'head') {
      const before = head.length;
      head += chunk.toString('latin1');
      const match = HEAD.exec(head);
      if (!match) {
        // Not the data URL form (decided once the start could be seen whole): read and parse it whole.
        if (head.length > HEAD_MAX || (head.length >= 64 && !START.test(head))) {
          mode = 'whole';
          whole.push(Buffer.from(head, 'latin1'));
          head = '';
        }
        continue;
      }
      // The head did not match before this piece, so its match ends in this piece.
      prefix = match[1]!;
      from = match[0].length - before;
      head = '';
      mode = 'base64';
      // The file's buffer is sized from the declared length (no copies while it grows).
      decoder = new Base64Decoder(Number.isFinite(declared) ? Math.min(PROEVINGSATTEST_MAX_BYTES, Math.ceil((declared * 3) / 4)) : 64 * 1024);
    }
    if (mode === 'base64') {
      const quote = chunk.indexOf(QUOTE, from);
      if (quote === -1) {
        decoder!.feed(chunk, from, chunk.length);
        continue;
      }
      decoder!.feed(chunk, from, quote);
      decoder!.end();
      from = quote + 1;
      mode = 'tail';
    }
    tail += chunk.toString('latin1', from);
    if (tail.length > TAIL_MAX) throw httpError(400, 'Body is not the expected JSON');
  }

  if (mode === 'whole' || mode === 'head') return parseJson(Buffer.concat([...whole, Buffer.from(head, 'latin1')]).toString('utf8'));
  if (mode === 'base64') throw httpError(400, 'Body is not valid JSON');
  const body = parseJson(`{"proevingsattestFile":"${prefix}"${Buffer.from(tail, 'latin1').toString('utf8')}`);
  const { invalid, size, file } = decoder!;
  streamed.set(request, invalid ? { kind: 'invalid' } : size > PROEVINGSATTEST_MAX_BYTES ? { kind: 'tooLarge' } : { kind: 'file', bytes: file.subarray(0, size) });
  return body;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw httpError(400, 'Body cannot be empty when content-type is set to \'application/json\'');
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, 'Body is not valid JSON');
  }
}
