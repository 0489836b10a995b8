import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SanitizedDocument, sanitizeDocument } from './sanitized-document';

describe('sanitizeDocument', () => {
  it('keeps structure and tables on screen, and drops scripts, handlers, images, styles and links', () => {
    const html =
      '<section><h2>Vilkår</h2><p onclick="x()" style="color:red">Tekst <strong>viktig</strong></p><table><tr><td colspan="2">A</td></tr></table><script>x()</script><img src="x"><a href="https://evil.example">lenke</a></section>';
    expect(sanitizeDocument(html, 'document')).toBe(
      '<section><h2>Vilkår</h2><p>Tekst <strong>viktig</strong></p><table><tbody><tr><td colspan="2">A</td></tr></tbody></table>lenke</section>',
    );
  });

  it('prints only headings, paragraphs, lists, tables, div, section, article and br (spec 02 §5), keeping the text', () => {
    const html =
      '<article><h1>K</h1><p>Pris <strong>0</strong> kr<br>per time</p><ul><li><em>en</em></li></ul><div><span>x</span></div><hr></article>';
    expect(sanitizeDocument(html, 'print')).toBe(
      '<article><h1>K</h1><p>Pris 0 kr<br>per time</p><ul><li>en</li></ul><div>x</div></article>',
    );
  });

  it('moves the headings down under the page heading, keeping their order', () => {
    expect(sanitizeDocument('<h1>A</h1><h2>B</h2><h3>C</h3>', 'document', { minHeadingLevel: 2 })).toBe('<h2>A</h2><h3>B</h3><h4>C</h4>');
    expect(sanitizeDocument('<h3>A</h3><h4>B</h4>', 'document', { minHeadingLevel: 2 })).toBe('<h3>A</h3><h4>B</h4>');
  });

  it('renders the sanitised document in a div with the given attributes', () => {
    const { container } = render(
      <SanitizedDocument html={'<h1>T</h1><p>x<script>y</script></p>'} minHeadingLevel={2} aria-label="Kontrakten" role="region" />,
    );
    const region = container.querySelector('[role="region"]')!;
    expect(region.getAttribute('aria-label')).toBe('Kontrakten');
    expect(region.innerHTML).toBe('<h2>T</h2><p>x</p>');
  });
});
