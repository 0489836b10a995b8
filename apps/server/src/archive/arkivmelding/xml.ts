/**
 * A small XML writer for the one fixed structure of an arkivmelding: containers take the XML of their
 * children, leaves take text, and every text is escaped here, so no value from the database reaches
 * the message unescaped. Characters XML 1.0 cannot carry at all (C0 controls but tab and line
 * breaks, lone surrogates, U+FFFE/U+FFFF) are dropped rather than making the message unreadable.
 */

const INVALID_XML_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARACTERS, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

type Child = string | null | undefined | false;

/** A container element: its children are XML from `el` or `leaf`; empty ones (null, false, '') are left out. */
export function el(name: string, children: readonly Child[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return `<${name}${attrs}>${children.filter((c): c is string => Boolean(c)).join('')}</${name}>`;
}

/** A leaf element with escaped text; null or undefined leaves it out (an optional field without a value). */
export function leaf(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** The prefix of the metadatakatalog's namespace, whose complex types' children are qualified in it. */
export const MDK = 'n5mdk';
export const METADATAKATALOG_NAMESPACE = 'https://ks-no.github.io/standarder/fiks-protokoll/fiks-arkiv/metadatakatalog/v1';

/** Noark's kode type (metadatakatalog M800): a code and, optionally, what it means. */
export function kode(name: string, code: string, description?: string): string {
  return el(name, [leaf(`${MDK}:kode`, code), leaf(`${MDK}:beskrivelse`, description)]);
}
