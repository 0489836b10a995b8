import { createRequire } from 'node:module';

/**
 * An EHF document read back with a real XML parser (jsdom's DOMParser: namespaces, well-formedness),
 * for the tests that check the PEPPOL BIS Billing 3.0 rules by hand (the official schematron files are
 * not available here). Paths are written with the UBL prefixes: 'cac:Party/cbc:EndpointID'.
 */

const NS: Record<string, string> = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** The part of the DOM the tests use: the server compiles without the DOM library, and jsdom ships no types. */
export interface XmlNode {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly children: ArrayLike<XmlNode>;
  getAttribute(name: string): string | null;
}
interface XmlDocument {
  readonly documentElement: XmlNode;
  getElementsByTagName(name: string): ArrayLike<XmlNode>;
}
interface Jsdom {
  JSDOM: new (html: string) => { window: { DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument } } };
}

const { DOMParser } = new (createRequire(import.meta.url)('jsdom') as Jsdom).JSDOM('').window;

export function parseUbl(xml: string): XmlNode {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return document.documentElement;
}

export function childElements(element: XmlNode): XmlNode[] {
  return Array.from(element.children);
}

/** The elements at a path of child steps below `from`. */
export function all(from: XmlNode, path: string): XmlNode[] {
  let current = [from];
  for (const step of path.split('/')) {
    const [prefix, local] = step.split(':') as [string, string];
    current = current.flatMap((e) => childElements(e).filter((c) => c.namespaceURI === NS[prefix] && c.localName === local));
  }
  return current;
}

/** The text of the only element at a path; undefined when there is none, an error when there are several. */
export function text(from: XmlNode, path: string): string | undefined {
  const found = all(from, path);
  if (found.length > 1) throw new Error(`${path}: ${found.length} elements`);
  return found[0]?.textContent ?? undefined;
}

/** An amount in whole øre, read as a decimal string (no floating point): '-12.30' → -1230. */
export function ore(value: string | undefined): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) throw new Error(`not an amount with at most two decimals: ${value}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0')));
}

/** Every element in document order. */
export function descendants(root: XmlNode): XmlNode[] {
  return [root, ...childElements(root).flatMap(descendants)];
}
