import { describe, expect, it } from 'vitest';
import { documentKindOf } from '../../../src/server/conversion/file-content';
import { listZip, verifyZipSizes, docxLimits } from '../../../src/server/conversion/zip-inspection';
import {
  declaredZipBomb,
  deflatedZipBomb,
  docx,
  elfProgram,
  falsifyEntry,
  jpeg,
  manyEntriesZip,
  pdf,
  png,
  shellScript,
  understatedZipBomb,
  zip,
} from '../helpers/fixtures';

const wrongContent = "The file's content is not a PNG, JPEG, PDF or DOCX file.";
const tooLarge =
  'This Word document is too large once unpacked. Please save it as a PDF and upload that.';

describe('documentKindOf tells a file by its content', () => {
  it('knows PNG, JPEG, PDF and Word documents', async () => {
    expect(await documentKindOf(png())).toEqual({ ok: true, kind: 'png' });
    expect(await documentKindOf(jpeg())).toEqual({ ok: true, kind: 'jpeg' });
    expect(await documentKindOf(await pdf())).toEqual({ ok: true, kind: 'pdf' });
    expect(await documentKindOf(await docx(['Hello']))).toEqual({ ok: true, kind: 'docx' });
  });

  it('refuses a program or a script, whatever it is called', async () => {
    expect(await documentKindOf(elfProgram())).toEqual({ ok: false, message: wrongContent });
    expect(await documentKindOf(shellScript())).toEqual({ ok: false, message: wrongContent });
    expect(await documentKindOf(new Uint8Array(Buffer.from('<html><script>')))).toEqual({
      ok: false,
      message: wrongContent,
    });
  });

  it('refuses a zip that is not a Word document', async () => {
    const archive = await zip([{ name: 'readme.txt', data: 'hello' }]);
    expect(await documentKindOf(archive)).toEqual({ ok: false, message: wrongContent });
  });

  it('refuses an empty file', async () => {
    expect(await documentKindOf(new Uint8Array(0))).toEqual({
      ok: false,
      message: 'Your file is empty. Please upload a non-empty file.',
    });
  });
});

describe('Word documents are checked against zip bombs before anything is unpacked', () => {
  it('refuses entries declaring more than 20 MB unpacked, from the central directory alone', async () => {
    const bomb = await declaredZipBomb();
    expect(bomb.length).toBeLessThan(2000);
    expect(await listZip(bomb, docxLimits)).toEqual({ ok: false, problem: 'too-large' });
    expect(await documentKindOf(bomb)).toEqual({ ok: false, message: tooLarge });
  });

  it('refuses 30 MB of zeros deflated to some 30 KB', async () => {
    const bomb = await deflatedZipBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await documentKindOf(bomb)).toEqual({ ok: false, message: tooLarge });
  });

  it('refuses more than 2000 entries', async () => {
    expect(await listZip(await manyEntriesZip(2500), docxLimits)).toEqual({
      ok: false,
      problem: 'too-many-entries',
    });
    expect((await listZip(await manyEntriesZip(1900), docxLimits)).ok).toBe(true);
  });

  it('catches an entry that unpacks to more than it declares', async () => {
    const liar = await understatedZipBomb();
    expect((await listZip(liar, docxLimits)).ok).toBe(true);
    expect(await verifyZipSizes(liar)).toBe(false);
    expect(await verifyZipSizes(await docx(['Honest']))).toBe(true);
  });

  it('refuses entry names that climb out of the archive', async () => {
    // yazl refuses to write such a name: the entry is written under one as long, then renamed.
    const honest = await docx(['Hi'], [{ name: '__/__/etc/passwd', data: 'x' }]);
    const traversal = falsifyEntry(honest, '__/__/etc/passwd', { name: '../../etc/passwd' });
    expect(await listZip(traversal, docxLimits)).toEqual({ ok: false, problem: 'unreadable' });
    expect((await documentKindOf(traversal)).ok).toBe(false);
  });
});
