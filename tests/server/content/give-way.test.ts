// How long the content queue waits while writes come in (services/content/queue.ts): a tenth of
// the time for indexing, bounded below (a pause to see whether the writes go on) and above (a
// steady stream of uploads slows the index, never stops it). And the activity it reads.
import { describe, expect, it } from 'vitest'
import { giveWayMs, MAX_YIELD_MS, QUIET_MS } from '../../../server/services/content/queue.ts'
import { createWriteActivity } from '../../../server/util/write-activity.ts'

describe('the content queue giving way to writes', () => {
  it('waits nine times the last job, within its bounds', () => {
    expect(giveWayMs(0)).toBe(QUIET_MS)
    expect(giveWayMs(100)).toBeCloseTo(900)
    expect(giveWayMs(60_000)).toBe(MAX_YIELD_MS)
    // Indexing's share of the time while writes go on: job / (job + wait) = 0.1.
    expect(100 / (100 + giveWayMs(100))).toBeCloseTo(0.1)
  })

  it('counts writes in flight and the time since the last ended', () => {
    let now = 1_000
    const w = createWriteActivity(() => now)
    expect(w.busy(50)).toBe(false)
    w.begin()
    w.begin()
    now += 10_000
    expect(w.busy(50)).toBe(true)
    w.end()
    now += 60
    expect(w.busy(50)).toBe(true)
    w.end()
    now += 49
    expect(w.busy(50)).toBe(true)
    now += 2
    expect(w.busy(50)).toBe(false)
  })
})
