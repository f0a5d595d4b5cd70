// The machine's load during each row of the bench. Other work on these shared 2-core machines
// skews a figure more than any change we measure, so every row says the 1-minute load average
// while it was measured (the mean of samples taken since the row before it), and a phase whose
// rows ran under load above LOAD_RERUN is run once more, its first rows marked.
import { loadavg } from 'node:os'
import type { Row } from './report.ts'

/** Above this 1-minute load average a row's figures are not trusted on 2 cores. */
export const LOAD_RERUN = 3

const SAMPLE_MS = 2_000

/** Rows that note the load on push; `phase` runs a phase and runs it again if it was loaded. */
export function loadStampedRows(log: (line: string) => void, readLoad = () => loadavg()[0]!) {
  let samples: number[] = []
  const sample = () => samples.push(readLoad())
  sample()
  const timer = setInterval(sample, SAMPLE_MS)
  timer.unref()

  const rows: Row[] = []
  const push = rows.push.bind(rows)
  // Not enumerable: the rows stay a plain array to compare and to print.
  Object.defineProperty(rows, 'push', {
    value: (...added: Row[]) => {
      if (!samples.length) sample()
      const load = samples.reduce((a, b) => a + b, 0) / samples.length
      samples = []
      for (const r of added) r.load ??= load
      return push(...added)
    },
  })

  /** Runs `fn`; when any row it added ran under load above LOAD_RERUN, marks them and runs it once more. */
  async function phase(name: string, fn: () => Promise<void>): Promise<void> {
    samples = []
    sample()
    const from = rows.length
    await fn()
    const loaded = rows.slice(from).filter((r) => (r.load ?? 0) > LOAD_RERUN)
    if (!loaded.length) return
    const worst = Math.max(...loaded.map((r) => r.load!))
    log(`${name}: ${loaded.length} row(s) ran under load ${worst.toFixed(1)} (> ${LOAD_RERUN}): running it once more`)
    for (const r of rows.slice(from)) r.metric = `${r.metric} [loaded: re-run below]`
    const again = rows.length
    samples = []
    sample()
    await fn()
    for (const r of rows.slice(again)) r.metric = `${r.metric} [re-run]`
  }

  return { rows, phase, stop: () => clearInterval(timer) }
}
