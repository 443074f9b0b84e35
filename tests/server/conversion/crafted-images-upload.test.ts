/**
 * The probe of issue 41 (F1) through the application, on each database: the crafted image is
 * uploaded and its conversion job ends FAILED with the catalogue's "too many pixels", no PDF
 * stored; a TIFF or WebP named .png is refused at upload for its content.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileMessages } from '../../../src/engine/file-rules';
import { conversionMessages } from '../../../src/server/conversion/conversion-messages';
import { liveWorkers } from '../../../src/server/conversion/isolation';
import { createTestApp, databases, signedIn, type TestApp } from '../helpers/test-app';
import { postUpload, presign, uploadDocument } from '../helpers/uploads';
import { apng, jpegWith, sof, tiff, twoHeaderPng, webp } from './crafted-images';

describe.each(databases)('a crafted image uploaded on $name', ({ url }) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(url);
  });
  afterEach(async () => {
    await t.close();
    for (let i = 0; i < 50 && liveWorkers.size > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(liveWorkers.size).toBe(0);
  });

  it.each([
    ['probe.png', twoHeaderPng],
    ['frames.png', () => apng(16000, 16000)],
    ['frames.jpg', () => jpegWith(sof(0xc2, 16000, 16000), 'after-scan')],
  ])(
    'ends %s FAILED with too many pixels, storing no PDF',
    async (name, make) => {
      const ada = await signedIn(t, 'ada@example.org');
      expect((await uploadDocument(t, ada, make(), name)).statusCode).toBe(200);
      expect(await t.jobs.runUntilIdle()).toEqual(['failed']);
      const answer = await t.call(
        'GET',
        '/api/pdf/document-answer/transcript_file',
        undefined,
        ada,
      );
      expect(answer.json()).toMatchObject({
        status: 'FAILED',
        message: conversionMessages.imageTooLarge,
      });
      const rows = await t.db.selectFrom('document_answers').select('pdf_key').execute();
      expect(rows.filter((row) => row.pdf_key !== null)).toEqual([]);
    },
    60_000,
  );

  it('refuses a TIFF or a WebP named .png at upload, for its content', async () => {
    const ada = await signedIn(t, 'ada@example.org');
    for (const bytes of [tiff(), webp()]) {
      const form = await presign(t, ada, 'transcript_file');
      const response = await postUpload(t, form.url, form.fields, { name: 'scan.png', bytes });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'FILE_REJECTED',
        message: fileMessages.wrongContent,
      });
    }
  });
});
