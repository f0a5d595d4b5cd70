// stripJpegApp1: a JPEG loses its EXIF and XMP (orientation, GPS) and keeps its colour profile
// and picture byte for byte.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { stripJpegApp1 } from '../../server/util/jpeg-metadata.ts'
import { IPHONE_EXIF } from './helpers/media-fixtures.ts'

describe('stripJpegApp1', () => {
  it('given a JPEG with EXIF (GPS, Orientation 6) and an ICC profile, then no EXIF, the profile and the same pixels', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif(IPHONE_EXIF)
      .withMetadata({ orientation: 6, icc: 'p3' })
      .toBuffer()
    const before = await sharp(jpeg).metadata()
    expect([before.orientation, Boolean(before.exif), Boolean(before.icc)]).toEqual([6, true, true])
    const stripped = stripJpegApp1(jpeg)
    const after = await sharp(stripped).metadata()
    expect([after.orientation, after.exif, Boolean(after.icc), after.width, after.height]).toEqual([
      undefined,
      undefined,
      true,
      40,
      20,
    ])
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer()
    expect((await pixels(stripped)).equals(await pixels(jpeg))).toBe(true)
    expect(stripped.length).toBeLessThan(jpeg.length)
  })

  it('given something that is not a JPEG, or one cut inside a segment, then it throws', async () => {
    expect(() => stripJpegApp1(Buffer.from('GIF89a...'))).toThrow(/not a JPEG/)
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .withExif(IPHONE_EXIF)
      .toBuffer()
    expect(() => stripJpegApp1(jpeg.subarray(0, 30))).toThrow()
  })
})
