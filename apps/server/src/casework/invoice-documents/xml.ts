/**
 * A small XML writer for the EHF document (decision 071): elements built as data, written out with their
 * namespaces' prefixes as given. An element whose text is empty, or that ends up with no children, is left
 * out: PEPPOL forbids empty elements (PEPPOL-EN16931-R008), and an optional value that is missing is
 * written as null rather than checked at every call.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** A leaf's text, or the child elements in the order the schema wants them. */
  content: string | XmlElement[];
}

type Child = XmlElement | null | undefined | false;

/** A leaf element with its text; null/undefined/'' leaves it out. */
export function leaf(name: string, text: string | number | null | undefined, attributes: Record<string, string> = {}): XmlElement | null {
  if (text === null || text === undefined) return null;
  const value = String(text).trim();
  return value === '' ? null : { name, attributes, content: value };
}

/** An element holding other elements; left out when none of them is present. */
export function node(name: string, children: Child[], attributes: Record<string, string> = {}): XmlElement | null {
  const present = children.filter((child): child is XmlElement => Boolean(child));
  return present.length === 0 ? null : { name, attributes, content: present };
}

// XML 1.0 allows tab, newline and carriage return of the C0 controls, and no lone surrogate; anything else becomes a space.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function write(element: XmlElement, indent: string, out: string[]): void {
  const attributes = Object.entries(element.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (typeof element.content === 'string') {
    out.push(`${indent}<${element.name}${attributes}>${escapeXml(element.content)}</${element.name}>`);
    return;
  }
  out.push(`${indent}<${element.name}${attributes}>`);
  for (const child of element.content) write(child, `${indent}  `, out);
  out.push(`${indent}</${element.name}>`);
}

/** The document with its XML declaration (UTF-8), two spaces of indentation and a final newline. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, '', out);
  return `${out.join('\n')}\n`;
}
