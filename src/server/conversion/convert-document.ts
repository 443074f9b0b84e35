import type { DocumentKind } from '../../engine/file-rules';
import { distilPdf } from './clean-pdf';
import { ConversionError, conversionMessages } from './conversion-messages';
import { JavascriptDocxConverter, type DocxConverter } from './convert-docx';
import { findOnPath } from './find-on-path';
import { runInWorker } from './isolation';
import { defaultDocumentLimits, type DocumentLimits } from './limits';
import { detectSandbox, type SandboxKind } from './sandbox';

/** The programs conversions use on this machine, found once. */
export interface ConversionTools {
  /** Ghostscript, which re-distils every PDF; without it, pdf-lib's rewrite alone cleans them. */
  ghostscript?: string;
  sandbox: SandboxKind;
}

let tools: ConversionTools | undefined;

export function conversionTools(): ConversionTools {
  tools ??= { ghostscript: findOnPath('gs', process.env.PATH ?? ''), sandbox: detectSandbox() };
  return tools;
}

export interface ConvertOptions {
  limits?: DocumentLimits;
  tools?: ConversionTools;
}

/**
 * An uploaded document as PDF bytes, none of it worked on by this thread: images become a page
 * (judged by every size they declare and capped in the decoder), Word documents are proven not to be zip bombs, stripped of
 * external links and converted (LibreOffice in its sandbox, or the JavaScript path), and every
 * PDF (uploaded or converted) is checked against the inflate, page and image-pixel bounds,
 * re-distilled by Ghostscript in the sandbox and rewritten without active content, its images
 * checked again before it is handed back to be stored. The whole conversion shares
 * one deadline (`limits.timeoutMs`). Throws ConversionError with the applicant's message.
 */
export async function convertToPdf(
  kind: DocumentKind,
  bytes: Uint8Array,
  docx: DocxConverter,
  signal?: AbortSignal,
  options: ConvertOptions = {},
): Promise<Uint8Array> {
  const limits = options.limits ?? defaultDocumentLimits;
  const found = options.tools ?? conversionTools();
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const step = () => {
    if (stop.aborted) throw new ConversionError(conversionMessages.tooSlow);
    return { timeoutMs: limits.timeoutMs, memoryMb: limits.workerMemoryMb, signal: stop };
  };
  switch (kind) {
    case 'png':
    case 'jpeg':
      return runInWorker({ task: 'image', bytes, kind, maxPixels: limits.maxImagePixels }, step());
    case 'pdf':
      return cleanPdf(bytes, limits, found, step);
    case 'docx': {
      const prepared = await runInWorker({ task: 'prepare-docx', bytes }, step());
      if (docx instanceof JavascriptDocxConverter) {
        // Laid out by our own code from the document's words and embedded PNG/JPEG images: there
        // is nothing active to distil away (and Ghostscript would drop its fonts' text mapping).
        const pdf = await runInWorker({ task: 'docx-js', bytes: prepared }, step());
        return runInWorker(
          {
            task: 'finish-pdf',
            bytes: pdf,
            maxPages: limits.maxPages,
            maxBytes: limits.maxPdfBytes,
            maxImagePixels: limits.maxImagePixels,
          },
          step(),
        );
      }
      // LibreOffice's PDF comes from a stripped document, converted with no network: it is checked
      // and rewritten without active content (links to files, form actions), not re-distilled,
      // as Ghostscript would garble the text of its ligatures ("ffi") for search and copy.
      const pdf = await docx.convert(prepared, step().signal);
      return cleanPdf(pdf, limits, { ...found, ghostscript: undefined }, step);
    }
  }
}

async function cleanPdf(
  bytes: Uint8Array,
  limits: DocumentLimits,
  found: ConversionTools,
  step: () => { timeoutMs: number; memoryMb: number; signal: AbortSignal },
): Promise<Uint8Array> {
  const { maxPages, maxInflatedBytes, maxImagePixels } = limits;
  await runInWorker(
    { task: 'check-pdf', bytes, maxPages, maxInflatedBytes, maxImagePixels },
    step(),
  );
  const distilled = found.ghostscript
    ? await distilPdf(bytes, {
        ghostscript: found.ghostscript,
        sandbox: found.sandbox,
        timeoutMs: limits.timeoutMs,
        memoryMb: limits.processMemoryMb,
        maxPages,
        signal: step().signal,
      })
    : bytes;
  return runInWorker(
    {
      task: 'finish-pdf',
      bytes: distilled,
      maxPages,
      maxBytes: limits.maxPdfBytes,
      maxImagePixels,
    },
    step(),
  );
}
