import { PDFArray, PDFBool, PDFDict, PDFName, PDFDocument, PDFString, PDFRef } from 'pdf-lib';

/** What a tagged PDF's catalog says (PDF 1.7 §14.8), read with pdf-lib. */
export interface PdfTagging {
  /** /MarkInfo /Marked true. */
  marked: boolean;
  /** The catalog has a /StructTreeRoot. */
  structTree: boolean;
  /** /Lang, '' when absent. */
  lang: string;
  /** The roles of the Document element's children, in reading order ('H1', 'H2', 'P'). */
  roles: string[];
}

export async function readTagging(bytes: Uint8Array): Promise<PdfTagging> {
  const doc = await PDFDocument.load(bytes);
  const { catalog, context } = doc;
  const dict = (value: unknown) => {
    const found = value instanceof PDFRef ? context.lookup(value) : value;
    return found instanceof PDFDict ? found : undefined;
  };
  const markInfo = catalog.lookupMaybe(PDFName.of('MarkInfo'), PDFDict);
  const lang = catalog.lookupMaybe(PDFName.of('Lang'), PDFString);
  const root = catalog.lookupMaybe(PDFName.of('StructTreeRoot'), PDFDict);
  const document = dict(root?.get(PDFName.of('K')));
  const kids = document?.lookupMaybe(PDFName.of('K'), PDFArray);
  const roles = (kids?.asArray() ?? []).map((kid) => {
    const role = dict(kid)?.get(PDFName.of('S'));
    return role instanceof PDFName ? role.decodeText() : '';
  });
  return {
    marked: markInfo?.get(PDFName.of('Marked')) === PDFBool.True,
    structTree: root !== undefined,
    lang: lang?.decodeText() ?? '',
    roles,
  };
}
