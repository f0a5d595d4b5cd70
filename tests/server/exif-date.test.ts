// exifTakenDate reads when a photo was taken from the EXIF block sharp hands over.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { exifTakenDate } from '../../server/util/exif-date.ts'

const NOW = Date.UTC(2026, 0, 1)

async function exifOf(photo: Record<string, string>): Promise<Buffer | undefined> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Test' }, IFD2: photo })
    .toBuffer()
  return (await sharp(jpeg).metadata()).exif
}

describe('exifTakenDate', () => {
  it.each([
    ['a wall clock alone, read as UTC', { DateTimeOriginal: '2019:07:14 18:30:05' }, '2019-07-14T18:30:05.000Z'],
    [
      'an offset east of UTC',
      { DateTimeOriginal: '2019:07:14 18:30:05', OffsetTimeOriginal: '+02:00' },
      '2019-07-14T16:30:05.000Z',
    ],
    [
      'an offset west of UTC, with half hours',
      { DateTimeOriginal: '2019:12:31 22:00:00', OffsetTimeOriginal: '-03:30' },
      '2020-01-01T01:30:00.000Z',
    ],
    [
      'a malformed offset, ignored',
      { DateTimeOriginal: '2019:07:14 18:30:05', OffsetTimeOriginal: 'local' },
      '2019-07-14T18:30:05.000Z',
    ],
    [
      'DateTimeDigitized when there is no original',
      { DateTimeDigitized: '2001:02:03 04:05:06', OffsetTimeDigitized: '+01:00' },
      '2001-02-03T03:05:06.000Z',
    ],
    [
      'the original before the digitized',
      { DateTimeOriginal: '1999:01:01 00:00:00', DateTimeDigitized: '2001:02:03 04:05:06' },
      '1999-01-01T00:00:00.000Z',
    ],
    [
      'up to a day ahead (a camera clock a little fast)',
      { DateTimeOriginal: '2026:01:01 23:00:00' },
      '2026-01-01T23:00:00.000Z',
    ],
  ])('given %s, then that instant', async (_, photo, iso) => {
    expect(new Date(exifTakenDate(await exifOf(photo), NOW)!).toISOString()).toBe(iso)
  })

  it.each([
    ['no EXIF', undefined],
    ['EXIF without dates', { ImageUniqueID: 'abc' }],
    ['an unset clock', { DateTimeOriginal: '0000:00:00 00:00:00' }],
    ['before 1900', { DateTimeOriginal: '1899:12:31 23:59:59' }],
    ['more than a day ahead', { DateTimeOriginal: '2026:01:02 00:00:01' }],
    ['text that is no date', { DateTimeOriginal: 'yesterday' }],
  ])('given %s, then none', async (_, photo) => {
    expect(exifTakenDate(photo && (await exifOf(photo)), NOW)).toBeUndefined()
  })

  it('given bytes that are not EXIF, then none (no throw)', () => {
    expect(exifTakenDate(Buffer.from('Exif\0\0garbage'), NOW)).toBeUndefined()
    expect(exifTakenDate(Buffer.alloc(0), NOW)).toBeUndefined()
  })
})
