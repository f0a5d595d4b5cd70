import { describe, expect, it } from 'vitest'
import { formatCardDate, formatDetailsDate, formatFileDate, formatMonthHeading } from '../../../lib/index.ts'

// SPEC §9 "Date formats: MM/DD/YY hh:mma (cards), MM/DD/YYYY (details panel, created),
// MM/DD/YYYY hh:mma (file details, public page)". Dates are shown in local time.
const evening = new Date(2024, 2, 7, 21, 5)
const morning = new Date(2024, 11, 25, 0, 30)

describe('formatCardDate (MM/DD/YY hh:mma)', () => {
  it('given an evening date, then it pads and uses PM', () => {
    expect(formatCardDate(evening)).toBe('03/07/24 09:05PM')
  })
  it('given midnight, then the hour reads 12AM', () => {
    expect(formatCardDate(morning)).toBe('12/25/24 12:30AM')
  })
  it('given an ISO string or an epoch, then it formats the same instant', () => {
    expect(formatCardDate(evening.toISOString())).toBe('03/07/24 09:05PM')
    expect(formatCardDate(evening.getTime())).toBe('03/07/24 09:05PM')
  })
})

describe('formatDetailsDate (MM/DD/YYYY)', () => {
  it('given a date, then it shows the four-digit year and no time', () => {
    expect(formatDetailsDate(evening)).toBe('03/07/2024')
  })
})

describe('formatFileDate (MM/DD/YYYY hh:mma)', () => {
  it('given a date, then it shows date and time', () => {
    expect(formatFileDate(evening)).toBe('03/07/2024 09:05PM')
    expect(formatFileDate(morning)).toBe('12/25/2024 12:30AM')
  })
})

describe("formatMonthHeading (the gallery's month headers)", () => {
  it('given a date, an ISO string or epoch ms, then it names the month and year in local time', () => {
    expect(formatMonthHeading(evening)).toBe('March 2024')
    expect(formatMonthHeading(new Date(2026, 10, 30, 23, 59).toISOString())).toBe('November 2026')
    expect(formatMonthHeading(morning.getTime())).toBe('December 2024')
  })
})
