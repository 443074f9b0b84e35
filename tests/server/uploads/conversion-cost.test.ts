/**
 * Which uploads are light enough for the runners' light slot: judged by what converting them
 * costs, not by their bytes alone (a Word file's text compresses a hundredfold).
 */
import { describe, expect, it } from 'vitest';
import { isLightConversion, lightDocument } from '../../../src/server/uploads/conversion-cost';
import { docx, longDocx, paddedJpeg, pdf, png } from '../helpers/fixtures';

describe('the cost estimate of a conversion', () => {
  it('takes images as light: the pixel limit bounds them before they are decoded', async () => {
    expect(await isLightConversion('png', png())).toBe(true);
    expect(await isLightConversion('jpeg', paddedJpeg(900_000))).toBe(true);
  });

  it('takes a short Word file or PDF as light', async () => {
    const short = await docx(['My transcript, one short page.']);
    expect(short.length).toBeLessThan(2048);
    expect(await isLightConversion('docx', short)).toBe(true);
    expect(await isLightConversion('pdf', await pdf(2))).toBe(true);
  });

  it('takes a Word file whose main part unpacks past the limit as heavy, however few its bytes', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `Line ${i + 1} of a long document`);
    const packed = await docx(lines);
    expect(packed.length).toBeLessThan(lightDocument.maxBytes);
    expect(await isLightConversion('docx', packed)).toBe(false);
    expect(await isLightConversion('docx', await longDocx(40))).toBe(false);
  });

  it('takes a file past the byte limit as heavy, and a Word file it cannot read', async () => {
    // The estimate trusts the kind it is given (file-content.ts judged it): only the size counts.
    const large = new Uint8Array(lightDocument.maxBytes + 1);
    large.set(await pdf(1));
    expect(await isLightConversion('pdf', large)).toBe(false);
    expect(await isLightConversion('docx', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe(false);
  });
});
