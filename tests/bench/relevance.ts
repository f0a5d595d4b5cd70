// The relevance phase of `npm run bench` (DESIGN.md §8 "Search inside files"): a name search
// with one typo (`sortBy=relevance`), which reads candidates through the name indexes for every
// one-edit pattern of the word (repositories/relevance.ts) and checks them in JS
// (util/name-match.ts), against the plain `?search=` list of the correctly spelt word on the same
// files in the same run. The plain list is the honest baseline: the same request, the same
// trigram index and the same matching names; an exact-name lookup is a point read on name_key
// and would only show how much more any search costs than a b-tree probe.
// Each size is a user of its own on the main server, its files seeded straight into SQLite
// (lib/seed.ts: everyday names, "holiday" among their words), over HTTP, `&uncached=N` on each.
import { Conn, getJson, timed } from './lib/http.ts'
import { type Latency, latency, type Row } from './lib/report.ts'
import { seed } from './lib/seed.ts'

interface RelevanceSession {
  userId: string
  cookie: string
  signup(email: string): Promise<void>
  refresh(): Promise<unknown>
}

export interface RelevancePhaseOptions {
  port: number
  dbFile: string
  newSession(): RelevanceSession
  /** Files per user, one run each (1M is the target). */
  sizes: number[]
  /** Requests per query, after one warm-up: at most this many, */
  searches: number
  /** or as many as fit this many seconds, never fewer than 20 (slow queries at 1M take seconds each). */
  budgetSeconds: number
  log(msg: string): void
  rows: Row[]
  notes: string[]
  report: Record<string, unknown>
}

/** The queries: the plain list of the word (baseline), the same word by relevance, and typos of it. */
const QUERIES = [
  { key: 'plain', what: 'plain list, "holiday"', search: 'holiday', sort: '' },
  { key: 'exact', what: 'relevance, "holiday"', search: 'holiday', sort: '&sortBy=relevance' },
  { key: 'typo', what: 'relevance, one typo "holday"', search: 'holday', sort: '&sortBy=relevance' },
  { key: 'swap', what: 'relevance, one swap "invocie"', search: 'invocie', sort: '&sortBy=relevance' },
] as const

let n = 0

export async function relevancePhase(o: RelevancePhaseOptions): Promise<void> {
  const report: Record<string, unknown> = {}
  for (const files of o.sizes) {
    const s = o.newSession()
    await s.signup(`bench-relevance-${files}-${Date.now()}@example.com`)
    o.log(`relevance: seeding ${files} files`)
    const seeded = seed({
      dbFile: o.dbFile,
      owner: s.userId,
      folders: Math.max(10, Math.round(files / 3000)),
      files,
      seed: 5,
      commonEvery: 40,
    })
    o.log(`relevance: seeded ${files} files in ${seeded.seconds.toFixed(1)} s`)
    await s.refresh()
    const conn = await Conn.open(o.port)
    const results: Record<string, Latency & { hits: number; first?: string }> = {}
    for (const q of QUERIES) {
      const path = `/file-service/list?search=${q.search}${q.sort}`
      // The list answers an array of files.
      const page = await getJson<Array<{ filename?: string; name?: string }>>(conn, path, s.cookie)
      const hits = page.length
      // A typo that finds nothing would time an empty answer: the row would say nothing.
      if (!hits) throw new Error(`relevance: ${path} found nothing`)
      const first = page[0]?.filename ?? page[0]?.name
      await timed(conn, Conn.get(`${path}&uncached=${++n}`, s.cookie))
      const ms: number[] = []
      const stop = Date.now() + o.budgetSeconds * 1000
      while (ms.length < 20 || (ms.length < o.searches && Date.now() < stop))
        ms.push(await timed(conn, Conn.get(`${path}&uncached=${++n}`, s.cookie)))
      const l = latency(ms)
      results[q.key] = { ...l, hits, ...(first !== undefined && { first }) }
      o.log(
        `relevance ${files} files, ${q.what}: p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms, n=${l.n} (${hits} on the page, first "${first}")`,
      )
    }
    conn.close()
    const base = results.plain!
    for (const q of QUERIES) {
      if (q.key === 'plain') continue
      const l = results[q.key]!
      const typo = q.key === 'typo'
      o.rows.push({
        metric: `name search ${q.what} in ${files} files p50 / p99 (n=${l.n}; vs plain list of "holiday")`,
        unit: 'ms',
        cumulus: `${l.p50.toFixed(2)} / ${l.p99.toFixed(2)}`,
        baseline: `${base.p50.toFixed(2)} / ${base.p99.toFixed(2)}`,
        ratio: l.p50 / base.p50,
        // The budget is DESIGN.md's for 1M names; smaller sizes are shown against it too.
        ...(typo && { budget: '≤ 50 ms p50', ok: l.p50 <= 50 }),
      })
    }
    report[files] = { seedSeconds: seeded.seconds, results }
  }
  o.report.relevance = report
  o.notes.push(
    `relevance: GET /file-service/list?search=…&sortBy=relevance over HTTP, up to ${o.searches} requests per query after a warm-up (as many as fit ${o.budgetSeconds} s, at least 20), each user's files seeded straight into SQLite (lib/seed.ts); ratio = its p50 over the plain ?search=holiday list's p50 (date order, the same trigram index), same user, same run.`,
  )
}
