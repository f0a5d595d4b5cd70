// Drops a JPEG's APP1 segments (EXIF and XMP: orientation, GPS, camera) and keeps the rest
// (the ICC profile in APP2, the picture itself) byte for byte, without decoding anything.

const SOI = 0xd8
const SOS = 0xda
const APP1 = 0xe1

/** The JPEG without its EXIF and XMP; throws when it is not a JPEG this can walk. */
export function stripJpegApp1(jpeg: Buffer): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new Error('not a JPEG')
  const kept: Buffer[] = [jpeg.subarray(0, 2)]
  let at = 2
  // Marker segments up to the scan: FF, the marker, a 16-bit length that counts itself.
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error('JPEG marker expected')
    const marker = jpeg[at + 1]!
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    if (marker === SOS) break
    const end = at + 2 + jpeg.readUInt16BE(at + 2)
    if (end > jpeg.length) throw new Error('JPEG segment past the end')
    if (marker !== APP1) kept.push(jpeg.subarray(at, end))
    at = end
  }
  kept.push(jpeg.subarray(at))
  return Buffer.concat(kept)
}
