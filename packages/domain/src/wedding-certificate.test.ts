import { describe, expect, it } from 'vitest';
import { checkCertificateFile, hasPdfMagic, onlyPdfMessage, parseDataUrl, tooLargeMessage } from './wedding-certificate';

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('the prøvingsattest checks', () => {
  it('accepts a PDF up to exactly 10 MB, by type or (without a type) by name', () => {
    expect(checkCertificateFile({ type: 'application/pdf', name: 'a.pdf', size: 10_485_760 })).toEqual({ ok: true });
    expect(checkCertificateFile({ type: '', name: 'A.PDF', size: 10 })).toEqual({ ok: true });
  });
  it('refuses other files and larger ones with the spec messages', () => {
    expect(checkCertificateFile({ type: 'image/png', name: 'a.pdf', size: 10 })).toEqual({ ok: false, message: onlyPdfMessage });
    expect(checkCertificateFile({ type: 'application/pdf', name: 'a.pdf', size: 10_485_761 })).toEqual({
      ok: false,
      message: tooLargeMessage,
    });
  });
  it('reads the data URL of spec §5 and nothing else', () => {
    expect(parseDataUrl('data:application/pdf;name=file;base64,JVBERi0=')).toEqual({ contentType: 'application/pdf', base64: 'JVBERi0=' });
    expect(parseDataUrl('data:application/pdf;base64,JVBERi0=')).toEqual({ contentType: 'application/pdf', base64: 'JVBERi0=' });
    expect(parseDataUrl('data:application/pdf,JVBERi0=')).toBeNull();
    expect(parseDataUrl('data:application/pdf;base64,%%%')).toBeNull();
  });
  it('knows a PDF by its first bytes', () => {
    expect(hasPdfMagic(bytesOf('%PDF-1.7'))).toBe(true);
    expect(hasPdfMagic(bytesOf('%PDF'))).toBe(false);
    expect(hasPdfMagic(bytesOf('GIF89a'))).toBe(false);
  });
});
