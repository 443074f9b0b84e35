/**
 * An image's size as its header declares it, read without decoding a pixel: the PNG IHDR chunk,
 * or a JPEG's first SOF segment. Undefined when the header cannot be found (the decoder then
 * refuses the file as unreadable).
 */
export function imageDimensions(
  bytes: Uint8Array,
  kind: 'png' | 'jpeg',
): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    // 8-byte signature, then the first chunk: length, "IHDR", width, height.
    if (bytes.length < 24) return undefined;
    const type = String.fromCharCode(...bytes.subarray(12, 16));
    if (type !== 'IHDR') return undefined;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // segments without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end, or scan data before any SOF
    const length = view.getUint16(at + 2);
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return undefined;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}
