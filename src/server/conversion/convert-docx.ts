import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { docxBlocks, type Block } from './docx-blocks';
import { findOnPath } from './find-on-path';
import { inspectImage } from './image-header';
import { defaultDocumentLimits } from './limits';
import { embedPngWithin } from './png-decoder-cap';
import { detectSandbox, runSandboxed, type SandboxKind } from './sandbox';
import { embedFonts } from '../pdf/pdf-fonts';
import { TextFlow } from '../pdf/text-flow';

export { findOnPath };

/** Turns a Word document (already checked against zip bombs) into PDF bytes. */
export interface DocxConverter {
  readonly name: 'soffice' | 'javascript';
  convert(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array>;
}

export interface SofficeOptions {
  timeoutMs?: number;
  /** LibreOffice's address space, in MB. */
  memoryMb?: number;
  /** Pages exported at most: one more than the cap, so that a longer document is seen as such. */
  maxPages?: number;
  /** Default: the strongest that works here (sandbox.ts). */
  sandbox?: SandboxKind;
}

/** LibreOffice when `soffice` is on PATH (the most faithful), else the pure JavaScript path. */
export function chooseDocxConverter(
  pathVariable = process.env.PATH ?? '',
  options: SofficeOptions = {},
): DocxConverter {
  const soffice = findOnPath('soffice', pathVariable);
  return soffice ? new SofficeDocxConverter(soffice, options) : new JavascriptDocxConverter();
}

/**
 * `soffice --headless --convert-to pdf` in the sandbox (no network, no file system but its own
 * temporary folder), with a profile of its own in that folder (so conversions may run side by
 * side), exporting at most `maxPages + 1` pages. Its whole process group is killed at the timeout
 * and once it is done, and the folder (profile included) is removed. The caller checks and cleans
 * the PDF it makes like an uploaded one.
 */
export class SofficeDocxConverter implements DocxConverter {
  readonly name = 'soffice';
  private readonly options: Required<SofficeOptions>;

  constructor(
    private readonly command: string,
    options: SofficeOptions = {},
  ) {
    this.options = {
      timeoutMs: options.timeoutMs ?? defaultDocumentLimits.timeoutMs,
      memoryMb: options.memoryMb ?? defaultDocumentLimits.processMemoryMb,
      maxPages: options.maxPages ?? defaultDocumentLimits.maxPages,
      sandbox: options.sandbox ?? detectSandbox(),
    };
  }

  async convert(bytes: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'admissions-docx-'));
    try {
      const input = path.join(dir, 'document.docx');
      await writeFile(input, bytes);
      const exportOptions = {
        PageRange: { type: 'string', value: `1-${this.options.maxPages + 1}` },
        ExportFormFields: { type: 'boolean', value: 'false' },
        ExportNotes: { type: 'boolean', value: 'false' },
      };
      // A deadline is ConversionError (tooSlow, final); a crash is an Error, tried again.
      await runSandboxed(
        this.command,
        [
          '--headless',
          '--norestore',
          '--nolockcheck',
          '--nologo',
          '--nodefault',
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--convert-to',
          `pdf:writer_pdf_Export:${JSON.stringify(exportOptions)}`,
          '--outdir',
          dir,
          input,
        ],
        {
          workDir: dir,
          timeoutMs: this.options.timeoutMs,
          memoryMb: this.options.memoryMb,
          signal,
          sandbox: this.options.sandbox,
        },
      );
      try {
        return await readFile(path.join(dir, 'document.pdf'));
      } catch {
        throw new ConversionError(conversionMessages.docxUnreadable);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

interface DocxImage {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * The pure JavaScript path: mammoth reads the document's text, headings, lists, tables and
 * images, which are laid out on A4 pages in DejaVu Sans. Layout details (fonts, columns, page
 * breaks) are not kept: the words, their order and their emphasis are.
 */
export class JavascriptDocxConverter implements DocxConverter {
  readonly name = 'javascript';

  async convert(bytes: Uint8Array): Promise<Uint8Array> {
    const images: DocxImage[] = [];
    let html: string;
    try {
      const { default: mammoth } = await import('mammoth');
      const result = await mammoth.convertToHtml(
        { buffer: Buffer.from(bytes) },
        {
          externalFileAccess: false,
          convertImage: mammoth.images.imgElement(async (image) => {
            images.push({ contentType: image.contentType, bytes: await image.readAsBuffer() });
            return { src: `image:${images.length - 1}` };
          }),
        },
      );
      html = result.value;
    } catch {
      throw new ConversionError(conversionMessages.docxUnreadable);
    }
    return layOut(docxBlocks(html), images);
  }
}

const headingSizes = [0, 16, 14, 12, 11, 10.5, 10];

async function layOut(blocks: Block[], images: DocxImage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const flow = new TextFlow(doc, fonts);
  const embedded = new Map<number, PDFImage | undefined>();
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
        flow.paragraph(block.runs, {
          size: headingSizes[block.level] ?? 10,
          style: 'bold',
          spaceBefore: 6,
          spaceAfter: 4,
        });
        break;
      case 'paragraph':
        flow.paragraph(block.runs, { size: 10, indent: block.depth * 18, bullet: block.bullet });
        break;
      case 'row':
        flow.columns(
          block.cells,
          block.cells.map(() => 1 / block.cells.length),
          { size: 9, gap: 8 },
        );
        break;
      case 'image': {
        if (!embedded.has(block.index))
          embedded.set(block.index, await embedImage(doc, images[block.index]));
        const image = embedded.get(block.index);
        if (image) flow.image(image);
        else flow.paragraph([{ text: '[image]', style: 'italic' }]);
        break;
      }
    }
  }
  if (flow.pages.length === 0)
    flow.paragraph([{ text: '(This document has no text.)', style: 'italic' }]);
  return doc.save();
}

/**
 * PNG and JPEG images are drawn, judged first as an uploaded image is (image-header.ts) and
 * decoded under the pixel cap; one with too many pixels refuses the document (the applicant can
 * fix it), other kinds (EMF, GIF…) and broken ones stand as "[image]".
 */
async function embedImage(doc: PDFDocument, image?: DocxImage): Promise<PDFImage | undefined> {
  const max = defaultDocumentLimits.maxImagePixels;
  try {
    if (image?.contentType === 'image/png') {
      return await embedPngWithin(doc, (await inspectImage(image.bytes, 'png', max)).bytes, max);
    }
    if (image?.contentType === 'image/jpeg') {
      return await doc.embedJpg((await inspectImage(image.bytes, 'jpeg', max)).bytes);
    }
  } catch (error) {
    if (error instanceof ConversionError && error.message === conversionMessages.imageTooLarge) {
      throw error;
    }
    // drawn as a placeholder
  }
  return undefined;
}
