import { fileMessages, type DocumentKind } from '../../engine/file-rules';
import { conversionMessages } from './conversion-messages';
import { docxLimits, listZip } from './zip-inspection';

export type ContentCheck = { ok: true; kind: DocumentKind } | { ok: false; message: string };

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const zip = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4

/**
 * What a file is, judged by its content (magic bytes), never by its name: PNG, JPEG, PDF, or a
 * Word document, which is a zip holding word/document.xml, read from its central directory only
 * and refused when it would unpack too large (a zip bomb).
 */
export async function documentKindOf(bytes: Uint8Array): Promise<ContentCheck> {
  if (bytes.length === 0) return { ok: false, message: fileMessages.empty };
  if (startsWith(bytes, png)) return { ok: true, kind: 'png' };
  if (startsWith(bytes, jpeg)) return { ok: true, kind: 'jpeg' };
  if (startsWith(bytes, pdf)) return { ok: true, kind: 'pdf' };
  if (startsWith(bytes, zip)) {
    const listing = await listZip(bytes, docxLimits);
    if (!listing.ok) {
      return {
        ok: false,
        message:
          listing.problem === 'unreadable'
            ? conversionMessages.docxUnreadable
            : conversionMessages.docxTooLarge,
      };
    }
    const names = new Set(listing.names);
    if (names.has('word/document.xml') && names.has('[Content_Types].xml')) {
      return { ok: true, kind: 'docx' };
    }
  }
  return { ok: false, message: fileMessages.wrongContent };
}
