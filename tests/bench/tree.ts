// The tree phase of `npm run bench`: what a permanent folder delete costs, and whether it costs
// more because other users have data. Two Cumulus servers on fresh data: one where the deleting
// user is alone, one where another user holds `otherFiles` file rows. Rounds alternate between
// them; each builds a 300-folder tree over HTTP and deletes it with DELETE /folder-service/remove.
// Meanwhile a probe asks GET /healthz (one `select 1`) back to back on its own connection: its
// longest wait is how long the server stood still for everyone else. Then one deep chain of
// folders (rows from before the depth cap, seeded straight into SQLite) is deleted the same way.
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { Conn, timed } from './lib/http.ts'
import { median, paired, type Row } from './lib/report.ts'
import { seed } from './lib/seed.ts'

/** What the phase needs of run.ts's logged-in browser. */
export interface TreeSession {
  userId: string
  signup(email: string): Promise<void>
  call<T>(method: string, path: string, json?: unknown): Promise<T>
}

export interface TreeServer {
  port: number
  dbFile: string
  session: TreeSession
}

export interface TreePhaseOptions {
  /** The deleting user alone on its server. */
  alone: TreeServer
  /** The same, beside another user whose files are seeded here. */
  beside: TreeServer
  otherFiles: number
  rounds: number
  /** Levels of the seeded chain (from before the depth cap). */
  chainDepth: number
  log: (msg: string) => void
}

/** 15 folders under the root, 19 under each of them: 300 subfolders. */
const WIDTH = 15
const FANOUT = 19

async function buildTree(s: TreeSession, tag: string): Promise<string> {
  const mk = async (name: string, parent: string) =>
    (await s.call<{ _id: string }>('POST', '/folder-service/create', { name, parent }))._id
  const root = await mk(`Tree ${tag}`, '/')
  for (let i = 0; i < WIDTH; i++) {
    const mid = await mk(`Branch ${i}`, root)
    for (let j = 0; j < FANOUT; j++) await mk(`Leaf ${j}`, mid)
  }
  return root
}

/** Deletes a folder and returns how long it took and the longest /healthz wait meanwhile. */
async function timedDelete(server: TreeServer, id: string): Promise<{ ms: number; stallMs: number; probes: number }> {
  const conn = await Conn.open(server.port)
  const health = Conn.get('/healthz')
  let done = false
  let stallMs = 0
  let probes = 0
  const probe = (async () => {
    while (!done) {
      stallMs = Math.max(stallMs, await timed(conn, health))
      probes++
      await new Promise((r) => setTimeout(r, 2))
    }
  })()
  const t = process.hrtime.bigint()
  try {
    await server.session.call('DELETE', '/folder-service/remove', { id })
  } finally {
    done = true
  }
  const ms = Number(process.hrtime.bigint() - t) / 1e6
  await probe
  conn.close()
  return { ms, stallMs, probes }
}

/** A chain of `depth` nested folders, written straight into the database as old rows would be. */
function seedChain(dbFile: string, owner: string, depth: number): string {
  const db = new Database(dbFile)
  db.pragma('busy_timeout = 10000')
  const insert = db.prepare(
    `insert into folders (id, owner_id, parent_id, ancestors, name, name_key, created_at, updated_at, trashed, trash_root, trashed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, null)`,
  )
  const now = Date.now()
  let parent: string | null = null
  let ancestors = '/'
  let root = ''
  db.transaction(() => {
    for (let level = 1; level <= depth; level++) {
      const id = randomBytes(16).toString('base64url')
      insert.run(id, owner, parent, ancestors, `Level ${level}`, `level ${level}`, now, now)
      if (level === 1) root = id
      ancestors = `${ancestors}${id}/`
      parent = id
    }
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return root
}

export async function treePhase(o: TreePhaseOptions): Promise<{ rows: Row[]; report: Record<string, unknown> }> {
  for (const [name, server] of Object.entries({ alone: o.alone, beside: o.beside }))
    await server.session.signup(`bench-tree-${name}-${Date.now()}@example.com`)
  // The other user: an account of its own on the "beside" server, its files seeded directly.
  const neighbour = await signupNeighbour(o.beside)
  o.log(`tree: seeding ${o.otherFiles} files of another user`)
  const seeded = seed({ dbFile: o.beside.dbFile, owner: neighbour, folders: 100, files: o.otherFiles, seed: 11 })
  o.log(`tree: seeded in ${seeded.seconds.toFixed(1)} s`)

  const runs = { alone: [] as number[], beside: [] as number[] }
  const stalls = { alone: [] as number[], beside: [] as number[] }
  // One warm-up round on each (dropped), then rounds alternating which server goes first.
  for (let i = 0; i <= o.rounds; i++) {
    const order = i % 2 === 0 ? (['alone', 'beside'] as const) : (['beside', 'alone'] as const)
    for (const name of order) {
      const server = o[name]
      const root = await buildTree(server.session, `${name} ${i}`)
      const r = await timedDelete(server, root)
      if (i === 0) continue
      runs[name].push(r.ms)
      stalls[name].push(r.stallMs)
    }
    if (i > 0)
      o.log(
        `tree round ${i}/${o.rounds}: delete 300 folders alone ${runs.alone.at(-1)!.toFixed(1)} ms (longest /healthz ${stalls.alone.at(-1)!.toFixed(1)} ms), beside ${o.otherFiles} files ${runs.beside.at(-1)!.toFixed(1)} ms (${stalls.beside.at(-1)!.toFixed(1)} ms)`,
      )
  }
  const ratio = paired(runs.beside, runs.alone)

  o.log(`tree: seeding a chain of ${o.chainDepth} nested folders`)
  const chainRoot = seedChain(o.alone.dbFile, o.alone.session.userId, o.chainDepth)
  const chain = await timedDelete(o.alone, chainRoot)
  o.log(
    `tree: delete a ${o.chainDepth}-level chain ${chain.ms.toFixed(0)} ms, longest /healthz ${chain.stallMs.toFixed(1)} ms (${chain.probes} probes)`,
  )

  const k = `${Math.round(o.otherFiles / 1000)}k`
  const rows: Row[] = [
    {
      metric: `delete a 300-folder tree beside another user's ${k} files vs alone`,
      unit: 'ms',
      cumulus: median(runs.beside),
      baseline: median(runs.alone),
      ratio: ratio.ratio,
      budget: '≤ 1.2',
      ok: ratio.ratio <= 1.2,
    },
    { metric: `  per-round ratios ${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}`, unit: '', cumulus: '' },
    {
      metric: '  longest /healthz wait during those deletes (beside vs alone)',
      unit: 'ms',
      cumulus: Math.max(...stalls.beside),
      baseline: Math.max(...stalls.alone),
    },
    { metric: `delete a ${o.chainDepth}-level chain (rows from before the depth cap)`, unit: 'ms', cumulus: chain.ms },
    { metric: '  longest /healthz wait during it', unit: 'ms', cumulus: chain.stallMs },
  ]
  return {
    rows,
    report: {
      otherFiles: o.otherFiles,
      folders: WIDTH * (FANOUT + 1),
      runs,
      stalls,
      ratio,
      chain: { depth: o.chainDepth, ...chain },
    },
  }
}

async function signupNeighbour(server: TreeServer): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${server.port}/user-service/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', uuid: 'bench-tree-neighbour' },
    body: JSON.stringify({ email: `bench-tree-neighbour-${Date.now()}@example.com`, password: 'bench-password-123' }),
  })
  if (r.status !== 201) throw new Error(`neighbour signup → ${r.status} ${await r.text()}`)
  return ((await r.json()) as { user: { _id: string } }).user._id
}
