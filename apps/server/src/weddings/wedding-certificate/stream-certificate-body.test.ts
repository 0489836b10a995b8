import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROEVINGSATTEST_MAX_BYTES, PROEVINGSATTEST_REQUEST_MAX_BYTES } from '@lokaler/domain/wedding-certificate';
import { parseCertificateBody, streamedCertificateOf } from './stream-certificate-body';

const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256))]);
const dataUrl = (bytes: Buffer) => `data:application/pdf;name=file;base64,${bytes.toString('base64')}`;

async function parse(
  body: string,
  pieceSize = body.length,
  headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(body)) },
) {
  const request = { headers } as unknown as FastifyRequest;
  const pieces = Array.from({ length: Math.ceil(body.length / pieceSize) }, (_, i) =>
    Buffer.from(body.slice(i * pieceSize, (i + 1) * pieceSize)),
  );
  const parsed = await parseCertificateBody(request, Readable.from(pieces) as never);
  return { parsed, streamed: streamedCertificateOf(request) };
}

/** The decoded file, or the kind of result that is not one. */
async function decoded(body: string, pieceSize?: number): Promise<Buffer | string | undefined> {
  const { streamed } = await parse(body, pieceSize);
  return streamed?.kind === 'file' ? Buffer.concat(streamed.pieces) : streamed?.kind;
}
const bodyOf = (base64: string) => `{"proevingsattestFile":"data:application/pdf;base64,${base64}"}`;

