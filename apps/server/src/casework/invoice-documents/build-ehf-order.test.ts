import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEhf } from './build-ehf';
import { documentArbitrary, exampleDocument, seller } from './test-support/documents';
import { ublSequences } from './test-support/ubl-sequences';
import { descendants, parseUbl, type XmlNode } from './test-support/ubl-reader';

/**
 * UBL 2.1 is an XML Schema of sequences: an element out of its place makes the document invalid, and
 * the access point refuses it. Every element the builder writes that has children is checked against the
 * schema's sequence of its type (test-support/ubl-sequences.ts): each child is one the sequence names,
 * in the sequence's order (a repeated element stays together).
 */
function orderProblems(xml: string): string[] {
  const problems: string[] = [];
  for (const element of descendants(parseUbl(xml))) {
    const children = Array.from(element.children) as XmlNode[];
    if (children.length === 0) continue;
    const sequence = ublSequences[element.localName];
    if (!sequence) {
      problems.push(`${element.localName}: no sequence in the table`);
      continue;
    }
    let position = 0;
    for (const child of children) {
      const index = sequence.indexOf(child.localName);
      if (index < 0) problems.push(`${element.localName}: ${child.localName} is not in its sequence`);
      else if (index < position) problems.push(`${element.localName}: ${child.localName} comes after ${sequence[position]}`);
      else position = index;
    }
  }
  return problems;
}

describe('buildEhf: the element order of the UBL 2.1 schema', () => {
  it('is kept in the fixed examples of both kinds, and every aggregate written has its sequence in the table', () => {
    for (const kind of ['INVOICE', 'CREDIT_NOTE'] as const) {
      const xml = buildEhf(exampleDocument(kind), seller);
      expect(orderProblems(xml)).toEqual([]);
    }
    const written = new Set(
      descendants(parseUbl(buildEhf(exampleDocument('CREDIT_NOTE'), seller)))
        .filter((e) => e.children.length > 0)
        .map((e) => e.localName),
    );
    expect([...written].filter((name) => !ublSequences[name])).toEqual([]);
  });

  it('is kept in generated documents', () => {
    fc.assert(
      fc.property(documentArbitrary('EHF'), fc.boolean(), (doc, vatRegistered) => {
        expect(orderProblems(buildEhf(doc, { ...seller, vatRegistered }))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('finds an element out of its place (the check can fail)', () => {
    const xml = buildEhf(exampleDocument('INVOICE'), seller);
    const swapped = xml.replace(/(\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(\s*<cbc:DueDate>[^<]*<\/cbc:DueDate>)/, '$2$1');
    expect(swapped).not.toBe(xml);
    expect(orderProblems(swapped)).toEqual(['Invoice: IssueDate comes after DueDate']);
  });
});
