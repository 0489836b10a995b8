import { createHash } from 'node:crypto';
import { escapeHtml } from '@lokaler/domain/escape-html';

/**
 * Building blocks of the vedtak and contract HTML. Only the elements the applicant's print view
 * allows are used (headings, paragraphs, lists, tables, div, section, article, br; spec 02 §5),
 * and every value from the database is escaped.
 */

/** A paragraph of text; line breaks in the text become <br>. */
export function p(text: string): string {
  return `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

export function h(level: 1 | 2 | 3, text: string): string {
  return `<h${level}>${escapeHtml(text)}</h${level}>`;
}

export function ul(items: readonly string[]): string {
  return `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = (tag: 'th' | 'td', row: readonly string[]) => row.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('');
  return `<table><thead><tr>${cells('th', head)}</tr></thead><tbody>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody></table>`;
}

export function section(...parts: string[]): string {
  return `<section>${parts.join('')}</section>`;
}

export function article(...parts: string[]): string {
  return `<article>${parts.join('')}</article>`;
}

/** The document's fingerprint: SHA-256 of its UTF-8 bytes, lower-case hex. */
export function sha256Hex(html: string): string {
  return createHash('sha256').update(html, 'utf8').digest('hex');
}
