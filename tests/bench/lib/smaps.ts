// Where a process's anonymous memory sits, from /proc/<pid>/smaps: the brk heap (main-thread
// malloc), ~64 MB glibc malloc arenas (other threads' malloc), and other anonymous mappings
// (mostly V8 heap pages). For hunting RSS growth; sampled by probe.ts --smaps.
import { readFileSync } from 'node:fs'

export function anonBreakdown(pid: number): Record<string, number> {
  const out: Record<string, number> = {}
  let cls = ''
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (m) {
      const start = parseInt(m[1]!, 16)
      const name = m[3] ?? ''
      // glibc's per-thread arenas are 64 MiB reservations aligned to 64 MiB.
      cls = name.startsWith('/')
        ? 'file-backed'
        : name
          ? name
          : start % 2 ** 26 === 0
            ? 'malloc arenas (64 MiB-aligned)'
            : 'other anonymous (V8 heap, mmap)'
      continue
    }
    const a = /^Anonymous:\s+(\d+) kB/.exec(line)
    if (a && Number(a[1])) out[cls] = (out[cls] ?? 0) + Number(a[1]) / 1000
  }
  return out
}

/** Samples every `ms` until stopped; keeps the sample with the most anonymous memory. */
export function anonPeak(pid: number, ms = 200) {
  let best: Record<string, number> = {}
  let bestTotal = 0
  const timer = setInterval(() => {
    try {
      const s = anonBreakdown(pid)
      const total = Object.values(s).reduce((x, y) => x + y, 0)
      if (total > bestTotal) [best, bestTotal] = [s, total]
    } catch {
      // process gone
    }
  }, ms)
  return {
    stop() {
      clearInterval(timer)
      return Object.fromEntries(Object.entries(best).map(([k, v]) => [k, +v.toFixed(1)]))
    },
  }
}
