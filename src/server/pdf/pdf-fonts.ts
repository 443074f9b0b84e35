import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font as FontkitFont } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** The four faces of DejaVu Sans: applicants' names are not all Latin-1, the standard 14 are. */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';
export type FontSet = Record<FontStyle, PDFFont>;

const fontFiles: Record<FontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

const ttfDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

const fileBytes = new Map<FontStyle, Uint8Array>();
type Fontkit = { create(data: Buffer): FontkitFont };

/**
 * fontkit laying text out by the character map alone instead of full OpenType shaping. Shaping
 * costs about half a millisecond a line, which would make a PDF of a few hundred lines slow; the
 * character map is enough for Latin, Greek and Cyrillic (text is NFC-normalised first). Scripts
 * that need shaping (Arabic, Indic) print unjoined, and characters DejaVu lacks (CJK) print as
 * boxes. A parsed font is not shared between documents: fontkit caches glyphs, and a glyph first
 * met as a part of another (Cyrillic е is drawn with Latin e) would lose its text in the next.
 */
const mappedFontkit = (fontkit: Fontkit) => ({
  create(data: Uint8Array): FontkitFont {
    const font: FontkitFont = fontkit.create(data as Buffer);
    const layout = (text: string) => ({
      glyphs: Array.from(text, (ch) => font.glyphForCodePoint(ch.codePointAt(0) ?? 0)),
    });
    return Object.assign(font, { layout });
  },
});
// fontkit takes a while to load: only when the first PDF is drawn.
let loadedFontkit: Promise<ReturnType<typeof mappedFontkit>> | undefined;
const fontkitOnce = () =>
  (loadedFontkit ??= import('@pdf-lib/fontkit').then((m) =>
    mappedFontkit(((m as { default?: Fontkit }).default ?? m) as Fontkit),
  ));

function bytesOf(style: FontStyle): Uint8Array {
  let bytes = fileBytes.get(style);
  if (!bytes) {
    bytes = readFileSync(path.join(ttfDir, fontFiles[style]));
    fileBytes.set(style, bytes);
  }
  return bytes;
}

/** Embeds the four faces into a document, each subset to the glyphs it uses. */
export async function embedFonts(doc: PDFDocument): Promise<FontSet> {
  doc.registerFontkit(
    (await fontkitOnce()) as unknown as Parameters<PDFDocument['registerFontkit']>[0],
  );
  const [regular, bold, italic, boldItalic] = await Promise.all(
    (['regular', 'bold', 'italic', 'boldItalic'] as const).map((style) =>
      doc.embedFont(bytesOf(style), { subset: true }),
    ),
  );
  return { regular: regular!, bold: bold!, italic: italic!, boldItalic: boldItalic! };
}

const widths = new WeakMap<PDFFont, Map<string, number>>();

/** The width of text at size 1, summed from cached character widths (no kerning). */
export function textWidth(font: PDFFont, text: string): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = 0;
  for (const ch of text) {
    let w = cache.get(ch);
    if (w === undefined) {
      w = font.widthOfTextAtSize(ch, 1);
      cache.set(ch, w);
    }
    width += w;
  }
  return width;
}

/**
 * Text as the PDF prints it: NFC-normalised, tabs as spaces, other control characters dropped
 * (line breaks are kept for the layout to honour).
 */
export function printable(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, '    ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\ufeff]/g, '')
  );
}
