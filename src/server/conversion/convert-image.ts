import exifr from 'exifr';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  type PDFImage,
} from 'pdf-lib';
import { ConversionError, conversionMessages } from './conversion-messages';
import { inspectImage } from './image-header';
import { defaultDocumentLimits } from './limits';
import { checkPdfImages } from './pdf-image-check';
import { embedPngWithin } from './png-decoder-cap';
import { A4 } from '../pdf/text-flow';

const MARGIN = 36;

/**
 * How each EXIF orientation maps the stored image onto the displayed one, as the coefficients
 * of s = a·u + b·v + c and t = d·u + e·v + f, where (u, v) is a point of the stored image and
 * (s, t) of the displayed one, both in unit squares with the origin at the bottom left.
 * 5 to 8 turn the image a quarter, so width and height swap.
 */
const orientations: Record<number, readonly [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 0, 1, 0],
  2: [-1, 0, 1, 0, 1, 0], // mirrored
  3: [-1, 0, 1, 0, -1, 1], // turned 180°
  4: [1, 0, 0, 0, -1, 1], // flipped
  5: [0, -1, 1, -1, 0, 1], // mirrored and turned 270° clockwise
  6: [0, 1, 0, -1, 0, 1], // turned 90° clockwise
  7: [0, 1, 0, 1, 0, 0], // mirrored and turned 90° clockwise
  8: [0, -1, 1, 1, 0, 0], // turned 270° clockwise
};

/** The EXIF orientation (1 to 8) of an image; 1 when it has none or it cannot be read. */
export async function orientationOf(bytes: Uint8Array): Promise<number> {
  try {
    const value = await exifr.orientation(Buffer.from(bytes));
    return value && orientations[value] ? value : 1;
  } catch {
    return 1;
  }
}

/**
 * A PNG or JPEG as a one-page PDF: the image turned as its EXIF orientation says, fitted (never
 * enlarged) within the margins of an A4 page that is upright or landscape like the image. The
 * image is judged by what it decodes to before it is decoded (a few KB may declare 16000×16000
 * pixels, in a first header or a later one), the PNG decoder is capped at `maxPixels` itself,
 * the size the decoder reports must be the one inspected, and the PDF's image is checked again.
 */
export async function imageToPdf(
  bytes: Uint8Array,
  kind: 'png' | 'jpeg',
  maxPixels = defaultDocumentLimits.maxImagePixels,
): Promise<Uint8Array> {
  const inspected = await inspectImage(bytes, kind, maxPixels);
  const doc = await PDFDocument.create();
  let image: PDFImage;
  try {
    image =
      kind === 'png'
        ? await embedPngWithin(doc, inspected.bytes, maxPixels)
        : await doc.embedJpg(inspected.bytes);
    await image.embed();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    throw new ConversionError(conversionMessages.imageUnreadable);
  }
  // pdf-lib reads a JPEG's size on its own (the first of more markers than frame headers).
  if (image.width !== inspected.width || image.height !== inspected.height) {
    throw new ConversionError(conversionMessages.imageUnreadable);
  }
  checkPdfImages(doc, maxPixels);
  const orientation = await orientationOf(bytes);
  const turned = orientation >= 5;
  const [shownWidth, shownHeight] = turned
    ? [image.height, image.width]
    : [image.width, image.height];
  const [pageWidth, pageHeight] = shownWidth > shownHeight ? [A4[1], A4[0]] : A4;
  const scale = Math.min(
    1,
    (pageWidth - 2 * MARGIN) / shownWidth,
    (pageHeight - 2 * MARGIN) / shownHeight,
  );
  const [w, h] = [shownWidth * scale, shownHeight * scale];
  const [x, y] = [(pageWidth - w) / 2, (pageHeight - h) / 2];

  const page = doc.addPage([pageWidth, pageHeight]);
  const [a, b, c, d, e, f] = orientations[orientation]!;
  const name = page.node.newXObject('Image', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(w * a, h * d, w * b, h * e, x + w * c, y + h * f),
    drawObject(name),
    popGraphicsState(),
  );
  return doc.save();
}
