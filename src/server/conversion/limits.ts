/**
 * What one document may cost before its conversion is refused (README "Configuration"): checked
 * before the work where they can be (an image's headers, a zip's directory), inside it where a
 * library allows (the PNG decoder's pixel cap), and on the work's output otherwise (pages, bytes,
 * the PDF's images). Each refusal is a FAILED conversion with its catalogue message.
 */
export interface DocumentLimits {
  /**
   * Width × height an image may decode to: every size it declares (each PNG IHDR and APNG frame,
   * each JPEG frame header) before it is decoded, the PNG decoder's own cap, and each image of
   * a converted or uploaded PDF.
   */
  maxImagePixels: number;
  /** Pages of one converted or uploaded document. */
  maxPages: number;
  /** Bytes of one converted document's PDF. */
  maxPdfBytes: number;
  /** Bytes all of an uploaded PDF's compressed streams may inflate to, together. */
  maxInflatedBytes: number;
  /** Pages of the application PDF (form pages and every attached document). */
  maxApplicationPages: number;
  /** Bytes of the application PDF. */
  maxApplicationBytes: number;
  /** How long one conversion (or application PDF build) may take before it is stopped for good. */
  timeoutMs: number;
  /** The V8 heap a conversion's child process may use, in MB. */
  workerMemoryMb: number;
  /** The address space of a sandboxed LibreOffice or Ghostscript process, in MB. */
  processMemoryMb: number;
}

const MB = 1024 * 1024;

export const defaultDocumentLimits: DocumentLimits = {
  maxImagePixels: 40_000_000,
  maxPages: 100,
  maxPdfBytes: 20 * MB,
  maxInflatedBytes: 100 * MB,
  maxApplicationPages: 1000,
  maxApplicationBytes: 100 * MB,
  timeoutMs: 60_000,
  workerMemoryMb: 512,
  processMemoryMb: 2048,
};
