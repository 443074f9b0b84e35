import { PDFDocument } from 'pdf-lib';
import type { ReadOnlyPage } from '../../engine/read-only-document';
import { ConversionError, conversionMessages } from '../conversion/conversion-messages';
import { addOutline, type OutlineItem } from './pdf-outline';
import { embedFonts } from './pdf-fonts';
import { PdfTags } from './pdf-tags';
import { TextFlow } from './text-flow';
import { sourceLocale, type Locale } from '../../contract/locale';
import { dateTimeText, text } from '../i18n/server-i18n';

/** Each language's name in English, as the staff side names it. */
const languageNames: Readonly<Record<Locale, string>> = { en: 'English', es: 'Spanish' };

export interface ApplicationPdfInput {
  /** The account's language: the PDF's own words and dates are in it, as `pages` are (English). */
  locale?: Locale;
  /**
   * Set on the staff packet (in English): the language the applicant used, stated under their
   * name as the staff sheet states it ("Language: Spanish").
   */
  applicantLanguage?: Locale;
  universityName: string;
  applicationTitle: string;
  applicant: { name: string; email: string };
  /** When the PDF was made, printed on its first page and kept as its creation date. */
  generatedAt: Date;
  /** Set on the copy frozen at submission. */
  submittedAt?: Date;
  /** readOnlyDocument's pages: what the service view shows, in the same order. */
  pages: ReadOnlyPage[];
  /** Converted documents, appended after the form pages, each with a bookmark. */
  attachments: Array<{ title: string; pdf: Uint8Array }>;
}

/**
 * The application as a PDF: a header with the university and the applicant, one page (or more)
 * per form page with its sections' questions and answers in two columns, then the attached
 * documents; a bookmark per form page (its titled sections under it) and per document, and page
 * numbers on every page.
 */
export async function renderApplicationPdf(
  input: ApplicationPdfInput,
  maxPages = Infinity,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${input.applicationTitle}: ${input.applicant.name || input.applicant.email}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(input.universityName);
  doc.setCreator(input.universityName);
  doc.setProducer('admission-application');
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);
  const locale = input.locale ?? sourceLocale;
  const fonts = await embedFonts(doc);
  // Tagged (PDF/UA's structure): page titles as H1, section titles as H2, the rest as paragraphs.
  const tags = new PdfTags(doc, locale);
  const flow = new TextFlow(doc, fonts, { tags });
  const outline: OutlineItem[] = [];

  flow.paragraph([{ text: input.universityName }], { size: 18, style: 'bold', spaceAfter: 2 });
  flow.paragraph([{ text: input.applicationTitle }], { size: 13, spaceAfter: 8 });
  const about = [
    [
      text(locale, 'pdf.applicant'),
      [input.applicant.name, input.applicant.email].filter(Boolean).join(', '),
    ],
    ...(input.applicantLanguage ? [['Language', languageNames[input.applicantLanguage]]] : []),
    ...(input.submittedAt
      ? [[text(locale, 'pdf.submitted'), dateTimeText(locale, input.submittedAt)]]
      : []),
    [text(locale, 'pdf.generated'), dateTimeText(locale, input.generatedAt)],
  ];
  for (const [label, value] of about) {
    flow.columns([[{ text: label!, style: 'bold' }], [{ text: value! }]], [0.25, 0.75], {
      size: 9.5,
    });
  }
  flow.rule();

  input.pages.forEach((page, i) => {
    if (i > 0) flow.newPage();
    else flow.space(10);
    const sections: OutlineItem[] = [];
    outline.push({ title: page.title, page: flow.page, children: sections });
    flow.paragraph([{ text: page.title }], { size: 16, style: 'bold', spaceAfter: 6, role: 'H1' });
    if (page.sections.length === 0) {
      flow.paragraph([{ text: text(locale, 'pdf.noAnswers'), style: 'italic' }]);
    }
    for (const section of page.sections) {
      if (section.title) {
        flow.paragraph([{ text: section.title }], {
          size: 12,
          style: 'bold',
          spaceBefore: 6,
          role: 'H2',
        });
        sections.push({ title: section.title, page: flow.page });
      }
      for (const row of section.rows) {
        flow.columns([[{ text: row.label, style: 'bold' }], [{ text: row.value }]], [0.42, 0.58]);
      }
    }
  });

  for (const attachment of input.attachments) {
    const source = await PDFDocument.load(attachment.pdf);
    // Documents converted before the page cap existed may be thousands of pages long.
    if (doc.getPageCount() + source.getPageCount() > maxPages) {
      throw new ConversionError(conversionMessages.applicationTooLarge);
    }
    const pages = await doc.copyPages(source, source.getPageIndices());
    pages.forEach((page) => doc.addPage(page));
    if (pages[0]) outline.push({ title: attachment.title, page: pages[0] });
  }

  TextFlow.numberPages(doc, fonts.regular, tags, (page, pages) =>
    text(locale, 'pdf.pageOf', { page: String(page), pages: String(pages) }),
  );
  // The attached documents' pages are copied as they are: their text is no part of this
  // structure tree (one that was tagged keeps its marked content, without its tree).
  tags.finish();
  addOutline(doc, outline);
  return doc.save();
}
