import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that can start markup or end an attribute, and nothing else', () => {
    expect(escapeHtml(`<script>alert("x" + 'y')</script> & æøå`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt; &amp; æøå',
    );
  });

  it('escapes an ampersand once, so an entity in the text stays visible as written', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
    expect(escapeHtml('')).toBe('');
  });
});
