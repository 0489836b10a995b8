import type { FastifyReply } from 'fastify';
import { PROEVINGSATTEST_CONTENT_TYPE } from '@lokaler/domain/wedding-certificate';
import { contentDisposition } from './safe-file-name';

/**
 * The stored prøvingsattest as the answer of a download (the couple's and the wedding office's): a PDF
 * attachment with the stored name (RFC 6266), never cached and never sniffed into something else.
 */
export function sendProevingsattest(reply: FastifyReply, file: { filename: string; bytes: Buffer }) {
  return reply
    .header('content-type', PROEVINGSATTEST_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
