import { z } from 'zod';

/** Spec 02 §5/§9: the premarital test certificate (prøvingsattest) of a wedding booking. */

export const PROEVINGSATTEST_MAX_BYTES = 10_485_760;
export const PROEVINGSATTEST_CONTENT_TYPE = 'application/pdf';
export const onlyPdfMessage = 'Kun PDF-filer er tillatt';
export const tooLargeMessage = 'Filen kan ikke være større enn 10 MB';
export const invalidDataUrlMessage = 'Invalid data URL format';
export const uploadSucceededMessage = 'Prøvingsattest ble lastet opp!';
export const uploadFailedMessage = 'Prøvingsattest kunne ikke lastes opp. Prøv igjen.';
/** A download of a booking's certificate when none is on file (the couple's and the office's). */
export const noCertificateOnFileMessage = 'Det er ikke lastet opp noen prøvingsattest for denne bookingen.';
/**
 * The largest request body a certificate can come in: the data URL of a 10 MB file (base64, 4 characters
 * per 3 bytes, plus its prefix) and 256 KiB for the JSON around it (the wedding form's other fields).
 * The server refuses a longer body from its Content-Length or while reading it, never buffering more.
 */
export const PROEVINGSATTEST_REQUEST_MAX_BYTES = Math.ceil(PROEVINGSATTEST_MAX_BYTES / 3) * 4 + 256 * 1024;
/** Spec 02 §9: the certificate is due at the latest 4 weeks before the ceremony; the reminder goes when that is near. */
export const PROEVINGSATTEST_DUE_DAYS_BEFORE = 28;

/** 'data:application/pdf;name=file;base64,…' (spec §5); other parameters may sit between type and base64. */
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w.-]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

export type CertificateFileCheck = { ok: true } | { ok: false; message: string };

/** The checks a browser can make before reading the file (the server repeats them on the bytes). */
export function checkCertificateFile(file: { type: string; name: string; size: number }): CertificateFileCheck {
  const pdf = file.type === PROEVINGSATTEST_CONTENT_TYPE || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return { ok: false, message: onlyPdfMessage };
  if (file.size > PROEVINGSATTEST_MAX_BYTES) return { ok: false, message: tooLargeMessage };
  return { ok: true };
}

/** Content type and base64 payload of a data URL, or null when it is not one. */
export function parseDataUrl(value: string): { contentType: string; base64: string } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  return { contentType: match[1]!, base64: match[3]! };
}

/** The first bytes of every PDF ('%PDF-'): a file named .pdf that is not one is refused. */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

export const proevingsattestUpload = z.object({
  /** A data URL (spec §5) or the file as an object with base64 bytes. */
  proevingsattestFile: z.union([
    z.string().max(15 * 1024 * 1024),
    z.object({
      bytes: z.string().max(15 * 1024 * 1024),
      contentType: z.string().max(200),
      filename: z.string().min(1).max(255),
      size: z.number().int().nonnegative(),
    }),
  ]),
});
export type ProevingsattestUpload = z.infer<typeof proevingsattestUpload>;

export const proevingsattestFileInfo = z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() });
