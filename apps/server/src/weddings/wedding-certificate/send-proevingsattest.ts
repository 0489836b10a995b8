import type { FastifyReply } from 'fastify';
import { PROEVINGSATTEST_CONTENT_TYPE } from '@lokaler/domain/wedding-certificate';

/**
 * The stored prøvingsattest as the answer of a download (the couple's and the wedding office's): a PDF
 * attachment with the stored name, never cached and never sniffed into something else.
 */
export function sendProevingsattest(reply: FastifyReply, file: { filename: string; bytes: Buffer }) {
  return reply
    .header('content-type', PROEVINGSATTEST_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/** 'attachment' with the stored name: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), so 'prøvingsattest.pdf' arrives whole. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
