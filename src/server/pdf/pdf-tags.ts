import {
  PDFArray,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  type PDFDocument,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

/** The structure types the PDFs' own text uses (PDF 1.7 §14.8.4): headings and paragraphs. */
export type StructureRole = 'H1' | 'H2' | 'P';

/** One element of the structure tree: its role and the marked content that draws it. */
export interface TagElement {
  readonly role: StructureRole;
  readonly ref: PDFRef;
  readonly marks: Array<{ page: PDFPage; mcid: number }>;
}

/**
 * A tagged PDF (PDF 1.7 §14.8, what PDF/UA asks first): every piece of text drawn inside marked
 * content (BDC … EMC) with a number per page, each number belonging to an element of a structure
 * tree (Document, then H1, H2 and P in reading order), page furniture (rules, page numbers)
 * marked as artifacts, and the catalog saying the document is marked and in which language.
 * pdf-lib has no API for any of it, so the operators and dictionaries are written by hand, as
 * pdf-outline.ts writes the bookmarks.
 *
 * Draw through `mark` and `artifact`, then call `finish` once, before saving.
 */
export class PdfTags {
  private readonly elements: TagElement[] = [];
  /** Per page, the element each of its marked-content numbers belongs to, in number order. */
  private readonly pages = new Map<PDFPage, PDFRef[]>();

  /** `lang`: the document's language as a BCP 47 tag ('en', 'es'), read aloud by screen readers. */
  constructor(
    private readonly doc: PDFDocument,
    private readonly lang: string,
  ) {}

  /** A new element of `role`, last in reading order. */
  element(role: StructureRole): TagElement {
    const element: TagElement = { role, ref: this.doc.context.nextRef(), marks: [] };
    this.elements.push(element);
    return element;
  }

  /** Runs `draw` (which draws on `page`) inside marked content belonging to `element`. */
  mark(element: TagElement, page: PDFPage, draw: () => void): void {
    const owners = this.pages.get(page) ?? [];
    this.pages.set(page, owners);
    const mcid = owners.length;
    owners.push(element.ref);
    element.marks.push({ page, mcid });
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of(element.role),
        // The properties as an inline dictionary: pdf-lib writes a string argument as it is.
        `<</MCID ${mcid}>>`,
      ]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Runs `draw` inside marked content that is no part of the text (a rule, a page number). */
  artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /**
   * Writes the structure tree, the parent tree (from a page's marked-content number back to its
   * element) and the catalog's /MarkInfo, /StructTreeRoot and /Lang.
   */
  finish(): void {
    const { context, catalog } = this.doc;
    const rootRef = context.nextRef();
    const documentRef = context.nextRef();
    const kids = this.elements.filter((element) => element.marks.length > 0);
    for (const element of kids) {
      const [first] = element.marks;
      const marked = element.marks.map(({ page, mcid }) =>
        page === first!.page
          ? PDFNumber.of(mcid)
          : context.obj({ Type: 'MCR', Pg: page.ref, MCID: mcid }),
      );
      context.assign(
        element.ref,
        context.obj({
          Type: 'StructElem',
          S: element.role,
          P: documentRef,
          Pg: first!.page.ref,
          K: marked.length === 1 ? marked[0]! : marked,
        }),
      );
    }
    context.assign(
      documentRef,
      context.obj({
        Type: 'StructElem',
        S: 'Document',
        P: rootRef,
        K: kids.map((element) => element.ref),
      }),
    );
    const nums = PDFArray.withContext(context);
    [...this.pages].forEach(([page, owners], key) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(key));
      // Tab order follows the structure (PDF/UA-1 §7.18.3).
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
      nums.push(PDFNumber.of(key));
      nums.push(context.obj(owners));
    });
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: documentRef,
        ParentTree: context.obj({ Nums: nums }),
        ParentTreeNextKey: this.pages.size,
      }),
    );
    // A page copied from a tagged document keeps its number into that document's parent tree,
    // which is not this one.
    const marked = new Set([...this.pages.keys()].map((page) => page.ref));
    for (const page of this.doc.getPages()) {
      if (!marked.has(page.ref)) page.node.delete(PDFName.of('StructParents'));
    }
    catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
    catalog.set(PDFName.of('Lang'), PDFString.of(this.lang));
  }
}
