import { describe, expect, it } from 'vitest';
import { contractAllowedTags } from '@lokaler/domain/contract';
import { documentData, freeTerms } from '../../../test/factories/documents';
import { renderVedtak } from './render-vedtak';

const today = '2025-08-20';

describe('the vedtak document (the one renderer: preview, approval and rejection)', () => {
  it('uses only the tags printing allows, without attributes, and escapes every value', () => {
    const html = renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today });
    for (const [, tag, attributes] of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
      expect(contractAllowedTags).toContain(tag);
      expect(attributes).toBe('');
    }
    expect(html).not.toContain('<script>');
    expect(html).toContain('Aktivitet: Sjakk &lt;script&gt;alert(1)&lt;/script&gt; &amp; kaffe');
  });

  it('grants with the times and the price, or refuses with the reason (its line breaks kept), and always tells how to appeal', () => {
    const approval = renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today });
    expect(approval).toContain('<h1>Vedtak om lån av lokale</h1>');
    expect(approval).toContain('Sagene samfunnshus innvilger søknaden');
    expect(approval).toContain('<h3>Møterom (M1)</h3>');
    expect(approval).toContain('Lånet er gratis.');
    const rejection = renderVedtak({
      data: documentData,
      type: 'REJECTION',
      terms: freeTerms,
      rejectionText: 'Salen er opptatt.\nPrøv en annen dag.',
      today,
    });
    expect(rejection).toContain('<h1>Vedtak om avslag på søknad om lån av lokale</h1>');
    expect(rejection).toContain('<p>Salen er opptatt.<br>Prøv en annen dag.</p>');
    expect(rejection).not.toContain('Møterom (M1)');
    for (const html of [approval, rejection]) expect(html).toContain('Klagen sendes til Sagene samfunnshus (post@sagene.example.no)');
  });

  it('names the times not granted and why, for an application of a round granted in part (nothing of it otherwise)', () => {
    const refused = [
      { reason: 'Tiden var ikke ledig denne datoen.', times: [{ assetDescription: 'Gymsal (G1)', times: ['09.09.2025 19:00–21:00'] }] },
    ];
    const html = renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today, refused });
    expect(html).toContain(
      '<section><h2>Ikke innvilget</h2><h3>Gymsal (G1)</h3><ul><li>09.09.2025 19:00–21:00</li></ul><p>Begrunnelse: Tiden var ikke ledig denne datoen.</p></section>',
    );
    expect(html.indexOf('Ikke innvilget')).toBeGreaterThan(html.indexOf('Rom og tider'));
    expect(renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today, refused: [] })).toBe(
      renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today }),
    );
    expect(renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today })).not.toContain('Ikke innvilget');
  });

  it('is the same bytes for the same booking, decision and day', () => {
    expect(renderVedtak({ data: documentData, type: 'APPROVAL', terms: freeTerms, today })).toBe(
      renderVedtak({ data: { ...documentData }, type: 'APPROVAL', terms: { ...freeTerms }, today }),
    );
  });
});
