/**
 * The rules for an uploaded document (SPEC §5 "File upload", §9): one file of at most 1 MB, not
 * empty, named in at most 32 characters, of type png, jpeg, jpg, pdf or docx. The client checks a
 * chosen file with checkFile before uploading it; the server answers the same texts, and checks
 * the type again by the file's content, never by its name alone.
 */

/** SPEC §9: 1 MB. */
export const MAX_FILE_BYTES = 1_048_576;
/** SPEC §9: including the extension. */
const MAX_FILE_NAME_LENGTH = 32;
const allowedExtensions = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
/** The `accept` attribute of the file input. */
export const acceptAttribute = allowedExtensions.map((ext) => `.${ext}`).join(',');

/** The kinds of document the server converts, told apart by content. */
export type DocumentKind = 'png' | 'jpeg' | 'pdf' | 'docx';

/** The texts of SPEC §5, plus the one for a file whose content is not what its name says. */
export const fileMessages = {
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  nameTooLong:
    'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
  empty: 'Your file is empty. Please upload a non-empty file.',
  wrongContent: "The file's content is not a PNG, JPEG, PDF or DOCX file.",
} as const;

/** The MIME types browsers report for the allowed files. */
const allowedMimeTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/pjpeg',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
/** What a browser reports when it does not know the type (some systems do so for .docx). */
const unknownMimeTypes = new Set(['', 'application/octet-stream']);

/** The facts of a chosen file the rules look at (a browser File has all three). */
export interface FileFacts {
  name: string;
  size: number;
  /** The browser's MIME type; '' or absent when unknown. */
  type?: string;
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The length of a file name in characters (code points, so 'é' or an emoji counts once). */
const fileNameLength = (name: string): number => Array.from(name).length;

/**
 * The SPEC §5 messages a chosen file breaks, in the order the spec lists them; [] when it may be
 * uploaded. A type the browser reports must be an allowed one too, unless it reports none.
 */
export function checkFile(file: FileFacts): string[] {
  const messages: string[] = [];
  if (file.size > MAX_FILE_BYTES) messages.push(fileMessages.tooLarge);
  const extensionAllowed = (allowedExtensions as readonly string[]).includes(
    fileExtension(file.name),
  );
  const type = (file.type ?? '').toLowerCase();
  if (!extensionAllowed || !(unknownMimeTypes.has(type) || allowedMimeTypes.has(type))) {
    messages.push(fileMessages.wrongType);
  }
  if (fileNameLength(file.name) > MAX_FILE_NAME_LENGTH) messages.push(fileMessages.nameTooLong);
  if (file.size <= 0) messages.push(fileMessages.empty);
  return messages;
}
