import { describe, expect, it } from 'vitest'
import { middleTruncate } from '../../../lib/index.ts'

// SPEC §2 details panel: "the name, truncated in the middle past 66 characters".
describe('middleTruncate', () => {
  it('given a name of at most 66 characters, then it is unchanged', () => {
    const name = `${'a'.repeat(62)}.txt`
    expect(name).toHaveLength(66)
    expect(middleTruncate(name)).toBe(name)
  })

  it('given a name past 66 characters, then it is 66 long with an ellipsis in the middle, keeping start and extension', () => {
    const name = `${'s'.repeat(40)}${'e'.repeat(36)}.mp4`
    const out = middleTruncate(name)
    expect(Array.from(out)).toHaveLength(66)
    expect(out.startsWith('s'.repeat(33))).toBe(true)
    expect(out.endsWith('e'.repeat(28) + '.mp4')).toBe(true)
    expect(out.charAt(33)).toBe('…')
  })

  it('given another maximum, then it uses it', () => {
    expect(middleTruncate('abcdefghij', 5)).toBe('ab…ij')
    expect(middleTruncate('abcdefghij', 2)).toBe('a…')
    expect(middleTruncate('abcdefghij', 1)).toBe('…')
  })

  it('never splits a character made of two code units', () => {
    const out = middleTruncate('😀😀😀😀😀😀😀😀😀😀', 5)
    expect(out).toBe('😀😀…😀😀')
  })
})
