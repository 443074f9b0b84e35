/** What a PDF says, read with pdfjs (as a viewer would): page count, text, bookmark titles. */
export interface PdfReading {
  pages: number;
  /** Every page's text, items joined by spaces, whitespace collapsed. */
  text: string;
  /** Text per page, likewise. */
  pageTexts: string[];
  /** Top-level bookmark titles, in order. */
  outline: string[];
  /** For each bookmark, the 1-based page it opens. */
  outlinePages: number[];
  /** Width and height of each page. */
  sizes: Array<[number, number]>;
}

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pageTexts: string[] = [];
  const sizes: Array<[number, number]> = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    sizes.push([Math.round(x1 - x0), Math.round(y1 - y0)]);
    const content = await page.getTextContent();
    pageTexts.push(
      collapse(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')),
    );
  }
  const outline = (await doc.getOutline()) ?? [];
  const outlinePages: number[] = [];
  for (const item of outline) {
    const dest = Array.isArray(item.dest) ? item.dest : await doc.getDestination(String(item.dest));
    const ref = dest?.[0];
    outlinePages.push(ref && typeof ref === 'object' ? (await doc.getPageIndex(ref)) + 1 : 0);
  }
  const reading = {
    pages: doc.numPages,
    text: collapse(pageTexts.join(' ')),
    pageTexts,
    outline: outline.map((item) => item.title),
    outlinePages,
    sizes,
  };
  await doc.destroy();
  return reading;
}
