import {
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

export interface OutlineItem {
  title: string;
  /** The page the bookmark opens. */
  page: PDFPage;
  /** Bookmarks nested under this one (a form page's sections), shown open. */
  children?: readonly OutlineItem[];
}

/**
 * Adds the bookmarks (the document outline, PDF 1.7 §12.3.3). pdf-lib has no API for it, so the
 * dictionaries are written by hand: an /Outlines root whose items are chained by /Prev and /Next,
 * each opening its page fitted to the window, an item's children under it, open. The viewer
 * shows the panel.
 */
export function addOutline(doc: PDFDocument, items: readonly OutlineItem[]): void {
  if (items.length === 0) return;
  const rootRef = doc.context.nextRef();
  const level = writeLevel(doc, items, rootRef);
  doc.context.assign(
    rootRef,
    doc.context.obj({ Type: 'Outlines', First: level.first, Last: level.last, Count: level.count }),
  );
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Writes one level of items under `parent`; `count` is every item shown, children included. */
function writeLevel(
  doc: PDFDocument,
  items: readonly OutlineItem[],
  parent: PDFRef,
): { first: PDFRef; last: PDFRef; count: number } {
  const { context } = doc;
  const refs: PDFRef[] = items.map(() => context.nextRef());
  let count = items.length;
  items.forEach((item, i) => {
    const entry = context.obj({
      Title: PDFHexString.fromText(item.title),
      Parent: parent,
      Dest: [item.page.ref, 'Fit'],
    });
    const prev = refs[i - 1];
    const next = refs[i + 1];
    if (prev) entry.set(PDFName.of('Prev'), prev);
    if (next) entry.set(PDFName.of('Next'), next);
    if (item.children?.length) {
      const children = writeLevel(doc, item.children, refs[i]!);
      entry.set(PDFName.of('First'), children.first);
      entry.set(PDFName.of('Last'), children.last);
      entry.set(PDFName.of('Count'), PDFNumber.of(children.count));
      count += children.count;
    }
    context.assign(refs[i]!, entry);
  });
  return { first: refs[0]!, last: refs[refs.length - 1]!, count };
}
