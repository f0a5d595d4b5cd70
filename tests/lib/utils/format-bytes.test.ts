import { describe, expect, it } from 'vitest'
import { byteUnits, formatBytes } from '../../../lib/index.ts'

// SPEC §9 "Size formatting: B, KB, MB, GB, TB, PB, up to 2 decimals".
describe('formatBytes', () => {
  it('uses the units B, KB, MB, GB, TB, PB', () => {
    expect(byteUnits).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB'])
  })

  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [1024 ** 3, '1 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
  ])('given %d bytes, then it reads %s (base 1024)', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it('given a value with more decimals, then it keeps at most 2', () => {
    expect(formatBytes(1234567)).toBe('1.18 MB')
    expect(formatBytes(1024 + 10)).toBe('1.01 KB')
  })

  it('given a value that rounds up to 1024 of a unit, then it moves to the next unit', () => {
    expect(formatBytes(1048575)).toBe('1 MB')
  })

  it('given more than 1024 PB, then it stays in PB, the largest unit', () => {
    expect(formatBytes(1024 ** 6)).toBe('1024 PB')
  })

  it('given a negative or non-finite value, then it reads 0 B', () => {
    expect(formatBytes(-5)).toBe('0 B')
    expect(formatBytes(Number.NaN)).toBe('0 B')
  })
})
