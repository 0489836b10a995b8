import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { sanitizeHtml, SanitizedHtml } from './sanitized-html';

describe('sanitizeHtml (spec 01 §5: a, p, br, b, ul, li, h1–h3; links in a new tab)', () => {
  it('keeps the allowed tags', () => {
    const html = '<h2>Pris</h2><p>Gratis for <b>lag</b>.<br>Se <a href="https://oslo.kommune.no/">vilkår</a></p><ul><li>En</li></ul>';
    const clean = sanitizeHtml(html);
    for (const tag of ['<h2>', '<p>', '<b>', '<br>', '<ul>', '<li>']) expect(clean).toContain(tag);
  });

  it('removes scripts, event handlers, styles and other tags, keeping their text', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()">Hei <i>du</i><script>alert(1)</script><img src=x onerror=alert(1)><span style="color:red">rød</span></p>',
    );
    expect(clean).toBe('<p>Hei durød</p>');
  });

  it('opens links in a new tab without giving the new page a handle on this one', () => {
    const clean = sanitizeHtml('<a href="https://example.no/">x</a>');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('drops javascript: links', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript:');
  });

  it('renders the sanitised HTML', () => {
    const { container } = render(<SanitizedHtml html={'<p>Hei</p><script>x()</script>'} />);
    expect(container.innerHTML).toBe('<div class="lk-rich-text"><p>Hei</p></div>');
  });
});
