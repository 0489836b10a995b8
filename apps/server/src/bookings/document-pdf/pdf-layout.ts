import { rgb, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import type { Block } from './html-blocks';

/**
 * A plain flow layout for the documents' blocks on A4 (decision 055): lines wrapped by the embedded
 * font's own widths, headings bold and larger, bullet lists, tables as rows of wrapped cells (the
 * header row again on each page it continues on), page breaks, and "Side n av m" at the foot.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = { top: 60, bottom: 70, left: 62, right: 62 };
const BODY_SIZE = 10.5;
const LINE = 1.4;
const HEADING_SIZE = { 1: 17, 2: 13, 3: 11.5 } as const;
const BULLET_INDENT = 14;
const CELL_PADDING = 4;
const INK = rgb(0, 0, 0);
const RULE = rgb(0.6, 0.6, 0.6);

export interface LayoutFonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  font: PDFFont;
  size: number;
}

export class PdfFlow {
  readonly width = PAGE_WIDTH - MARGIN.left - MARGIN.right;
  private readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  private readonly drawable: Set<number>;
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: LayoutFonts,
  ) {
    // Both fonts are DejaVu Sans: one character set. A character it has no glyph for would be drawn
    // as .notdef, which PDF/A-2 forbids; it becomes '?' instead.
    this.drawable = new Set(fonts.regular.getCharacterSet());
    this.newPage();
  }

  /** Text the font can draw: tabs and other control characters as spaces, a character without a glyph as '?'. */
  drawableText(text: string): string {
    let out = '';
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      out += code < 0x20 || code === 0x7f ? ' ' : this.drawable.has(code) ? ch : '?';
    }
    return out;
  }

  widthOf(text: string, { font, size }: TextStyle): number {
    let cache = this.widths.get(font);
    if (!cache) this.widths.set(font, (cache = new Map()));
    let width = cache.get(text);
    if (width === undefined) cache.set(text, (width = font.widthOfTextAtSize(text, 1)));
    return width * size;
  }

  /** The text in lines no wider than `width`, broken at spaces; a word wider than a line is broken where it must. */
  wrap(text: string, style: TextStyle, width: number): string[] {
    const lines: string[] = [];
    const space = this.widthOf(' ', style);
    let current = '';
    let currentWidth = 0;
    for (const word of this.drawableText(text).split(' ')) {
      const wordWidth = this.widthOf(word, style);
      if (current && currentWidth + space + wordWidth <= width) {
        current += ` ${word}`;
        currentWidth += space + wordWidth;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      currentWidth = wordWidth;
      while (currentWidth > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && this.widthOf(current.slice(0, cut), style) > width) cut -= 1;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
        currentWidth = this.widthOf(current, style);
      }
    }
    if (current || lines.length === 0) lines.push(current);
    return lines;
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN.top;
  }

  private atTop(): boolean {
    return this.y === PAGE_HEIGHT - MARGIN.top;
  }

  /** A new page unless `height` still fits on this one. */
  private ensure(height: number): void {
    if (this.y - height < MARGIN.bottom && !this.atTop()) this.newPage();
  }

  space(points: number): void {
    if (!this.atTop()) this.y -= points;
  }

  private drawLine(text: string, style: TextStyle, x: number): void {
    const height = style.size * LINE;
    this.ensure(height);
    this.page.drawText(text, { x, y: this.y - style.size * 1.05, font: style.font, size: style.size, color: INK });
    this.y -= height;
  }

  text(text: string, { bold = false, size = BODY_SIZE, indent = 0 } = {}): void {
    const style = { font: bold ? this.fonts.bold : this.fonts.regular, size };
    for (const line of this.wrap(text, style, this.width - indent)) this.drawLine(line, style, MARGIN.left + indent);
  }

  rule(): void {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN.left, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN.right, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 4;
  }

  heading(level: 1 | 2 | 3, text: string): void {
    const size = HEADING_SIZE[level];
    this.space(level === 1 ? 0 : size * 0.6);
    // A heading is never the last line of a page: it stays with (at least) two lines of what follows.
    this.ensure(size * LINE + BODY_SIZE * LINE * 2);
    this.text(text, { bold: true, size });
    this.space(level === 1 ? 6 : 2);
  }

  paragraph(lines: readonly string[]): void {
    for (const line of lines) this.text(line);
    this.space(5);
  }

  list(items: readonly string[]): void {
    const style = { font: this.fonts.regular, size: BODY_SIZE };
    for (const item of items) {
      const lines = this.wrap(item, style, this.width - BULLET_INDENT);
      this.ensure(style.size * LINE);
      this.page.drawText('•', { x: MARGIN.left + 3, y: this.y - style.size * 1.05, font: style.font, size: style.size, color: INK });
      for (const line of lines) this.drawLine(line, style, MARGIN.left + BULLET_INDENT);
      this.space(1.5);
    }
    this.space(4);
  }

  /**
   * Column widths shared fairly: a column narrower than its share keeps its natural width, the others
   * split what is left (so short amounts stay on one line beside a long description); room to spare
   * goes to the first column.
   */
  private columnWidths(head: readonly string[], rows: readonly (readonly string[])[], columns: number): number[] {
    const regular = { font: this.fonts.regular, size: BODY_SIZE };
    const bold = { font: this.fonts.bold, size: BODY_SIZE };
    const natural = Array.from(
      { length: columns },
      (_, i) =>
        Math.max(
          24,
          this.widthOf(this.drawableText(head[i] ?? ''), bold),
          ...rows.map((r) => this.widthOf(this.drawableText(r[i] ?? ''), regular)),
        ) +
        2 * CELL_PADDING +
        1,
    );
    const widths = [...natural];
    let remaining = this.width;
    let open = natural.map((_, i) => i);
    while (open.length > 0) {
      const share = remaining / open.length;
      const fitting = open.filter((i) => natural[i]! <= share);
      if (fitting.length === 0) {
        for (const i of open) widths[i] = share;
        remaining = 0;
        break;
      }
      for (const i of fitting) remaining -= natural[i]!;
      open = open.filter((i) => natural[i]! > share);
    }
    widths[0]! += remaining;
    return widths;
  }

  table(head: readonly string[], rows: readonly (readonly string[])[]): void {
    const columns = Math.max(head.length, ...rows.map((r) => r.length));
    if (columns === 0) return;
    const widths = this.columnWidths(head, rows, columns);
    const measure = (cells: readonly string[], bold: boolean) => {
      const style = { font: bold ? this.fonts.bold : this.fonts.regular, size: BODY_SIZE };
      const lines = widths.map((w, i) => this.wrap(cells[i] ?? '', style, w - 2 * CELL_PADDING));
      return { style, lines, height: Math.max(...lines.map((l) => l.length)) * style.size * LINE + 2 * CELL_PADDING };
    };
    const draw = ({ style, lines, height }: ReturnType<typeof measure>, bold: boolean) => {
      let x = MARGIN.left;
      lines.forEach((cell, i) => {
        cell.forEach((line, n) => {
          const baseline = this.y - CELL_PADDING - n * style.size * LINE - style.size * 1.05;
          this.page.drawText(line, { x: x + CELL_PADDING, y: baseline, font: style.font, size: style.size, color: INK });
        });
        x += widths[i]!;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN.left, y: this.y },
        end: { x: MARGIN.left + this.width, y: this.y },
        thickness: bold ? 0.8 : 0.4,
        color: RULE,
      });
    };
    const header = head.length ? measure(head, true) : null;
    const first = rows[0] ? measure(rows[0], false) : null;
    // The header row never stands alone at the foot of a page.
    this.ensure((header?.height ?? 0) + (first?.height ?? 0));
    if (header) draw(header, true);
    for (const row of rows) {
      const measured = row === rows[0] && first ? first : measure(row, false);
      if (this.y - measured.height < MARGIN.bottom && !this.atTop()) {
        this.newPage();
        // A table that continues on a new page shows its header row again.
        if (header) draw(header, true);
      }
      draw(measured, false);
    }
    this.space(6);
  }

  blocks(blocks: readonly Block[]): void {
    for (const block of blocks) {
      if (block.kind === 'heading') this.heading(block.level, block.text);
      else if (block.kind === 'paragraph') this.paragraph(block.lines);
      else if (block.kind === 'list') this.list(block.items);
      else this.table(block.head, block.rows);
    }
  }

  /** The foot of every page: the footer text on the left, "Side n av m" on the right. */
  finish(footer: string): number {
    const style = { font: this.fonts.regular, size: 8.5 };
    const left = this.drawableText(footer);
    this.pages.forEach((page, i) => {
      const number = `Side ${i + 1} av ${this.pages.length}`;
      const y = MARGIN.bottom - 30;
      page.drawText(left, { x: MARGIN.left, y, font: style.font, size: style.size, color: INK });
      page.drawText(number, {
        x: PAGE_WIDTH - MARGIN.right - this.widthOf(number, style),
        y,
        font: style.font,
        size: style.size,
        color: INK,
      });
    });
    return this.pages.length;
  }
}
