// Backup, verify and restore copy blobs a few at a time through eachInFlight: a slow blob holds
// one slot, never more than `limit` run, and a failure stops the rest from starting.
import { describe, expect, it } from 'vitest'
import { eachInFlight } from '../../server/util/in-flight.ts'

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('eachInFlight', () => {
  it('given one slow item, then the other slots go on taking items and never more than limit run', async () => {
    let running = 0
    let most = 0
    const done: number[] = []
    let othersDone!: () => void
    const others = new Promise<void>((r) => (othersDone = r))
    await eachInFlight([0, 1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      most = Math.max(most, running)
      // Item 0 ends only once every other item has: in batches of 3 the items after 2 would
      // wait for it, and this would time out.
      if (n === 0) await others
      else await tick(1)
      running--
      done.push(n)
      if (done.length === 7) othersDone()
    })
    expect(most).toBe(3)
    expect(done).toHaveLength(8)
    expect(done.at(-1)).toBe(0)
  })

  it('given a failing item, then it rejects with that error once the running calls end, and starts no more', async () => {
    const started: number[] = []
    let ended = 0
    const run = eachInFlight([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 2, async (n) => {
      started.push(n)
      await tick(n === 1 ? 1 : 20)
      if (n === 1) throw new Error('disk full')
      ended++
    })
    await expect(run).rejects.toThrow('disk full')
    expect(ended).toBe(1)
    expect(started).toEqual([0, 1])
  })

  it('given no items, then it resolves without calling', async () => {
    let calls = 0
    await eachInFlight([], 4, async () => void calls++)
    expect(calls).toBe(0)
  })
})
