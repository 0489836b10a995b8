import {
  PROEVINGSATTEST_CONTENT_TYPE,
  PROEVINGSATTEST_MAX_BYTES,
  hasPdfMagic,
  invalidDataUrlMessage,
  onlyPdfMessage,
  parseDataUrl,
  tooLargeMessage,
  type ProevingsattestUpload,
} from '@lokaler/domain/wedding-certificate';
import { pdfRefusalMessages } from '@lokaler/domain/pdf-upload';
import { AppError } from '../../errors';
import { inspectPdf } from './inspect-pdf';
import { DEFAULT_CERTIFICATE_NAME, safeFileName } from './safe-file-name';
import type { StreamedCertificate } from './stream-certificate-body';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', message, message);
}

/** The file's bytes: whole, or in the pieces the upload's body parser decoded them into. */
export type FileBytes = Buffer | readonly Buffer[];

export interface CheckedFile {
  filename: string;
  contentType: string;
  bytes: FileBytes;
}

/**
 * Decodes and checks the upload: a data URL or {bytes, contentType, filename}; PDF (by type and magic
 * bytes), ≤ 10 MB, then parsed (inspectPdf): no encryption, JavaScript, launch actions or embedded
 * files, within the limits of pages and decompressed size. The name is reduced to a safe base name.
 * `streamed` is the data URL's payload when the body parser decoded it from the stream (the upload
 * route): the body then holds the data URL without it, and the checks are the same.
 */
export async function checkUpload(upload: ProevingsattestUpload, streamed?: StreamedCertificate): Promise<CheckedFile> {
  const file = checkFormat(upload, streamed);
  const check = await inspectPdf(file.bytes);
  if (!check.ok) throw new AppError('BAD_REQUEST', `PDF refused: ${check.reason}`, pdfRefusalMessages[check.reason]);
  return { ...file, filename: safeFileName(file.filename) };
}

/** The checks of type, size and first bytes, before any parsing. */
function checkFormat(upload: ProevingsattestUpload, streamed?: StreamedCertificate): CheckedFile {
  const file = upload.proevingsattestFile;
  if (streamed && typeof file === 'string') {
    const parsed = parseDataUrl(file);
    if (!parsed || streamed.kind === 'invalid') throw badRequest(invalidDataUrlMessage);
    if (parsed.contentType !== PROEVINGSATTEST_CONTENT_TYPE) throw badRequest(onlyPdfMessage);
    if (streamed.kind === 'tooLarge') throw badRequest(tooLargeMessage);
    // The magic's 5 bytes from the first pieces (none of them is empty).
    if (!hasPdfMagic(Buffer.concat(streamed.pieces.slice(0, 8)).subarray(0, 8))) throw badRequest(onlyPdfMessage);
    return { filename: DEFAULT_CERTIFICATE_NAME, contentType: parsed.contentType, bytes: streamed.pieces };
  }
  let contentType: string;
  let base64: string;
  let filename: string;
  if (typeof file === 'string') {
    const parsed = parseDataUrl(file);
    if (!parsed) throw badRequest(invalidDataUrlMessage);
    ({ contentType, base64 } = parsed);
    filename = DEFAULT_CERTIFICATE_NAME;
  } else {
    if (!BASE64.test(file.bytes)) throw badRequest(invalidDataUrlMessage);
    ({ contentType, bytes: base64, filename } = file);
  }
  if (contentType !== PROEVINGSATTEST_CONTENT_TYPE) throw badRequest(onlyPdfMessage);
  // The decoded size from the length, before decoding, so that a huge body is not decoded at all.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length / 4) * 3 - padding > PROEVINGSATTEST_MAX_BYTES) throw badRequest(tooLargeMessage);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROEVINGSATTEST_MAX_BYTES) throw badRequest(tooLargeMessage);
  if (!hasPdfMagic(bytes)) throw badRequest(onlyPdfMessage);
  return { filename, contentType, bytes };
}
