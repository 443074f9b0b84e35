import { rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { printable, textWidth, type FontSet, type FontStyle } from './pdf-fonts';
import type { PdfTags, StructureRole, TagElement } from './pdf-tags';

/** A piece of text in one face. */
export interface Run {
  text: string;
  style?: FontStyle;
}

interface Segment {
  text: string;
  font: PDFFont;
  width: number;
}

type Line = Segment[];

export interface ParagraphOptions {
  size?: number;
  style?: FontStyle;
  indent?: number;
  /** Printed in the indent before the first line ("•", "3."). */
  bullet?: string;
  spaceBefore?: number;
  spaceAfter?: number;
  /** What the paragraph is in a tagged PDF's structure (P unless said). */
  role?: StructureRole;
}

export interface TextFlowOptions {
  pageSize?: [number, number];
  margin?: number;
  /** Tags what is drawn (pdf-tags.ts): text as headings and paragraphs, rules as artifacts. */
  tags?: PdfTags;
}

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
const LEADING = 1.35;
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.4, 0.4, 0.4);

/**
 * Lays text out on pages top to bottom: wraps runs of mixed faces at spaces (breaking a word only
 * when it is wider than the column), honours line breaks, and adds a page when one is full.
 */
export class TextFlow {
  readonly pages: PDFPage[] = [];
  private y = 0;
  readonly left: number;
  readonly width: number;
  private readonly pageSize: [number, number];
  private readonly margin: number;
  private readonly tags?: PdfTags;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: FontSet,
    options: TextFlowOptions = {},
  ) {
    this.pageSize = options.pageSize ?? A4;
    this.margin = options.margin ?? 56;
    this.tags = options.tags;
    this.left = this.margin;
    this.width = this.pageSize[0] - 2 * this.margin;
  }

  /** The page text goes on now (a first one is added when there is none). */
  get page(): PDFPage {
    return this.pages.at(-1) ?? this.newPage();
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(this.pageSize);
    this.pages.push(page);
    this.y = this.pageSize[1] - this.margin;
    return page;
  }

  /** Moves down, or to a new page when less than `height` is left. */
  ensure(height: number): void {
    if (this.pages.length === 0 || this.y - height < this.margin) this.newPage();
  }

  space(points: number): void {
    if (this.pages.length > 0) this.y -= points;
  }

  paragraph(runs: Run[], options: ParagraphOptions = {}): void {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const lines = this.wrap(runs, size, this.width - indent, options.style);
    const element = this.tags?.element(options.role ?? 'P');
    this.space(options.spaceBefore ?? 0);
    lines.forEach((line, i) => {
      this.ensure(size * LEADING);
      this.y -= size * LEADING;
      this.marked(element, this.page, () => {
        if (i === 0 && options.bullet) {
          const font = this.fonts.regular;
          const x = this.left + indent - textWidth(font, options.bullet) * size - 4;
          this.page.drawText(options.bullet, { x, y: this.y, size, font, color: ink });
        }
        this.drawLine(line, this.left + indent, size);
      });
    });
    this.space(options.spaceAfter ?? size * 0.4);
  }

  /**
   * Cells side by side, each wrapped in its share of the width (fractions summing to 1). The
   * lines' places are settled first (a tall row may go on to the next page), then each cell is
   * drawn whole, so its text reads (and is copied) in one piece.
   */
  columns(cells: Run[][], shares: number[], options: { size?: number; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const gap = options.gap ?? 12;
    const widths = shares.map((share) => share * (this.width - gap * (cells.length - 1)));
    const wrapped = cells.map((runs, i) => this.wrap(runs, size, widths[i] ?? 0));
    const places: Array<{ page: PDFPage; y: number }> = [];
    const height = Math.max(1, ...wrapped.map((lines) => lines.length));
    for (let row = 0; row < height; row++) {
      this.ensure(size * LEADING);
      this.y -= size * LEADING;
      places.push({ page: this.page, y: this.y });
    }
    let x = this.left;
    wrapped.forEach((lines, i) => {
      // Each cell is a paragraph of its own, read before the next cell.
      const element = this.tags?.element('P');
      lines.forEach((line, row) => {
        const place = places[row];
        if (place) {
          this.marked(element, place.page, () => this.drawLine(line, x, size, place.page, place.y));
        }
      });
      x += (widths[i] ?? 0) + gap;
    });
    this.space(size * 0.5);
  }

  /** A thin line across the column. */
  rule(): void {
    this.ensure(8);
    this.y -= 4;
    const page = this.page;
    this.artifact(page, () =>
      page.drawLine({
        start: { x: this.left, y: this.y },
        end: { x: this.left + this.width, y: this.y },
        thickness: 0.5,
        color: muted,
      }),
    );
    this.y -= 4;
  }

  /** An image scaled to the column's width (never enlarged) and at most half a page high. */
  image(image: PDFImage): void {
    const maxHeight = (this.pageSize[1] - 2 * this.margin) / 2;
    const scale = Math.min(1, this.width / image.width, maxHeight / image.height);
    const [w, h] = [image.width * scale, image.height * scale];
    this.ensure(h + 4);
    this.y -= h + 4;
    const page = this.page;
    // No tagged PDF has images yet (the application PDF draws none): one would need its text
    // alternative as a Figure.
    this.artifact(page, () =>
      page.drawImage(image, { x: this.left, y: this.y, width: w, height: h }),
    );
    this.space(6);
  }

  /**
   * Stamps "Page i of n" at the foot of every page of the document; in a tagged PDF as an
   * artifact, which screen readers skip as they skip a printed book's folios.
   */
  static numberPages(
    doc: PDFDocument,
    font: PDFFont,
    tags?: PdfTags,
    /** The number's words, in the document's language. */
    label = (page: number, pages: number) => `Page ${page} of ${pages}`,
  ): void {
    const pages = doc.getPages();
    pages.forEach((page, i) => {
      const text = label(i + 1, pages.length);
      const { x, y, width } = page.getMediaBox();
      const size = 8;
      const draw = () =>
        page.drawText(text, {
          x: x + width - 40 - textWidth(font, text) * size,
          y: y + 18,
          size,
          font,
          color: muted,
        });
      if (tags) tags.artifact(page, draw);
      else draw();
    });
  }

  /** Draws inside `element`'s marked content when the flow is tagged. */
  private marked(element: TagElement | undefined, page: PDFPage, draw: () => void): void {
    if (element && this.tags) this.tags.mark(element, page, draw);
    else draw();
  }

  private artifact(page: PDFPage, draw: () => void): void {
    if (this.tags) this.tags.artifact(page, draw);
    else draw();
  }

  private drawLine(line: Line, x: number, size: number, page = this.page, y = this.y): void {
    let at = x;
    for (const segment of line) {
      if (segment.text.trim() !== '') {
        page.drawText(segment.text, {
          x: at,
          y,
          size,
          font: segment.font,
          color: ink,
        });
      }
      at += segment.width * size;
    }
  }

  /** Breaks runs into lines no wider than `width` at `size`. */
  wrap(runs: Run[], size: number, width: number, style?: FontStyle): Line[] {
    const limit = width / size;
    const lines: Line[] = [];
    let line: Line = [];
    let lineWidth = 0;
    const push = (text: string, font: PDFFont, w: number) => {
      const last = line.at(-1);
      if (last && last.font === font) {
        last.text += text;
        last.width += w;
      } else {
        line.push({ text, font, width: w });
      }
      lineWidth += w;
    };
    const breakLine = () => {
      const last = line.at(-1);
      if (last) {
        const trimmed = last.text.trimEnd();
        last.width -= textWidth(last.font, last.text.slice(trimmed.length));
        last.text = trimmed;
      }
      lines.push(line);
      line = [];
      lineWidth = 0;
    };
    for (const run of runs) {
      const font = this.fonts[run.style ?? style ?? 'regular'];
      const paragraphs = printable(run.text).split('\n');
      paragraphs.forEach((text, p) => {
        if (p > 0) breakLine();
        for (const token of text.split(/(\s+)/)) {
          if (token === '') continue;
          const w = textWidth(font, token);
          if (/^\s+$/.test(token)) {
            if (line.length > 0) push(' ', font, textWidth(font, ' '));
            continue;
          }
          if (lineWidth + w > limit && line.length > 0) breakLine();
          if (w <= limit) {
            push(token, font, w);
            continue;
          }
          // A word wider than the column: break it between characters.
          for (const ch of token) {
            const cw = textWidth(font, ch);
            if (lineWidth + cw > limit && line.length > 0) breakLine();
            push(ch, font, cw);
          }
        }
      });
    }
    if (line.length > 0 || lines.length === 0) breakLine();
    return lines;
  }
}
