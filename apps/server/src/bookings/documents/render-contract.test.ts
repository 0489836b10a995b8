import { describe, expect, it } from 'vitest';
import { contractAllowedTags } from '@lokaler/domain/contract';
import { documentData, freeTerms } from '../../../test/factories/documents';
import { renderContract } from './render-contract';

const today = '2025-08-20';

describe('the contract document (the one renderer: preview, approval and demo data)', () => {
  it('uses only the tags printing allows, without attributes, and escapes every value', () => {
    const html = renderContract({ data: documentData, terms: freeTerms, today });
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)];
    expect(tags.length).toBeGreaterThan(10);
    for (const [, tag, attributes] of tags) {
      expect(contractAllowedTags).toContain(tag);
      expect(attributes).toBe('');
    }
    expect(html).not.toContain('<script>');
    expect(html).toContain('Sjakk &lt;script&gt;alert(1)&lt;/script&gt; &amp; kaffe');
  });

  it('names the parties, the rooms and times, the price and the date', () => {
    const html = renderContract({ data: documentData, terms: { ...freeTerms, costCategory: 'MARKET', marketPriceOre: 350_000 }, today });
    expect(html).toContain('<h1>Kontrakt for lån og leie av lokale</h1>');
    expect(html).toContain('<p>Saksnummer: LOK-2025-00042</p>');
    expect(html).toContain('<p>Utleier: Oslo kommune ved Sagene samfunnshus, Kristiansands gate 2, 0463 Oslo</p>');
    expect(html).toContain('<p>Leietaker: Sagene Sjakklubb (org.nr. 998877660), ved Per Hansen</p>');
    expect(html).toContain('<h3>Møterom (M1)</h3><ul><li>02.09.2025 19:00–21:00</li></ul>');
    expect(html).toContain('3 500,00 kr');
    expect(html).toContain('<p>Dato: 20.08.2025</p>');
  });

  it('states supervision and a retroactive contract among the conditions', () => {
    const html = renderContract({
      data: documentData,
      terms: { ...freeTerms, hasTilsynsvakt: true, tilsynsvaktWeekdays: ['TUESDAY'], retroactiveContract: true },
      today,
    });
    expect(html).toContain('<li>Det skal være tilsynsvakt til stede tirsdag.</li>');
    expect(html).toContain('tilbakevirkende kraft');
  });

  it('is the same bytes for the same booking, terms and day (its hash identifies what was approved), and differs by day', () => {
    expect(renderContract({ data: documentData, terms: freeTerms, today })).toBe(
      renderContract({ data: { ...documentData }, terms: { ...freeTerms }, today }),
    );
    expect(renderContract({ data: documentData, terms: freeTerms, today })).toContain('<p>Lånet er gratis.</p>');
    expect(renderContract({ data: documentData, terms: freeTerms, today: '2025-08-21' })).not.toBe(
      renderContract({ data: documentData, terms: freeTerms, today }),
    );
  });
});
