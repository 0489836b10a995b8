/**
 * The one frame of every e-mail Lokaler sends. Builders write the plain text with `letterText`
 * (greeting, paragraphs, signature); the outbox stores that text, and `renderMailParts` derives the
 * HTML part from it when the message goes out. So each message has both parts, they always say the
 * same, and a row queued before this layout existed is sent with an HTML part too.
 */

/** Lines separated by a blank line each; a block is one line or several kept together. */
export type LetterBlock = string | readonly string[];

export function letterText(input: {
  /** "Hei!" unless the builder knows the person's name. */
  greeting?: string;
  blocks: readonly LetterBlock[];
  /** Lines under "Med vennlig hilsen"; the city last. */
  signature?: readonly string[];
}): string {
  const blocks = input.blocks.map((b) => (typeof b === 'string' ? b : b.join('\n')));
  return [input.greeting ?? 'Hei!', ...blocks, ['Med vennlig hilsen', ...(input.signature ?? []), 'Oslo kommune'].join('\n')].join('\n\n');
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One line: escaped, addresses turned into links, leading spaces (indented lists) kept. */
function htmlLine(line: string): string {
  let html = '';
  let from = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    html += escapeHtml(line.slice(from, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" style="color:#1f42aa">${url}</a>`;
    from = match.index + match[0].length;
  }
  html += escapeHtml(line.slice(from));
  return html.replace(/^ +/, (spaces) => '&nbsp;'.repeat(spaces.length));
}

export function renderMailParts(message: { subject: string; text: string }): { text: string; html: string } {
  const text = message.text.replace(/\r\n?/g, '\n');
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => (block.trim() === '' ? '' : `<p style="margin:0 0 16px">${block.split('\n').map(htmlLine).join('<br>\n')}</p>`));
  const html = [
    '<!doctype html>',
    '<html lang="nb">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(message.subject)}</title></head>`,
    '<body style="margin:0;padding:24px 0;background:#f2f2f2;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#2a2859">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px">',
    '<p style="margin:0 0 24px;font-weight:bold">Oslo kommune · Lokaler</p>',
    ...paragraphs.filter(Boolean),
    '<p style="margin:24px 0 0;font-size:13px;color:#666666">Denne e-posten er sendt automatisk fra Lokaler.</p>',
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { text, html };
}
