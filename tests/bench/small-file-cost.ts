// What one small upload costs the server, counted rather than timed (counts do not move with the
// machine's load, unlike the bench's files/s): SQL statements by kind, SQLite WAL frames (pages
// written), and the server's CPU per file. In-process, on a temp DATA_DIR with SQLite + disk.
//   node --import tsx tests/bench/small-file-cost.ts [--files=200] [--bytes=100000] [--route=tus|multipart]
// Not part of `npm run bench` (issue #18's probe: run it before and after a change).
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const files = Number(arg('files', '200'))
const bytes = Number(arg('bytes', '100000'))
const route = arg('route', 'tus')
const parallel = 3

// Count every statement the server runs, by its first words.
const counts = new Map<string, number>()
const spent = new Map<string, number>()
const proto = (Database as unknown as { prototype: { prepare: (sql: string) => Database.Statement } }).prototype
const prepare = proto.prepare
proto.prepare = function (this: Database.Database, source: string) {
  const stmt = prepare.call(this, source)
  const kind = source.trim().replace(/\s+/g, ' ').slice(0, 60)
  for (const m of ['run', 'all', 'get', 'iterate'] as const) {
    const orig = (stmt as any)[m]
    if (typeof orig !== 'function') continue
    ;(stmt as any)[m] = function (...a: unknown[]) {
      counts.set(kind, (counts.get(kind) ?? 0) + 1)
      const t = performance.now()
      try {
        return orig.apply(this, a)
      } finally {
        spent.set(kind, (spent.get(kind) ?? 0) + performance.now() - t)
      }
    }
  }
  return stmt
}

const dataDir = mkdtempSync(join(tmpdir(), 'cumulus-cost-'))
const app = await buildApp(
  loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv, {
    port: 0,
    host: '127.0.0.1',
  }),
)
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const base = `http://127.0.0.1:${port}`
const uuid = randomUUID()
const jar = new Map<string, string>()
const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
async function call(method: string, path: string, json?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { uuid, cookie: cookie(), ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { body: JSON.stringify(json) } : {}),
  })
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';')
    const eq = pair!.indexOf('=')
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`)
  return res.json() as Promise<any>
}
await call('POST', '/user-service/create', { email: `cost-${Date.now()}@example.com`, password: 'cost-password-123' })
const folder = (await call('POST', '/folder-service/create', { name: 'cost', parent: '/' }))._id as string
const block = randomBytes(bytes)
const b64 = (s: string) => Buffer.from(s).toString('base64')

async function one(i: number) {
  const body = Buffer.from(block)
  body.writeUInt32BE(i, 0)
  if (route === 'tus') {
    const res = await fetch(`${base}/file-service/uploads`, {
      method: 'POST',
      headers: {
        uuid,
        cookie: cookie(),
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes),
        'upload-metadata': `filename ${b64(`f${i}.bin`)},parent ${b64(folder)}`,
        'content-type': 'application/offset+octet-stream',
      },
      body,
    })
    await res.arrayBuffer()
    if (res.status !== 201) throw new Error(`tus ${i}: ${res.status}`)
  } else {
    const form = new FormData()
    form.set('filename', `f${i}.bin`)
    form.set('parent', folder)
    form.set('size', String(bytes))
    form.set('file', new Blob([body]), `f${i}.bin`)
    const res = await fetch(`${base}/file-service/upload`, {
      method: 'POST',
      headers: { uuid, cookie: cookie() },
      body: form,
    })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`multipart ${i}: ${res.status}`)
  }
}
async function batch(n: number, from: number) {
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await one(from + next++)
    }),
  )
}

await batch(20, 0) // warm-up: JIT, statement cache, folders
const wal = join(dataDir, 'cumulus.db-wal')
const walSize = () => {
  try {
    return statSync(wal).size
  } catch {
    return 0
  }
}
// Keep SQLite from checkpointing mid-run, so the WAL's growth is the frames written.
const db = new Database(join(dataDir, 'cumulus.db'))
db.pragma('wal_checkpoint(TRUNCATE)')
db.close()
counts.clear()
spent.clear()
const w0 = walSize()
const cpu0 = process.cpuUsage()
const t0 = performance.now()
await batch(files, 1000)
const ms = performance.now() - t0
const cpu = process.cpuUsage(cpu0)
const frames = (walSize() - w0) / (4096 + 24)
const total = [...counts.values()].reduce((a, b) => a + b, 0)
console.log(`${route}: ${files} files of ${bytes} B, ${parallel} at once`)
console.log(
  `statements per file: ${(total / files).toFixed(1)}; WAL frames per file: ${frames > 0 ? (frames / files).toFixed(1) : 'n/a (checkpointed)'}; process CPU per file: ${((cpu.user + cpu.system) / 1000 / files).toFixed(2)} ms (user ${(cpu.user / 1000 / files).toFixed(2)}, system ${(cpu.system / 1000 / files).toFixed(2)}) incl. the client; ${(files / (ms / 1000)).toFixed(0)} files/s`,
)
const sqlMs = [...spent.values()].reduce((a, b) => a + b, 0)
console.log(`SQLite time per file (inside better-sqlite3 calls): ${(sqlMs / files).toFixed(2)} ms`)
console.log('  per file   µs each  statement')
for (const [k, v] of [...counts].sort((a, b) => (spent.get(b[0]) ?? 0) - (spent.get(a[0]) ?? 0)))
  console.log(
    `${(v / files).toFixed(2).padStart(6)}  ${(((spent.get(k) ?? 0) * 1000) / v).toFixed(0).padStart(8)}  ${k}`,
  )
await app.close()
rmSync(dataDir, { recursive: true, force: true })
