import { describe, expect, it } from 'vitest';
import { documentData, freeTerms } from '../../../test/factories/documents';
import { renderVedtak } from '../documents/render-vedtak';
import { decodeEntities, htmlToBlocks } from './html-blocks';
import { h, p, table, ul } from '../documents/html';

describe('htmlToBlocks: the stored document HTML as blocks to lay out (decision 055)', () => {
  it('reads every element documents/html.ts writes, with escaped values as typed', () => {
    const html = `<article>${h(1, 'Vedtak & <avslag>')}<section>${h(2, 'Søker')}${p('Åse "Ø" \'Å\'\nandre linje')}${ul(['én', 'to'])}${table(['Post', 'Beløp'], [['Leie', 'kr 1 000,00']])}</section></article>`;
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'heading', level: 1, text: 'Vedtak & <avslag>' },
      { kind: 'heading', level: 2, text: 'Søker' },
      { kind: 'paragraph', lines: ['Åse "Ø" \'Å\'', 'andre linje'] },
      { kind: 'list', items: ['én', 'to'] },
      { kind: 'table', head: ['Post', 'Beløp'], rows: [['Leie', 'kr 1 000,00']] },
    ]);
  });

  it('keeps the text of an element outside the set, and text outside any paragraph', () => {
    expect(htmlToBlocks('<div>løs tekst<br>linje to<p>Et <strong>viktig</strong> ord</p></div>')).toEqual([
      { kind: 'paragraph', lines: ['løs tekst', 'linje to'] },
      { kind: 'paragraph', lines: ['Et viktig ord'] },
    ]);
  });

  it('loses no word of a real vedtak', () => {
    const html = renderVedtak({
      data: documentData,
      type: 'REJECTION',
      terms: freeTerms,
      rejectionText: 'Lokalet er <opptatt> & stengt',
      today: '2030-01-15',
    });
    const words = htmlToBlocks(html)
      .flatMap((b) =>
        b.kind === 'heading' ? [b.text] : b.kind === 'paragraph' ? b.lines : b.kind === 'list' ? b.items : [...b.head, ...b.rows.flat()],
      )
      .join(' ');
    const text = decodeEntities(html.replace(/<br>/g, ' ').replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    expect(words.replace(/\s+/g, ' ')).toBe(text);
    expect(words).toContain('Lokalet er <opptatt> & stengt');
  });

  it('decodes numeric references and leaves an unknown one as written', () => {
    expect(decodeEntities('&#248;&#xE6;&aring;&#0;')).toBe('øæ&aring;&#0;');
  });
});
