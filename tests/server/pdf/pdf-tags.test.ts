import { PDFArray, PDFBool, PDFDict, PDFName, PDFString, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedFonts } from '../../../src/server/pdf/pdf-fonts';
import { PdfTags } from '../../../src/server/pdf/pdf-tags';
import { TextFlow } from '../../../src/server/pdf/text-flow';
import { collapse } from '../helpers/pdf-text';

/** A short page, so a long paragraph goes on to the next one. */
const smallPage: [number, number] = [300, 220];
const longText = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

async function taggedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const tags = new PdfTags(doc, 'es');
  const flow = new TextFlow(doc, fonts, { pageSize: smallPage, margin: 30, tags });
  flow.paragraph([{ text: 'Solicitud (fixture)' }], { size: 16, style: 'bold', role: 'H1' });
  flow.rule();
  flow.paragraph([{ text: 'Datos (fixture)' }], { size: 12, style: 'bold', role: 'H2' });
  flow.columns([[{ text: 'Nombre', style: 'bold' }], [{ text: 'Zoë' }]], [0.4, 0.6]);
  flow.paragraph([{ text: longText }]);
  TextFlow.numberPages(doc, fonts.regular, tags);
  tags.finish();
  return doc.save();
}

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

/**
 * The PDF as a screen reader takes it, read with pdfjs: each structure element with the text of
 * its marked content (across pages), in reading order, and the text drawn outside any element.
 */
async function readTags(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const textOf = new Map<string, string>();
  const untagged: string[] = [];
  const artifacts: string[] = [];
  const elements: Array<{ role: string; ids: string[] }> = [];
  const roots: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent({ includeMarkedContent: true });
    const open: Array<{ tag?: string; id?: string | null }> = [];
    for (const item of content.items) {
      if ('type' in item) {
        if (item.type === 'endMarkedContent') open.pop();
        // pdfjs gives the tag ('Artifact', 'P') though its types do not declare it.
        else open.push({ tag: (item as { tag?: string }).tag, id: item.id });
        continue;
      }
      const inside = open.at(-1);
      if (inside?.id) textOf.set(inside.id, `${textOf.get(inside.id) ?? ''} ${item.str}`);
      else if (inside?.tag === 'Artifact') artifacts.push(item.str);
      else if (item.str.trim() !== '') untagged.push(item.str);
    }
    const tree = (await page.getStructTree()) as StructNode | null;
    roots.push(tree?.children?.map((node) => node.role).join(',') ?? '');
    for (const node of tree?.children?.[0]?.children ?? []) {
      const ids = (node.children ?? []).flatMap((kid) => (kid.type === 'content' ? [kid.id!] : []));
      elements.push({ role: node.role ?? '', ids });
    }
  }
  const markInfo = await doc.getMarkInfo();
  await doc.destroy();
  return {
    roots,
    // pdfjs lists an element under every page it appears on; the first page's part comes first.
    read: elements.map(({ role, ids }) => ({
      role,
      text: collapse(ids.map((id) => textOf.get(id) ?? '').join(' ')),
    })),
    untagged,
    artifacts: collapse(artifacts.join(' ')),
    markInfo,
  };
}

describe('PdfTags through TextFlow', () => {
  it('marks the catalog as tagged, in the given language, with a structure tree', async () => {
    const doc = await PDFDocument.load(await taggedPdf());
    const markInfo = doc.catalog.lookup(PDFName.of('MarkInfo'), PDFDict);
    expect(markInfo.get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('es');
    const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
    expect(root.lookup(PDFName.of('Type'))).toBe(PDFName.of('StructTreeRoot'));
    const document = root.lookup(PDFName.of('K'), PDFDict);
    expect(document.lookup(PDFName.of('S'))).toBe(PDFName.of('Document'));
    const roles = document
      .lookup(PDFName.of('K'), PDFArray)
      .asArray()
      .map((ref) => doc.context.lookup(ref, PDFDict).lookup(PDFName.of('S'))?.toString());
    expect(roles).toEqual(['/H1', '/H2', '/P', '/P', '/P']);
    // Every page drawn on has its key into the parent tree.
    const pages = doc.getPages();
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) =>
      expect(page.node.get(PDFName.of('StructParents'))?.toString()).toBe(String(i)),
    );
  });

  it('reads, as a viewer takes it, headings and paragraphs in order, with no text outside them', async () => {
    const reading = await readTags(await taggedPdf());
    expect(reading.markInfo).toMatchObject({ Marked: true });
    expect(reading.roots.every((root) => root === 'Document')).toBe(true);
    expect(reading.untagged).toEqual([]);
    // The page numbers are artifacts, not text to read.
    expect(reading.artifacts).toMatch(/^Page 1 of \d Page 2 of \d/);
    const [h1, h2, label, value, paragraph] = reading.read;
    expect([h1, h2, label, value]).toEqual([
      { role: 'H1', text: 'Solicitud (fixture)' },
      { role: 'H2', text: 'Datos (fixture)' },
      { role: 'P', text: 'Nombre' },
      { role: 'P', text: 'Zoë' },
    ]);
    // The long paragraph goes on to the next page: its part there belongs to the same element.
    expect(paragraph).toMatchObject({ role: 'P' });
    const continued = reading.read
      .slice(4)
      .map((part) => part.text)
      .join(' ');
    expect(collapse(continued)).toBe(longText);
  });

  it('leaves an untagged flow as it was', async () => {
    const doc = await PDFDocument.create();
    const flow = new TextFlow(doc, await embedFonts(doc));
    flow.paragraph([{ text: 'Plain' }], { role: 'H1' });
    const saved = await PDFDocument.load(await doc.save());
    expect(saved.catalog.get(PDFName.of('StructTreeRoot'))).toBeUndefined();
    expect(saved.catalog.get(PDFName.of('MarkInfo'))).toBeUndefined();
  });
});
