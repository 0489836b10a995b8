/**
 * The stored vedtak and contract HTML read back as blocks to lay out in a PDF (decision 055).
 *
 * Not a general HTML parser, on purpose: the PDF is made from the stored bytes the hash covers
 * (decision 004), and those bytes come from one writer, documents/html.ts, which emits a closed set
 * of elements without attributes (article, section, div, h1–h3, p with br, ul/li, table with
 * thead/tbody/tr/th/td) and escapes every value. A small tokenizer for that set is enough, and it has
 * no dependency to keep up (parse5 would be one more server dependency for a grammar we write
 * ourselves). An element outside the set is dropped and its text kept, so nothing of the approved
 * text is ever lost from the PDF.
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  /** One paragraph; its <br> line breaks are kept as separate lines. */
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] };

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The character references escapeHtml writes (and the numeric ones), decoded; an unknown one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[ref.toLowerCase()] ?? whole;
  });
}

/** Runs of white space as one space, as a browser shows them. */
const collapse = (text: string) => text.replace(/\s+/g, ' ');

const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|([^<]+)|(<)/g;

export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  /** The text being gathered for the element open now (p, h1–h3, li, th, td), null between them. */
  let text: string | null = null;
  let loose = '';
  let list: string[] | null = null;
  let table: { head: string[]; rows: string[][] } | null = null;
  let row: string[] | null = null;
  let inHead = false;

  const flushLoose = () => {
    const lines = loose.split('\n').map((l) => collapse(l).trim());
    if (lines.some(Boolean)) blocks.push({ kind: 'paragraph', lines: lines.filter(Boolean) });
    loose = '';
  };
  const take = () => {
    const taken = text ?? '';
    text = null;
    return taken;
  };

  for (const match of html.matchAll(TOKEN)) {
    const [, slash, rawName, chars, stray] = match;
    if (chars !== undefined || stray !== undefined) {
      const decoded = decodeEntities(chars ?? stray!);
      if (text !== null) text += decoded;
      else if (!list && !table) loose += decoded;
      continue;
    }
    const name = rawName!.toLowerCase();
    const closing = slash === '/';
    if (name === 'br') {
      if (text !== null) text += '\n';
      else loose += '\n';
      continue;
    }
    switch (name) {
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
        if (!closing) {
          flushLoose();
          text = '';
        } else if (name === 'p') {
          const lines = take()
            .split('\n')
            .map((l) => collapse(l).trim())
            .filter(Boolean);
          if (lines.length) blocks.push({ kind: 'paragraph', lines });
        } else {
          const heading = collapse(take()).trim();
          if (heading) blocks.push({ kind: 'heading', level: Number(name[1]) as 1 | 2 | 3, text: heading });
        }
        break;
      case 'ul':
      case 'ol':
        if (!closing) {
          flushLoose();
          list = [];
        } else if (list) {
          if (list.length) blocks.push({ kind: 'list', items: list });
          list = null;
        }
        break;
      case 'li':
        if (!closing) text = '';
        else list?.push(collapse(take()).trim());
        break;
      case 'table':
        if (!closing) {
          flushLoose();
          table = { head: [], rows: [] };
        } else if (table) {
          blocks.push({ kind: 'table', ...table });
          table = null;
        }
        break;
      case 'thead':
        inHead = !closing;
        break;
      case 'tr':
        if (!closing) row = [];
        else if (row && table) {
          if (inHead) table.head = row;
          else table.rows.push(row);
          row = null;
        }
        break;
      case 'th':
      case 'td':
        if (!closing) text = '';
        else row?.push(collapse(take()).trim());
        break;
      default:
        // article, section, div: containers only. Any other element: its text stays, the tag goes.
        if (text === null) flushLoose();
    }
  }
  flushLoose();
  return blocks;
}
