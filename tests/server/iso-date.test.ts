// isoDate replaces `new Date(ms).toISOString()` on the list path; any difference would change
// every uploadDate/createdAt the API sends.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate } from '../../server/util/iso-date.ts'

const iso = (ms: number) => new Date(ms).toISOString()

describe('isoDate', () => {
  it('given any millisecond a Date can hold, then exactly what toISOString gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoDate(ms) === iso(ms)),
      { numRuns: 20_000 },
    )
  })

  it('given times around now and the next centuries, then exactly what toISOString gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6_000_000_000_000 }), (ms) => isoDate(ms) === iso(ms)),
      { numRuns: 20_000 },
    )
  })

  it.each([
    0, -1, 1, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 4_102_444_799_999, -62_167_219_200_000,
    -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 1.5, -0,
  ])('given the edge %s (epoch, leap days, 2100, year 0 and 10000, fractions), then what toISOString gives', (ms) => {
    expect(isoDate(ms)).toBe(iso(ms))
  })

  it('given an invalid time, then it throws like toISOString', () => {
    expect(() => isoDate(Number.NaN)).toThrow(RangeError)
    expect(() => isoDate(8.64e15 + 1)).toThrow(RangeError)
  })
})
