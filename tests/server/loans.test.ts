// Lent buffers (server/storage/loans.ts): memory a producer reuses only once the consumer gives
// it back, or once the producer's lender is closed after the consumer can no longer touch it.
import { describe, expect, it } from 'vitest'
import { ChunkSlots } from '../../server/storage/chunk-opener.ts'
import { giveBack, Lender } from '../../server/storage/loans.ts'

const bytes = (fill: number, n = 100) => new Uint8Array(n).fill(fill)

describe('Lender', () => {
  it('given bytes, then a copy in a slot, and the slot is reused only once it was given back', () => {
    const pool = new ChunkSlots(128, 2)
    const lender = new Lender(pool)
    const a = lender.lend(bytes(1))!
    const b = lender.lend(bytes(2))!
    expect([...a].every((x) => x === 1) && [...b].every((x) => x === 2)).toBe(true)
    expect(a.buffer).toBe(pool.memory)
    // Both slots are out: nothing more is lent, and what was lent is untouched.
    expect(lender.lend(bytes(3))).toBeUndefined()
    giveBack(a)
    const c = lender.lend(bytes(4))!
    expect(c.byteOffset).toBe(a.byteOffset)
    expect([...b].every((x) => x === 2)).toBe(true)
  })

  it('given bytes larger than a slot, then none are lent', () => {
    expect(new Lender(new ChunkSlots(64, 1)).lend(bytes(1, 65))).toBeUndefined()
  })

  it('given close, then slots not given back return once, and nothing more is lent', () => {
    const pool = new ChunkSlots(128, 2)
    const lender = new Lender(pool)
    const a = lender.lend(bytes(1))!
    lender.lend(bytes(2))
    lender.close()
    expect(lender.lend(bytes(3))).toBeUndefined()
    // A late give-back after close must not free a slot twice.
    giveBack(a)
    const other = new Lender(pool)
    expect(other.lend(bytes(5))).toBeDefined()
    expect(other.lend(bytes(6))).toBeDefined()
    expect(other.lend(bytes(7))).toBeUndefined()
  })

  it('given a buffer that was never lent, or one given back twice, then nothing happens', () => {
    const pool = new ChunkSlots(128, 1)
    const lender = new Lender(pool)
    expect(() => giveBack(Buffer.alloc(8))).not.toThrow()
    const a = lender.lend(bytes(1))!
    giveBack(a)
    const b = lender.lend(bytes(2))!
    giveBack(a)
    // The slot is b's now: the second give-back of a did not free it.
    expect(lender.lend(bytes(3))).toBeUndefined()
    expect([...b].every((x) => x === 2)).toBe(true)
  })
})
