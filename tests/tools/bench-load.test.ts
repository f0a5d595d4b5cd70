// The bench's load column and re-run (tests/bench/lib/load.ts), with the load read made up.
import { describe, expect, it } from 'vitest'
import { LOAD_RERUN, loadStampedRows } from '../../tests/bench/lib/load.ts'

describe('the bench rows under load', () => {
  it('given a quiet phase, then each row says its load and the phase runs once', async () => {
    const logged: string[] = []
    const { rows, phase, stop } = loadStampedRows(
      (l) => logged.push(l),
      () => 0.5,
    )
    let runs = 0
    await phase('quiet', async () => {
      runs++
      rows.push({ metric: 'a', unit: 'ms', cumulus: 1 })
    })
    stop()
    expect(runs).toBe(1)
    expect(rows).toEqual([{ metric: 'a', unit: 'ms', cumulus: 1, load: 0.5 }])
    expect(logged).toEqual([])
  })

  it('given a row measured under load above the limit, then the phase runs once more, both runs marked', async () => {
    const loads = [LOAD_RERUN + 2, LOAD_RERUN + 2, 1, 1, 1, 1]
    const { rows, phase, stop } = loadStampedRows(
      () => {},
      () => loads.shift() ?? 1,
    )
    let runs = 0
    await phase('busy', async () => {
      runs++
      rows.push({ metric: 'p50', unit: 'ms', cumulus: runs })
    })
    stop()
    expect(runs).toBe(2)
    expect(rows.map((r) => [r.metric, r.cumulus])).toEqual([
      ['p50 [loaded: re-run below]', 1],
      ['p50 [re-run]', 2],
    ])
    expect(rows[0]!.load).toBeGreaterThan(LOAD_RERUN)
    expect(rows[1]!.load).toBe(1)
  })
})
