import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';

/**
 * A Word document without any way to reach outside itself, before LibreOffice opens it. A DOCX
 * names what it links to in its relationship parts (`*.rels`): images linked instead of embedded,
 * OLE links, attached templates, hyperlinks, subdocuments. LibreOffice fetches linked images
 * (over HTTP, or from `file://` paths of the server) while converting, so every relationship that
 * is external (TargetMode="External", or a target with a scheme or a network path) is removed,
 * as are alternative-format chunks (HTML that could link out), and field codes that include
 * other files (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, IMPORT) become inert QUOTE fields. The
 * archive was checked against zip bombs before (zip-inspection.ts).
 */
export async function stripExternalLinks(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; removed: number }> {
  const entries = await readEntries(bytes);
  let removed = 0;
  const out = entries.map(({ name, data }) => {
    if (/\.rels$/i.test(name)) {
      const text = data.toString('utf8');
      const kept = text.replace(relationship, (element: string) => {
        if (!isExternal(element)) return element;
        removed++;
        return '';
      });
      return { name, data: Buffer.from(kept, 'utf8') };
    }
    if (/\.xml$/i.test(name)) {
      const text = data.toString('utf8');
      const inert = text
        .replace(instrText, (element: string) => neutraliseField(element, () => removed++))
        .replace(instrAttribute, (attribute: string) =>
          neutraliseField(attribute, () => removed++),
        );
      if (inert !== text) return { name, data: Buffer.from(inert, 'utf8') };
    }
    return { name, data };
  });
  return { bytes: await writeZip(out), removed };
}

const relationship = /<Relationship\b[^>]*?(?:\/>|>[\s\S]*?<\/Relationship>)/g;
const instrText = /<w:instrText\b[^>]*>[^<]*<\/w:instrText>/g;
const instrAttribute = /\bw:instr\s*=\s*("[^"]*"|'[^']*')/g;
const includingFields = /\b(INCLUDEPICTURE|INCLUDETEXT|DDEAUTO|DDE|LINK|IMPORT)\b/gi;

const attribute = (element: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    .exec(element)
    ?.slice(2)
    .find((v) => v !== undefined);

function isExternal(element: string): boolean {
  if ((attribute(element, 'TargetMode') ?? '').toLowerCase() === 'external') return true;
  if (/\/aFChunk$/i.test(attribute(element, 'Type') ?? '')) return true;
  const target = (attribute(element, 'Target') ?? '').trim();
  // A part of the package is a relative or absolute path; anything with a scheme or a network
  // path (\\server\share, //server) points outside.
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || /^(\\\\|\/\/)/.test(target) || /^&#/.test(target);
}

function neutraliseField(text: string, count: () => void): string {
  return text.replace(includingFields, () => {
    count();
    return 'QUOTE';
  });
}

interface Part {
  name: string;
  data: Buffer;
}

function readEntries(bytes: Uint8Array): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true },
      (err, zip?: ZipFile) => {
        if (err || !zip) return reject(err ?? new Error('no zip'));
        const parts: Part[] = [];
        zip.on('entry', (entry: Entry) => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (error, stream) => {
            if (error || !stream) return reject(error ?? new Error('no stream'));
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => chunks.push(chunk));
            stream.on('error', reject);
            stream.on('end', () => {
              parts.push({ name: entry.fileName, data: Buffer.concat(chunks) });
              zip.readEntry();
            });
          });
        });
        zip.on('end', () => resolve(parts));
        zip.on('error', reject);
        zip.readEntry();
      },
    );
  });
}

/**
 * A zip of the parts, stored uncompressed: LibreOffice reads it at once, and no CPU goes to
 * compressing a temporary file.
 */
function writeZip(parts: Part[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    zip.outputStream.on('error', reject);
    for (const part of parts) zip.addBuffer(part.data, part.name, { compress: false });
    zip.end();
  });
}
