// Statistics and the summary table. Budgets are shown for orientation only: the bench never
// fails on a timing (machines differ); ratios against same-run baselines are the comparable part.

export const median = (xs: number[]) => percentile(xs, 50)

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

/**
 * Paired ratios: a[i] / b[i] for runs taken back to back, and their median. On a shared VM the
 * machine's speed drifts between runs (page-cache first touch, neighbours' I/O); pairing cancels
 * the drift that a ratio of two medians taken minutes apart would keep.
 */
export function paired(a: number[], b: number[]) {
  const ratios = a.map((x, i) => x / b[i]!)
  return { ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), ratios }
}

export interface Latency {
  n: number
  p50: number
  p99: number
  max: number
}
export const latency = (ms: number[]): Latency => ({
  n: ms.length,
  p50: percentile(ms, 50),
  p99: percentile(ms, 99),
  max: Math.max(...ms),
})

export const MB = 1e6
export const MiB = 1 << 20

export interface Row {
  metric: string
  unit: string
  cumulus: number | string
  baseline?: number | string
  ratio?: number
  /** e.g. "≥ 0.80" or "≤ 5 ms". */
  budget?: string
  /** undefined = informational. */
  ok?: boolean
  /** The 1-minute load average while it was measured (lib/load.ts). */
  load?: number
}

const fmt = (v: number | string | undefined, digits = 2) =>
  v === undefined
    ? ''
    : typeof v === 'string'
      ? v
      : Math.abs(v) >= 100
        ? v.toFixed(0)
        : Math.abs(v) >= 10
          ? v.toFixed(1)
          : v.toFixed(digits)

export function table(rows: Row[]): string {
  const head = ['measurement', 'unit', 'cumulus', 'baseline', 'ratio', 'budget', '', 'load']
  const cells = rows.map((r) => [
    r.metric,
    r.unit,
    fmt(r.cumulus),
    fmt(r.baseline),
    r.ratio === undefined ? '' : r.ratio >= 10 ? `${r.ratio.toFixed(1)}` : r.ratio.toFixed(3),
    r.budget ?? '',
    r.ok === undefined ? '' : r.ok ? 'ok' : 'MISS',
    r.load === undefined ? '' : r.load.toFixed(1),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) =>
    c
      .map((s, i) => ((i >= 2 && i <= 4) || i === 7 ? s.padStart(widths[i]!) : s.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}
