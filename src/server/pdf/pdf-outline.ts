import { PDFHexString, PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';

export interface OutlineItem {
  title: string;
  /** The page the bookmark opens. */
  page: PDFPage;
}

/**
 * Adds a flat list of bookmarks (the document outline, PDF 1.7 §12.3.3). pdf-lib has no API for
 * it, so the dictionaries are written by hand: an /Outlines root whose items are chained by
 * /Prev and /Next, each opening its page fitted to the window. The viewer shows the panel.
 */
export function addOutline(doc: PDFDocument, items: readonly OutlineItem[]): void {
  if (items.length === 0) return;
  const { context } = doc;
  const rootRef = context.nextRef();
  const refs: PDFRef[] = items.map(() => context.nextRef());
  items.forEach((item, i) => {
    const entry = context.obj({
      Title: PDFHexString.fromText(item.title),
      Parent: rootRef,
      Dest: [item.page.ref, 'Fit'],
    });
    const prev = refs[i - 1];
    const next = refs[i + 1];
    if (prev) entry.set(PDFName.of('Prev'), prev);
    if (next) entry.set(PDFName.of('Next'), next);
    context.assign(refs[i]!, entry);
  });
  context.assign(
    rootRef,
    context.obj({
      Type: 'Outlines',
      First: refs[0]!,
      Last: refs[refs.length - 1]!,
      Count: items.length,
    }),
  );
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
