import {
  PROEVINGSATTEST_CONTENT_TYPE, PROEVINGSATTEST_MAX_BYTES, hasPdfMagic, invalidDataUrlMessage, onlyPdfMessage, parseDataUrl,
  tooLargeMessage, type ProevingsattestUpload,
} from '@lokaler/domain/wedding-certificate';
import { AppError } from '../../errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function badRequest(message: string): AppError {
  return new AppError('BAD_REQUEST', message, message);
}

export interface CheckedFile { filename: string; contentType: string; bytes: Buffer }

/** Decodes and checks the upload: a data URL or {bytes, contentType, filename}; PDF (by type and magic bytes), ≤ 10 MB. */
export function checkUpload(upload: ProevingsattestUpload): CheckedFile {
  const file = upload.proevingsattestFile;
  let contentType: string;
  let base64: string;
  let filename: string;
  if (typeof file === 'string') {
    const parsed = parseDataUrl(file);
    if (!parsed) throw badRequest(invalidDataUrlMessage);
    ({ contentType, base64 } = parsed);
    filename = 'provingsattest.pdf';
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
