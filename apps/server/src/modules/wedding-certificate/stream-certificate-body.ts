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
const BASE64_PIECE = /^[A-Za-z0-9+/]*$/;
const BASE64_END = /^[A-Za-z0-9+/]*={0,2}$/;

function httpError(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * The JSON body parser of the upload route. The body `{"proevingsattestFile":"data:…;base64,…"}` is
 * read as a stream: the base64 is decoded as it comes into one buffer of at most 10 MB (past that only
 * counted, to answer 'too large'), and the body handed on is the same JSON with the data URL's payload
 * left out (its type stays, for the checks). Any other body (the object form, a bad one) is read whole
 * and parsed as JSON, as Fastify would. The route's bodyLimit is kept here: a longer Content-Length, or
 * more bytes than it allows, is a 413 without reading further.
 */
export async function parseCertificateBody(request: FastifyRequest, payload: AsyncIterable<Buffer> & NodeJS.ReadableStream): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > PROEVINGSATTEST_REQUEST_MAX_BYTES) throw httpError(413, 'Request body is too large');

  let received = 0;
  let mode: 'head' | 'base64' | 'tail' | 'whole' = 'head';
  const whole: Buffer[] = [];
  let head = '';
  let prefix = '';
  let carry = '';
  let tail = '';
  let invalid = false;
  let decodedSize = 0;
  // The decoded file goes into one buffer sized from the declared length (no copies while it grows).
  let file = Buffer.allocUnsafe(Number.isFinite(declared) ? Math.min(PROEVINGSATTEST_MAX_BYTES, Math.ceil((declared * 3) / 4)) : 64 * 1024);

  /** Decodes straight into the file's buffer (Buffer#write), with no buffer per piece. */
  const decode = (base64: string) => {
    if (base64 === '' || invalid) return;
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    const length = Math.floor((base64.length * 3) / 4) - padding;
    if (decodedSize + length > PROEVINGSATTEST_MAX_BYTES) {
      decodedSize += length;
      return;
    }
    if (decodedSize + length > file.length) {
      const larger = Buffer.allocUnsafe(Math.min(PROEVINGSATTEST_MAX_BYTES, Math.max(decodedSize + length, file.length * 2)));
      file.copy(larger, 0, 0, decodedSize);
      file = larger;
    }
    decodedSize += file.write(base64, decodedSize, length, 'base64');
  };
  /** The base64 of one piece; '=' ends it, so a quad with '=' waits for the closing quote. */
  const feedBase64 = (text: string) => {
    if (invalid) return;
    const joined = carry === '' ? text : carry + text;
    const data = joined.includes('\\') ? joined.replace(/\\\//g, '/') : joined;
    const stop = data.endsWith('\\') ? data.length - 1 : data.length;
    const firstPad = data.indexOf('=');
    const decodable = Math.min(stop, firstPad === -1 ? stop : firstPad);
    const upTo = decodable - (decodable % 4);
    const now = data.slice(0, upTo);
    if (!BASE64_PIECE.test(now)) {
      invalid = true;
      return;
    }
    decode(now);
    carry = data.slice(upTo);
    // More than one quad held back means something other than the closing padding follows a '='.
    if (carry.length > 8) invalid = true;
  };

  for await (const chunk of payload) {
    received += chunk.length;
    if (received > PROEVINGSATTEST_REQUEST_MAX_BYTES) throw httpError(413, 'Request body is too large');
    if (mode === 'whole') {
      whole.push(chunk);
      continue;
    }
    let text = chunk.toString('latin1');
    if (mode === 'head') {
      head += text;
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
      prefix = match[1]!;
      text = head.slice(match[0].length);
      head = '';
      mode = 'base64';
    }
    if (mode === 'base64') {
      const quote = text.indexOf('"');
      if (quote === -1) {
        feedBase64(text);
        continue;
      }
      feedBase64(text.slice(0, quote));
      if (!invalid) {
        if (!BASE64_END.test(carry)) invalid = true;
        else decode(carry);
      }
      carry = '';
      text = text.slice(quote + 1);
      mode = 'tail';
    }
    tail += text;
    if (tail.length > TAIL_MAX) throw httpError(400, 'Body is not the expected JSON');
  }

  if (mode === 'whole' || mode === 'head') return parseJson(Buffer.concat([...whole, Buffer.from(head, 'latin1')]).toString('utf8'));
  if (mode === 'base64') throw httpError(400, 'Body is not valid JSON');
  const body = parseJson(`{"proevingsattestFile":"${prefix}"${Buffer.from(tail, 'latin1').toString('utf8')}`);
  streamed.set(request, invalid ? { kind: 'invalid' } : decodedSize > PROEVINGSATTEST_MAX_BYTES ? { kind: 'tooLarge' } : { kind: 'file', bytes: file.subarray(0, decodedSize) });
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
