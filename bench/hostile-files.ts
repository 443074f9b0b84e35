/** The files bench/isolation.ts uploads: hostile ones, and a light Word file. */
import { crc32 } from 'node:zlib';
import { png, zip } from '../tests/server/helpers/fixtures';

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const wordDoc = (body: string) =>
  zip([
    { name: '[Content_Types].xml', data: contentTypes, deflate: true },
    { name: '_rels/.rels', data: packageRels, deflate: true },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      deflate: true,
    },
  ]);

/** 5,000 short paragraphs, each on a page of its own. */
export const pagesDocx = () =>
  wordDoc(
    Array.from(
      { length: 5000 },
      (_, i) => `<w:p><w:r><w:br w:type="page"/><w:t>Line ${i + 1}</w:t></w:r></w:p>`,
    ).join(''),
  );

/** One table of 3,000 rows × 6 cells. */
export const tableDocx = () => {
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="1500" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  const rows = Array.from(
    { length: 3000 },
    (_, r) => `<w:tr>${Array.from({ length: 6 }, (_, c) => cell(`r${r}c${c}`)).join('')}</w:tr>`,
  ).join('');
  return wordDoc(
    `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr>${rows}</w:tbl><w:p/>`,
  );
};

export const pixelBomb = () => {
  const bytes = Buffer.from(png(30, 20));
  bytes.writeUInt32BE(16000, 16);
  bytes.writeUInt32BE(16000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
};

/** A one-paragraph Word file of about 1 KB, the size of a short letter's text. */
export const lightDocx = () =>
  wordDoc(
    '<w:p><w:r><w:t>My transcript: one short page, for the admissions office.</w:t></w:r></w:p>',
  );
