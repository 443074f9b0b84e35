import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  checkFile,
  fileExtension,
  fileMessages,
  MAX_FILE_BYTES,
} from '../../src/engine/file-rules';

describe('checkFile', () => {
  it('accepts a file of exactly 1 MB and refuses one byte more', () => {
    expect(checkFile({ name: 'transcript.pdf', size: 1048576 })).toEqual([]);
    expect(checkFile({ name: 'transcript.pdf', size: 1048577 })).toEqual([
      'Your file is too large. The maximum file size is 1 MB.',
    ]);
    expect(MAX_FILE_BYTES).toBe(1048576);
  });

  it('refuses an empty file', () => {
    expect(checkFile({ name: 'transcript.pdf', size: 0 })).toEqual([
      'Your file is empty. Please upload a non-empty file.',
    ]);
    expect(checkFile({ name: 'transcript.pdf', size: 1 })).toEqual([]);
  });

  it('accepts a name of 32 characters with its extension and refuses 33', () => {
    const name32 = `${'a'.repeat(28)}.pdf`;
    expect(name32).toHaveLength(32);
    expect(checkFile({ name: name32, size: 10 })).toEqual([]);
    expect(checkFile({ name: `a${name32}`, size: 10 })).toEqual([
      'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
    ]);
  });

  it('counts characters, not UTF-16 units, in a name', () => {
    const emoji = `${'😀'.repeat(28)}.png`;
    expect(checkFile({ name: emoji, size: 10 })).toEqual([]);
  });

  it('accepts the five extensions in any case, with or without a browser type', () => {
    for (const name of ['a.png', 'a.jpeg', 'a.jpg', 'a.pdf', 'a.docx', 'A.PDF', 'scan.JPG']) {
      expect(checkFile({ name, size: 10 })).toEqual([]);
      expect(checkFile({ name, size: 10, type: '' })).toEqual([]);
    }
    expect(checkFile({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toEqual([]);
    expect(
      checkFile({
        name: 'essay.docx',
        size: 10,
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toEqual([]);
    expect(checkFile({ name: 'essay.docx', size: 10, type: 'application/octet-stream' })).toEqual(
      [],
    );
  });

  it('refuses other extensions, no extension, and a type the browser knows to be another', () => {
    const wrong = ['You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx'];
    for (const name of ['a.gif', 'a.doc', 'a.exe', 'a.pdf.exe', 'pdf', '.pdf', 'a.', 'a.tiff']) {
      expect(checkFile({ name, size: 10 })).toEqual(wrong);
    }
    expect(checkFile({ name: 'a.pdf', size: 10, type: 'application/x-msdownload' })).toEqual(wrong);
  });

  it('reports every rule a file breaks, in the order of SPEC §5', () => {
    expect(checkFile({ name: `${'b'.repeat(40)}.exe`, size: 2_000_000 })).toEqual([
      fileMessages.tooLarge,
      fileMessages.wrongType,
      fileMessages.nameTooLong,
    ]);
    expect(checkFile({ name: 'x.gif', size: 0 })).toEqual([
      fileMessages.wrongType,
      fileMessages.empty,
    ]);
  });
});

describe('fileExtension and acceptAttribute', () => {
  it('read the last extension in lower case', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('noextension')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(acceptAttribute).toBe('.png,.jpeg,.jpg,.pdf,.docx');
  });
});
