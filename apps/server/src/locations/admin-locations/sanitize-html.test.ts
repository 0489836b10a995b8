import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the tags the portal shows and makes links open in a new tab', () => {
    expect(
      sanitizeHtml(
        '<h2>Adkomst</h2><p>Inngang fra <b>gården</b>, <strong>ringeklokke</strong> <em>til venstre</em>.</p><ul><li>Heis</li></ul><ol><li>En</li></ol><p>a<br>b</p>',
      ),
    ).toBe(
      '<h2>Adkomst</h2><p>Inngang fra <b>gården</b>, <strong>ringeklokke</strong> <em>til venstre</em>.</p><ul><li>Heis</li></ul><ol><li>En</li></ol><p>a<br>b</p>',
    );
    expect(sanitizeHtml('<a href="https://www.oslo.kommune.no/">Les mer</a>')).toBe(
      '<a href="https://www.oslo.kommune.no/" target="_blank" rel="noopener">Les mer</a>',
    );
  });

  it('removes scripts, event handlers, styles, javascript: links and unknown tags (keeping their text)', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">Hei<script>alert(1)</script></p>')).toBe('<p>Hei</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">klikk</a>')).toBe('<a target="_blank" rel="noopener">klikk</a>');
    expect(sanitizeHtml('<div><span>Tekst</span><img src=x onerror=alert(1)><iframe src="https://x"></iframe></div>')).toBe('Tekst');
  });

  it('answers null for nothing, or for nothing left', () => {
    expect(sanitizeHtml(null)).toBeNull();
    expect(sanitizeHtml('<script>alert(1)</script>')).toBeNull();
  });
});
