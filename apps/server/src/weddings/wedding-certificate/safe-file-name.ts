/** The name a stored prøvingsattest gets when the upload's name leaves nothing usable. */
export const DEFAULT_CERTIFICATE_NAME = 'provingsattest.pdf';
const MAX_NAME_LENGTH = 120;

/**
 * The uploaded file's name reduced to a safe base name: no folders (`../../../etc/passwd.pdf` is
 * `passwd.pdf`, `C:\x\a.pdf` is `a.pdf`), no control or invisible format characters (a right-to-left
 * override can make `fdp.exe` look like `exe.pdf`), no leading dots or surrounding spaces, at most
 * 120 characters, and the `.pdf` ending the content has. Quotes and letters like æøå stay: the
 * download's header encodes them (contentDisposition).
 */
export function safeFileName(uploaded: string): string {
  const base = uploaded.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const visible = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^[.\s]+/u, '');
  const stem = visible.replace(/\.pdf$/iu, '').replace(/[.\s]+$/u, '');
  if (stem === '') return DEFAULT_CERTIFICATE_NAME;
  return `${Array.from(stem)
    .slice(0, MAX_NAME_LENGTH - 4)
    .join('')}.pdf`;
}

/** RFC 5987's attr-char: what may stand unencoded in `filename*` (encodeURIComponent leaves ' ( ) * ! too). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * 'attachment' per RFC 6266: `filename=` an ASCII fallback for old clients (non-ASCII, quote,
 * backslash and percent as '_'), `filename*=UTF-8''…` the whole name percent-encoded, which every
 * current browser prefers. The name is reduced again, for files stored before names were.
 */
export function contentDisposition(filename: string): string {
  const name = safeFileName(filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
