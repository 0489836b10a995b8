import type { FastifyRequest } from 'fastify';
import { PROEVINGSATTEST_MAX_BYTES, PROEVINGSATTEST_REQUEST_MAX_BYTES } from '@lokaler/domain/wedding-certificate';

/**
 * The prøvingsattest of PUT …/proevingsattest as it was read: decoded from the request stream piece by
 * piece, so that the server never holds the 14 MB JSON body or its base64 string, only the decoded
 * file (decision 012: "never buffer unbounded bodies", and the upload's memory target). The file
 * is in pieces, in the order read: each the front of a piece of the body, decoded in place.
 */
export type StreamedCertificate = { kind: 'file'; pieces: readonly Buffer[] } | { kind: 'tooLarge' } | { kind: 'invalid' };

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
 * The base64 of the data URL, decoded from the body's bytes as they come, with no string made of the
 * payload. Each piece of the body is decoded into its own front (4 characters give 3 bytes, so the
 * bytes written never overtake the ones read; the 1–2 bytes a quad begun in the piece before would
 * write ahead wait in `held`): the file is the pieces' fronts, and no buffer of the file's size is
 * allocated. Valid is what `/^[A-Za-z0-9+/]*={0,2}$/` accepts once JSON's escaped slashes ('\\/') are
 * read as '/'; it decodes as Buffer.from(…, 'base64') does (a last lone character is dropped). Past
 * 10 MB the bytes are only counted, to answer 'too large'. Writing into the pieces is safe because
 * they are this parser's alone: Node's HTTP parser copies each piece of a body into a Buffer of its
 * own, and the route has no other reader of the body (no preParsing hook).
 */
class Base64Decoder {
  /** The decoded size, also past the file's limit. */
  size = 0;
  invalid = false;
  readonly pieces: Buffer[] = [];
  /** The 0–3 sextets of the quad begun, and how many. */
  private bits = 0;
  private sextets = 0;
  private padding = 0;
  /** The piece ended after a backslash: the next byte is the escaped one. */
  private escaped = false;
  /** Decoded bytes not yet written: their place in the piece is not read yet. */
  private readonly held = new Uint8Array(8);
  private heldCount = 0;

  /** Decodes bytes[start, end), which hold no closing quote, into bytes[start, …). */
  feed(bytes: Buffer, start: number, end: number): void {
    if (this.invalid) return;
    let { bits, sextets, padding, escaped, size } = this;
    let invalid = false;
    let written = start;
    for (let i = start; i < end; i++) {
      // The common case first: whole quads of the alphabet, at a quad's start, nothing held.
      if (sextets === 0 && padding === 0 && !escaped && this.heldCount === 0) {
        const last = Math.min(end - 4, i + (PROEVINGSATTEST_MAX_BYTES - size) / 0.75 - 4);
        while (i <= last) {
          const a = SEXTETS[bytes[i]!]!,
            b = SEXTETS[bytes[i + 1]!]!,
            c = SEXTETS[bytes[i + 2]!]!,
            d = SEXTETS[bytes[i + 3]!]!;
          if ((a | b | c | d) < 0) break;
          // Bytes up to i + 3 are read and `written` is at most i.
          bytes[written] = (a << 2) | (b >>> 4);
          bytes[written + 1] = ((b & 0x0f) << 4) | (c >>> 2);
          bytes[written + 2] = ((c & 0x03) << 6) | d;
          written += 3;
          size += 3;
          i += 4;
        }
        if (i >= end) break;
      }
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
        sextets = 0;
        size += 3;
        if (size <= PROEVINGSATTEST_MAX_BYTES) {
          // Bytes up to i are read: there is room for 3 once nothing is held.
          if (this.heldCount === 0 && written + 3 <= i + 1) {
            bytes[written] = bits >>> 16;
            bytes[written + 1] = (bits >>> 8) & 0xff;
            bytes[written + 2] = bits & 0xff;
            written += 3;
          } else {
            written = this.place(bytes, written, i + 1, bits);
          }
        }
        bits = 0;
      }
    }
    this.bits = bits;
    this.sextets = sextets;
    this.padding = padding;
    this.escaped = escaped;
    this.size = size;
    if (invalid) {
      this.invalid = true;
      this.pieces.length = 0;
      return;
    }
    if (this.size > PROEVINGSATTEST_MAX_BYTES) {
      this.pieces.length = 0;
      return;
    }
    if (written > start) this.pieces.push(bytes.subarray(start, written));
    this.flushHeld();
  }

  /** The closing quote: the last quad's 2 or 3 sextets give 1 or 2 bytes. */
  end(): void {
    if (this.escaped) this.invalid = true;
    if (this.invalid) {
      this.pieces.length = 0;
      return;
    }
    const count = this.sextets === 2 ? 1 : this.sextets === 3 ? 2 : 0;
    if (count === 0) return;
    this.size += count;
    if (this.size > PROEVINGSATTEST_MAX_BYTES) {
      this.pieces.length = 0;
      return;
    }
    const word = this.bits << (this.sextets === 2 ? 20 : 14);
    this.pieces.push(Buffer.from([word >>> 24, (word >>> 16) & 0xff].slice(0, count)));
  }

  /** Writes the held bytes and the quad's 3 into bytes[written, readTo) as far as they fit; holds the rest. */
  private place(bytes: Buffer, written: number, readTo: number, bits: number): number {
    const held = this.held;
    held[this.heldCount] = bits >>> 16;
    held[this.heldCount + 1] = (bits >>> 8) & 0xff;
    held[this.heldCount + 2] = bits & 0xff;
    const total = this.heldCount + 3;
    const fits = Math.min(total, readTo - written);
    for (let k = 0; k < fits; k++) bytes[written + k] = held[k]!;
    held.copyWithin(0, fits, total);
    this.heldCount = total - fits;
    return written + fits;
  }

  /** At a piece's end, bytes still held become a piece of their own. */
  private flushHeld(): void {
    if (this.heldCount === 0) return;
    this.pieces.push(Buffer.from(this.held.subarray(0, this.heldCount)));
    this.heldCount = 0;
  }
}

/**
 * The JSON body parser of the upload route. The body `{"proevingsattestFile":"data:…;base64,…"}` is
 * read as a stream: the base64 is decoded from each piece's bytes into that piece (past 10 MB only
 * counted, to answer 'too large'), and the body handed on is the same JSON with the
 * data URL's payload left out (its type stays, for the checks). Any other body (the object form, a bad
 * one) is read whole and parsed as JSON, as Fastify would. The route's bodyLimit is kept here: a
 * longer Content-Length, or more bytes than it allows, is a 413 without reading further.
 */
export async function parseCertificateBody(
  request: FastifyRequest,
  payload: AsyncIterable<Buffer> & NodeJS.ReadableStream,
): Promise<unknown> {
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
      decoder = new Base64Decoder();
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
  const { invalid, size, pieces } = decoder!;
  streamed.set(request, invalid ? { kind: 'invalid' } : size > PROEVINGSATTEST_MAX_BYTES ? { kind: 'tooLarge' } : { kind: 'file', pieces });
  return body;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw httpError(400, "Body cannot be empty when content-type is set to 'application/json'");
  try {
    return JSON.parse(text);
  } catch {
    throw httpError(400, 'Body is not valid JSON');
  }
}
