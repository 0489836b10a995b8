import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROEVINGSATTEST_MAX_BYTES, PROEVINGSATTEST_REQUEST_MAX_BYTES } from '@lokaler/domain/wedding-certificate';
import { parseCertificateBody, streamedCertificateOf } from './stream-certificate-body';

const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256))]);
const dataUrl = (bytes: Buffer) => `data:application/pdf;name=file;base64,${bytes.toString('base64')}`;

async function parse(body: string, pieceSize = body.length, headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(body)) }) {
  const request = { headers } as unknown as FastifyRequest;
  const pieces = Array.from({ length: Math.ceil(body.length / pieceSize) }, (_, i) => Buffer.from(body.slice(i * pieceSize, (i + 1) * pieceSize)));
  const parsed = await parseCertificateBody(request, Readable.from(pieces) as never);
  return { parsed, streamed: streamedCertificateOf(request) };
}

describe('the upload\'s streaming body parser', () => {
  it('decodes the data URL piece by piece, in pieces of any size, and hands on the body without the payload', async () => {
    const body = JSON.stringify({ proevingsattestFile: dataUrl(file) });
    for (const size of [1, 2, 3, 5, 1000, 65_536]) {
      const { parsed, streamed } = await parse(body, size);
      expect([size, parsed]).toEqual([size, { proevingsattestFile: 'data:application/pdf;name=file;base64,' }]);
      expect([size, streamed?.kind]).toEqual([size, 'file']);
      expect(streamed?.kind === 'file' && streamed.bytes.equals(file)).toBe(true);
    }
    const { streamed } = await parse(body, 7, {});
    expect(streamed?.kind === 'file' && streamed.bytes.equals(file)).toBe(true);
    // JSON may escape the slashes of the base64 ('\\/'), also across pieces.
    const escaped = `{"proevingsattestFile":"data:application/pdf;name=file;base64,${file.toString('base64').replace(/\//g, '\\/')}"}`;
    expect(escaped).toContain('\\/');
    for (const size of [1, 999]) {
      const result = await parse(escaped, size);
      expect(result.streamed?.kind === 'file' && result.streamed.bytes.equals(file)).toBe(true);
    }
  });

  it('marks broken base64 (a bad character, a \'=\' before the end) as invalid, a file over 10 MB as too large', async () => {
    const base64 = file.toString('base64');
    for (const bad of [`${base64.slice(0, 8)}==${base64.slice(8)}`, `${base64.slice(0, 100)}!${base64.slice(100)}`, '%%%not-base64']) {
      const { streamed } = await parse(JSON.stringify({ proevingsattestFile: `data:application/pdf;base64,${bad}` }), 1000);
      expect(streamed).toEqual({ kind: 'invalid' });
    }
    const big = Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + 1);
    expect((await parse(JSON.stringify({ proevingsattestFile: dataUrl(big) }), 65_536)).streamed).toEqual({ kind: 'tooLarge' });
  });

  it('parses any other body whole, as JSON, and refuses bad JSON and a body over the limit', async () => {
    const object = { proevingsattestFile: { bytes: file.toString('base64'), contentType: 'application/pdf', filename: 'a.pdf', size: file.length } };
    const { parsed, streamed } = await parse(JSON.stringify(object), 100);
    expect(parsed).toEqual(object);
    expect(streamed).toBeUndefined();
    expect((await parse(JSON.stringify({ proevingsattestFile: 'not a data url' }))).parsed).toEqual({ proevingsattestFile: 'not a data url' });
    await expect(parse('{broken')).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse(`{"proevingsattestFile":"data:application/pdf;base64,AAAA`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(parse('{}', 2, { 'content-length': String(PROEVINGSATTEST_REQUEST_MAX_BYTES + 1) })).rejects.toMatchObject({ statusCode: 413 });
  });
});
