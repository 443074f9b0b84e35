/**
 * LibreOffice in its box, for real (the `soffice` of this machine, as CI installs it): a Word
 * document's external image links reach neither the network (a listener on 127.0.0.1 gets no
 * request) nor the server's files (a file:// image is not embedded); a document longer than the
 * page cap is refused; a conversion past its deadline is killed with its whole process group and
 * its profile folder is removed. After every test, no soffice.bin (or sandbox, or Ghostscript)
 * is left among this process's descendants.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { convertToPdf } from '../../../src/server/conversion/convert-document';
import { findOnPath, SofficeDocxConverter } from '../../../src/server/conversion/convert-docx';
import {
  ConversionError,
  conversionMessages,
} from '../../../src/server/conversion/conversion-messages';
import { stripExternalLinks } from '../../../src/server/conversion/docx-externals';
import { liveWorkers } from '../../../src/server/conversion/isolation';
import { detectSandbox } from '../../../src/server/conversion/sandbox';
import { png, zip } from '../helpers/fixtures';
import { readPdf } from '../helpers/pdf-text';
import { leftoverProcesses } from '../helpers/processes';

const soffice = findOnPath('soffice', process.env.PATH ?? '');
/** CI installs bubblewrap (.ci/run): there it must work; elsewhere only when installed. */
const bwrap = Boolean(process.env.CI) || Boolean(findOnPath('bwrap', process.env.PATH ?? ''));

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;
const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

const picture = (rel: string, id: number) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${id}" name="Picture ${id}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** A Word document of one paragraph and images linked (not embedded) from the given URLs. */
function linkingDocx(urls: string[]): Promise<Uint8Array> {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>Linked images below</w:t></w:r></w:p>${urls.map((_, i) => picture(`rIdImg${i}`, i + 1)).join('')}</w:body></w:document>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${urls
    .map(
      (url, i) =>
        `<Relationship Id="rIdImg${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${url}" TargetMode="External"/>`,
    )
    .join('')}</Relationships>`;
  return zip([
    { name: '[Content_Types].xml', data: contentTypes, deflate: true },
    { name: '_rels/.rels', data: packageRels, deflate: true },
    { name: 'word/document.xml', data: document, deflate: true },
    { name: 'word/_rels/document.xml.rels', data: rels, deflate: true },
  ]);
}

/** A Word document of `pages` paragraphs, each after a page break. */
function pageBreaksDocx(pages: number): Promise<Uint8Array> {
  const body = Array.from(
    { length: pages },
    (_, i) => `<w:p><w:r><w:br w:type="page"/><w:t>Page ${i + 1}</w:t></w:r></w:p>`,
  ).join('');
  return zip([
    { name: '[Content_Types].xml', data: contentTypes, deflate: true },
    { name: '_rels/.rels', data: packageRels, deflate: true },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      deflate: true,
    },
  ]);
}

const hasImage = (pdf: Uint8Array) =>
  /\/Subtype\s*\/Image/.test(Buffer.from(pdf).toString('latin1'));
const profileFolders = () =>
  readdirSync(os.tmpdir()).filter((f) => f.startsWith('admissions-docx-'));

describe.runIf(soffice)('LibreOffice in a box', () => {
  let server: Server;
  const requests: string[] = [];
  let url = '';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'soffice-box-'));
  const secretImage = path.join(dir, 'secret.png');

  beforeAll(async () => {
    writeFileSync(secretImage, png(40, 40));
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(png(40, 40)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (let i = 0; i < 50 && liveWorkers.size > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(liveWorkers.size).toBe(0);
    expect(await leftoverProcesses()).toEqual([]);
  });

  it.runIf(bwrap)('sandboxes with bubblewrap on this machine', () => {
    // CI and this container run as root with bubblewrap installed (.ci/run); see README "Isolation".
    expect(detectSandbox()).toBe('bwrap');
  });

  it('strips every external relationship from the package', async () => {
    const { bytes, removed } = await stripExternalLinks(
      await linkingDocx([`${url}/a.png?token=1`, `file://${secretImage}`]),
    );
    expect(removed).toBe(2);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text).not.toContain('127.0.0.1');
  });

  it('without the box, the fixture does reach the listener and embed the local file', async () => {
    requests.length = 0;
    const bare = new SofficeDocxConverter(soffice!, { sandbox: 'none' });
    const out = await bare.convert(
      await linkingDocx([`${url}/control.png?metadata=1`, `file://${secretImage}`]),
    );
    expect(requests.some((r) => r.includes('/control.png?metadata=1'))).toBe(true);
    expect(hasImage(out)).toBe(true);
  }, 120_000);

  it.runIf(bwrap)(
    'in the box, an unstripped document still sends nothing and embeds nothing',
    async () => {
      requests.length = 0;
      const boxed = new SofficeDocxConverter(soffice!, { sandbox: 'bwrap' });
      const out = await boxed.convert(
        await linkingDocx([`${url}/boxed.png?metadata=1`, `file://${secretImage}`]),
      );
      expect(requests).toEqual([]);
      expect(hasImage(out)).toBe(false);
    },
    120_000,
  );

  it('converts a linking document with no request leaving and no local file embedded', async () => {
    requests.length = 0;
    const out = await convertToPdf(
      'docx',
      await linkingDocx([`${url}/pipeline.png?metadata=1`, `file://${secretImage}`]),
      new SofficeDocxConverter(soffice!),
    );
    expect(requests).toEqual([]);
    expect(hasImage(out)).toBe(false);
    expect((await readPdf(out)).text).toContain('Linked images below');
  }, 120_000);

  it('refuses a document longer than the page cap', async () => {
    const error = await convertToPdf(
      'docx',
      await pageBreaksDocx(150),
      new SofficeDocxConverter(soffice!),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe(conversionMessages.tooManyPages);
  }, 120_000);

  it('kills the whole process group at the deadline and removes the profile', async () => {
    const before = profileFolders();
    // Shorter than LibreOffice takes even to start, on a quiet machine as on a busy one.
    const slow = new SofficeDocxConverter(soffice!, { timeoutMs: 300 });
    const error = await slow.convert(await pageBreaksDocx(10)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe(conversionMessages.tooSlow);
    expect(await leftoverProcesses(0)).toEqual([]);
    expect(profileFolders().filter((f) => !before.includes(f))).toEqual([]);
  }, 60_000);
});
