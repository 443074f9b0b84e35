import type { FontStyle } from '../pdf/pdf-fonts';
import type { Run } from '../pdf/text-flow';

/** A Word document's content as the layout draws it. */
export type Block =
  | { type: 'heading'; level: number; runs: Run[] }
  | { type: 'paragraph'; runs: Run[]; depth: number; bullet?: string }
  | { type: 'row'; cells: Run[][] }
  | { type: 'image'; index: number };

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

const styleOf = (bold: number, italic: number): FontStyle =>
  bold > 0 ? (italic > 0 ? 'boldItalic' : 'bold') : italic > 0 ? 'italic' : 'regular';

/**
 * Reads the HTML mammoth makes of a Word document (a small, regular vocabulary: h1–h6, p, lists,
 * tables, strong, em, br, img) into blocks. Images arrive as `<img src="image:N">`, N indexing the
 * images mammoth handed over; tags it does not know keep their text.
 */
export function docxBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: Array<{ ordered: boolean; count: number }> = [];
  let bold = 0;
  let italic = 0;
  let runs: Run[] = [];
  let pending:
    | { type: 'paragraph'; depth: number; bullet?: string }
    | { type: 'heading'; level: number }
    | undefined;
  let cells: Run[][] | undefined;
  let cell: Run[] | undefined;

  const flush = () => {
    if (cell) return;
    if (runs.some((run) => run.text.trim() !== '')) {
      blocks.push({ ...(pending ?? { type: 'paragraph', depth: lists.length }), runs });
    }
    runs = [];
    pending = undefined;
  };

  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const [, closing, rawTag, attributes, text] = match;
    if (text !== undefined) {
      (cell ?? runs).push({ text: decode(text), style: styleOf(bold, italic) });
      continue;
    }
    const tag = (rawTag ?? '').toLowerCase();
    const open = closing !== '/';
    switch (tag) {
      case 'strong':
      case 'b':
      case 'th':
        bold += open ? 1 : -1;
        if (tag === 'th') cellEdge(open);
        break;
      case 'em':
      case 'i':
        italic += open ? 1 : -1;
        break;
      case 'br':
        (cell ?? runs).push({ text: '\n' });
        break;
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        if (cell) {
          if (!open) cell.push({ text: '\n' });
          break;
        }
        if (open) {
          flush();
          pending =
            tag === 'p'
              ? { type: 'paragraph', depth: lists.length }
              : { type: 'heading', level: Number(tag.slice(1)) };
        } else flush();
        break;
      case 'ul':
      case 'ol':
        flush();
        if (open) lists.push({ ordered: tag === 'ol', count: 0 });
        else lists.pop();
        break;
      case 'li': {
        flush();
        const list = lists.at(-1);
        if (open && list) {
          list.count++;
          pending = {
            type: 'paragraph',
            depth: lists.length,
            bullet: list.ordered ? `${list.count}.` : '•',
          };
        }
        break;
      }
      case 'td':
        cellEdge(open);
        break;
      case 'tr':
        if (open) cells = [];
        else if (cells) {
          if (cells.some((c) => c.some((r) => r.text.trim() !== '')))
            blocks.push({ type: 'row', cells });
          cells = undefined;
        }
        break;
      case 'table':
        flush();
        break;
      case 'img': {
        const index = /src="image:(\d+)"/.exec(attributes ?? '')?.[1];
        if (index === undefined) break;
        if (!cell) flush();
        blocks.push({ type: 'image', index: Number(index) });
        break;
      }
      default:
        break;
    }
  }
  flush();
  return blocks;

  function cellEdge(open: boolean): void {
    if (open) cell = [];
    else if (cell) {
      const trimmed = cell.at(-1)?.text === '\n' ? cell.slice(0, -1) : cell;
      cells?.push(trimmed);
      cell = undefined;
    }
  }
}