describe("the upload's streaming body parser", () => {
  it('decodes the data URL piece by piece, in pieces of any size, and hands on the body without the payload', async () => {
    const body = JSON.stringify({ proevingsattestFile: dataUrl(file) });
    for (const size of [1, 2, 3, 5, 1000, 65_536]) {
      const { parsed, streamed } = await parse(body, size);
      expect([size, parsed]).toEqual([size, { proevingsattestFile: 'data:application/pdf;name=file;base64,' }]);
      expect([size, streamed?.kind]).toEqual([size, 'file']);
      expect(streamed?.kind === 'file' && Buffer.concat(streamed.pieces).equals(file)).toBe(true);
    }
    const { streamed } = await parse(body, 7, {});
    expect(streamed?.kind === 'file' && Buffer.concat(streamed.pieces).equals(file)).toBe(true);
    // JSON may escape the slashes of the base64 ('\\/'), also across pieces.
    const escaped = `{"proevingsattestFile":"data:application/pdf;name=file;base64,${file.toString('base64').replace(/\//g, '\\/')}"}`;
    expect(escaped).toContain('\\/');
    for (const size of [1, 999]) {
      const result = await parse(escaped, size);
      expect(result.streamed?.kind === 'file' && Buffer.concat(result.streamed.pieces).equals(file)).toBe(true);
    }
  });

  it("marks broken base64 (a bad character, a '=' before the end) as invalid, a file over 10 MB as too large", async () => {
    const base64 = file.toString('base64');
    for (const bad of [`${base64.slice(0, 8)}==${base64.slice(8)}`, `${base64.slice(0, 100)}!${base64.slice(100)}`, '%%%not-base64']) {
      const { streamed } = await parse(JSON.stringify({ proevingsattestFile: `data:application/pdf;base64,${bad}` }), 1000);
      expect(streamed).toEqual({ kind: 'invalid' });
    }
    const big = Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + 1);
    expect((await parse(JSON.stringify({ proevingsattestFile: dataUrl(big) }), 65_536)).streamed).toEqual({ kind: 'tooLarge' });
  });

  it('parses any other body whole, as JSON, and refuses bad JSON and a body over the limit', async () => {
    const object = {
      proevingsattestFile: { bytes: file.toString('base64'), contentType: 'application/pdf', filename: 'a.pdf', size: file.length },
    };
    const { parsed, streamed } = await parse(JSON.stringify(object), 100);
    expect(parsed).toEqual(object);
    expect(streamed).toBeUndefined();
    expect((await parse(JSON.stringify({ proevingsattestFile: 'not a data url' }))).parsed).toEqual({
      proevingsattestFile: 'not a data url',
    });
    await expect(parse('{broken')).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse(`{"proevingsattestFile":"data:application/pdf;base64,AAAA`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse('{}', 2, { 'content-length': String(PROEVINGSATTEST_REQUEST_MAX_BYTES + 1) })).rejects.toMatchObject({
      statusCode: 413,
    });
  });

  it("decodes quads split at every offset, the last quad's 1–3 characters with or without padding, as Buffer.from(…, 'base64') does", async () => {
    const small = Buffer.from('%PDF-1.4 small\xff\x00\x10', 'latin1');
    for (const take of [0, 1, 2, 3, 4, 5]) {
      const bytes = small.subarray(0, small.length - take);
      const base64 = bytes.toString('base64');
      const body = bodyOf(base64);
      // The payload starts at every offset mod 4 of a piece, and pieces end at every offset of a quad.
      for (const size of [1, 2, 3, 4, 5, 6, 7, 9, 13]) {
        expect([take, size, await decoded(body, size)]).toEqual([take, size, bytes]);
        expect([take, size, await decoded(` ${body}`, size)]).toEqual([take, size, bytes]);
        expect([take, size, await decoded(`  ${body}`, size)]).toEqual([take, size, bytes]);
        expect([take, size, await decoded(`   ${body}`, size)]).toEqual([take, size, bytes]);
      }
      const unpadded = base64.replace(/=+$/, '');
      expect(await decoded(bodyOf(unpadded), 3)).toEqual(Buffer.from(unpadded, 'base64'));
    }
    // A lone last character is dropped; '=' after a whole quad is allowed (both as Buffer.from does).
    expect(await decoded(bodyOf('JVBERi0xA'), 2)).toEqual(Buffer.from('JVBERi0x', 'base64'));
    expect(await decoded(bodyOf('JVBERi0x='), 2)).toEqual(Buffer.from('JVBERi0x', 'base64'));
    expect(await decoded(bodyOf(''), 2)).toEqual(Buffer.alloc(0));
    // An escaped slash split from its backslash at every offset.
    const slashes = Buffer.from([0xff, 0xff, 0xff, 0xfb, 0xef, 0xbe, 0x25]);
    const escaped = bodyOf(slashes.toString('base64').replace(/\//g, '\\/'));
    for (const size of [1, 2, 3, 4, 5, 7]) expect(await decoded(escaped, size)).toEqual(slashes);
  });

  it("marks invalid: characters outside the alphabet, any other escape, '=' in the middle or three of them, wherever the pieces end", async () => {
    const base64 = file.subarray(0, 30).toString('base64');
    const bad = [
      `${base64.slice(0, 9)}-${base64.slice(9)}`,
      `${base64.slice(0, 9)}_${base64.slice(9)}`,
      `${base64.slice(0, 9)} ${base64.slice(9)}`,
      `${base64.slice(0, 9)}\\n${base64.slice(9)}`,
      `${base64.slice(0, 9)}\\u0041${base64.slice(9)}`,
      `${base64}\\`,
      `${base64.slice(0, 9)}é${base64.slice(9)}`,
      `${base64.slice(0, 8)}=${base64.slice(8)}`,
      `${base64.slice(0, 10)}==${base64.slice(10)}`,
      `${base64.slice(0, 11)}=A=`,
      'AAAA===',
      'AA=A',
    ];
    for (const text of bad) {
      for (const size of [1, 2, 3, 4, 5, 1000]) expect([text, size, await decoded(bodyOf(text), size)]).toEqual([text, size, 'invalid']);
    }
  });

  it("answers 'too large' for one byte past 10 MB, whatever the pieces, and keeps a file of exactly 10 MB", async () => {
    const exactly = Buffer.alloc(PROEVINGSATTEST_MAX_BYTES, 0xfb);
    const body = bodyOf(exactly.toString('base64'));
    for (const size of [65_536, 65_537]) expect(((await decoded(body, size)) as Buffer).equals(exactly)).toBe(true);
    for (const extra of [1, 2, 3]) {
      const over = bodyOf(Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + extra, 0xfb).toString('base64'));
      for (const size of [65_536, 65_537]) expect([extra, size, await decoded(over, size)]).toEqual([extra, size, 'tooLarge']);
    }
  });
});
