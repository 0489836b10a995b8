import { describe, expect, it } from 'vitest';
import { contractAllowedTags } from '@lokaler/domain/contract';
import { renderContractHtml, type ContractInput } from './render-contract';

const input: ContractInput = {
  caseNumber: 'LOK-2025-00042',
  location: { name: 'Sagene samfunnshus', streetAddress: 'Kristiansands gate 2', postCode: '0463', city: 'Oslo', contactEmail: 'post@sagene.example.no', phoneNumber: '23 45 67 89' },
  tenant: { name: 'Per Hansen', email: 'per.hansen@example.no', organization: { name: 'Sagene Sjakklubb', number: '998877660' } },
  activity: 'Sjakk <script>alert(1)</script> & kaffe',
  participants: 20,
  durationType: 'SEMESTERLOAN',
  times: [{ room: 'Møterom (M1)', date: '2025-09-02', startTime: '19:00:00', endTime: '21:00:00' }],
  cost: { category: 'MARKET', marketPriceOre: 350_000, calculatedPriceOre: null },
  hasOslonokkelen: true,
  hasTilsynsvakt: false,
};

describe('the contract document', () => {
  it('uses only the tags printing allows, without attributes, and escapes every value', () => {
    const html = renderContractHtml(input);
    for (const [, tag, attributes] of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
      expect(contractAllowedTags).toContain(tag);
      expect(attributes).toBe('');
    }
    expect(html).not.toContain('<script>');
    expect(html).toContain('Sjakk &lt;script&gt;alert(1)&lt;/script&gt; &amp; kaffe');
  });

  it('names the parties, the rooms and times, the price and the key', () => {
    const html = renderContractHtml(input);
    expect(html).toContain('Sagene Sjakklubb (org.nr. 998877660)<br>v/ Per Hansen');
    expect(html).toContain('<td>Møterom (M1)</td><td>tirsdag 02.09.2025</td><td>19:00–21:00</td>');
    expect(html).toContain('markedspris: 3 500,00 kr');
    expect(html).toContain('Oslonøkkelen');
    expect(html).toContain('semesterlån');
  });

  it('is the same document for the same booking (its hash identifies what was signed)', () => {
    expect(renderContractHtml(input)).toBe(renderContractHtml({ ...input }));
    expect(renderContractHtml({ ...input, cost: { category: 'FREE', marketPriceOre: null, calculatedPriceOre: null } })).toContain('Lånet er gratis.');
  });
});
