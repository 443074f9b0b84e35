import yauzl, { type Entry, type ZipFile } from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** The most all entries may hold once unpacked, in bytes. */
  maxUnpackedBytes: number;
}

/** A Word document is a zip; a few MB unpack to a few MB more. Beyond these it is a zip bomb. */
export const docxLimits: ZipLimits = { maxEntries: 2000, maxUnpackedBytes: 20 * 1024 * 1024 };

export type ZipListing =
  | { ok: true; names: string[]; unpackedBytes: number }
  | { ok: false; problem: 'too-many-entries' | 'too-large' | 'unreadable' };

const open = (bytes: Uint8Array) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // decodeStrings also refuses absolute paths and ".." in entry names.
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );

/**
 * Lists a zip's entries from its central directory alone, unpacking nothing: refused when it has
 * more entries or declares more unpacked bytes than the limits allow (a zip bomb).
 */
export async function listZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipListing> {
  let zip: ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, problem: 'too-many-entries' };
  }
  return new Promise((resolve) => {
    const names: string[] = [];
    let unpackedBytes = 0;
    let done = false;
    const stop = (listing: ZipListing) => {
      if (done) return;
      done = true;
      zip.close();
      resolve(listing);
    };
    zip.on('entry', (entry: Entry) => {
      unpackedBytes += entry.uncompressedSize;
      if (unpackedBytes > limits.maxUnpackedBytes) return stop({ ok: false, problem: 'too-large' });
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => stop({ ok: true, names, unpackedBytes }));
    zip.on('error', () => stop({ ok: false, problem: 'unreadable' }));
    zip.readEntry();
  });
}

/**
 * Unpacks every entry into nothing, to prove each one holds no more than its declared size
 * (yauzl stops an entry that inflates past it). Run after listZip, whose limits bound the total,
 * and before a library that trusts the archive unpacks it for real.
 */
export async function verifyZipSizes(bytes: Uint8Array): Promise<boolean> {
  let zip: ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    return false;
  }
  return new Promise((resolve) => {
    let done = false;
    const stop = (ok: boolean) => {
      if (done) return;
      done = true;
      zip.close();
      resolve(ok);
    };
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return stop(false);
        stream.on('data', () => {});
        stream.on('error', () => stop(false));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.on('end', () => stop(true));
    zip.on('error', () => stop(false));
    zip.readEntry();
  });
}
