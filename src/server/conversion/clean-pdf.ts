import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConversionError, conversionMessages } from './conversion-messages';
import { runSandboxed, type SandboxKind } from './sandbox';

export interface DistilOptions {
  ghostscript: string;
  sandbox: SandboxKind;
  timeoutMs: number;
  memoryMb: number;
  maxPages: number;
  signal?: AbortSignal;
}

/**
 * A PDF re-distilled by Ghostscript's pdfwrite, in the sandbox: the pages are interpreted and
 * written out anew, so only what draws the pages survives. Scripts (document, page, form-field
 * and annotation JavaScript), actions of every kind (/OpenAction, /AA, Launch, GoToR, Rendition,
 * SubmitForm, /Next chains), embedded files, XFA and forms' logic are not carried over;
 * annotations are drawn into the page (a filled form keeps its values, as print) instead of being
 * kept as objects. Ghostscript is chosen over qpdf because qpdf keeps a document's objects as they
 * are (it rewrites structure, not content), so stripping with it would mean walking the object
 * graph by hand; pdfwrite's re-distillation drops by construction whatever it does not draw.
 */
export async function distilPdf(bytes: Uint8Array, options: DistilOptions): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'admissions-pdf-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    await writeFile(input, bytes);
    try {
      await runSandboxed(
        options.ghostscript,
        [
          '-q',
          '-dSAFER',
          '-dBATCH',
          '-dNOPAUSE',
          '-dNOINTERPOLATE',
          '-sDEVICE=pdfwrite',
          '-dCompatibilityLevel=1.7',
          '-dAutoRotatePages=/None',
          '-dPreserveAnnots=false',
          '-dPreserveEmbeddedFiles=false',
          '-dPreserveMarkedContent=false',
          '-dPreserveHalftoneInfo=false',
          '-dNoOutputFonts=false',
          `-dLastPage=${options.maxPages}`,
          `-sOutputFile=${output}`,
          input,
        ],
        {
          workDir: dir,
          timeoutMs: options.timeoutMs,
          memoryMb: options.memoryMb,
          signal: options.signal,
          sandbox: options.sandbox,
        },
      );
      return await readFile(output);
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      throw new ConversionError(conversionMessages.pdfUnreadable);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
