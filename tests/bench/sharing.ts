// The sharing phase of `npm run bench` (issue #39 "Performance"): what reaching someone else's
// items costs next to reaching one's own, measured in the same run.
// (a) A shared folder of `listRows` files listed by a member vs by its owner (HTTP, first page
//     and every page by cursor, alternating requests).
// (b) "Shared with me" with 1,000 shares: GET /share-service/shared-with-me, first page and
//     page 20, and the repository's `received` call alone in-process.
// (c) The family timeline: 5 members × `timelinePhotos` photos each in folders shared with
//     Everyone; first page, and page 50 vs page 1 (HTTP).
// (d) One access check (services/drive/access.ts) of a member vs the owner's own point read of
//     the same file, at depth 1 (in the 100k-file folder) and depth 20 (in-process).
// Rows go straight into SQLite (lib/seed.ts); sessions sign up for real.
import { randomBytes } from 'node:crypto'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { DB } from '../../server/db/schema.ts'
import { createItemPathsRepository } from '../../server/repositories/item-paths.ts'
import { createMemberSharesRepository } from '../../server/repositories/member-shares.ts'
import { createFilesRepository } from '../../server/repositories/files.ts'
import { createTimelineRepository, type TimelineSource } from '../../server/repositories/timeline.ts'
import { createAccess } from '../../server/services/drive/access.ts'
import { Conn, getJson, timed } from './lib/http.ts'
import { type Latency, latency, type Row } from './lib/report.ts'
import { seed } from './lib/seed.ts'

/** What the phase needs of run.ts's logged-in browser. */
export interface SharingSession {
  userId: string
  cookie: string
  signup(email: string): Promise<void>
  refresh(): Promise<unknown>
}

export interface SharingPhaseOptions {
  port: number
  dbFile: string
  newSession: () => SharingSession
  listRows: number
  timelinePhotos: number
  repeats: number
  log: (msg: string) => void
  rows: Row[]
  notes: string[]
  report: Record<string, unknown>
}

const id = () => randomBytes(16).toString('base64url')
let n = 0
/** A new ignored parameter per request: times building a reply, never the list cache. */
const uncached = () => `&uncached=${++n}`

interface FileJson {
  _id: string
  uploadDate: string
  metadata: { takenDate?: string }
}

function share(
  db: Database.Database,
  owner: string,
  item: { type: 'file' | 'folder'; id: string },
  to: { type: 'user' | 'group'; id: string },
  createdAt = Date.now(),
) {
  db.prepare(
    `insert into member_shares (id, owner_id, item_type, item_id, recipient_type, recipient_id, role, created_by, created_at)
     values (?, ?, ?, ?, ?, ?, 'viewer', ?, ?)`,
  ).run(id(), owner, item.type, item.id, to.type, to.id, owner, createdAt)
}

/** Alternates two requests `times` times on their own connections; returns both series in ms. */
async function alternate(port: number, a: () => Buffer, b: () => Buffer, times: number) {
  const [ca, cb] = [await Conn.open(port), await Conn.open(port)]
  for (let i = 0; i < 20; i++) {
    await timed(ca, a())
    await timed(cb, b())
  }
  const sa: number[] = []
  const sb: number[] = []
  for (let i = 0; i < times; i++) {
    if (i % 2) {
      sa.push(await timed(ca, a()))
      sb.push(await timed(cb, b()))
    } else {
      sb.push(await timed(cb, b()))
      sa.push(await timed(ca, a()))
    }
  }
  ca.close()
  cb.close()
  return [latency(sa), latency(sb)] as const
}

const ratioRow = (metric: string, a: number, b: number, budget: string, ok: boolean, unit = 'ms'): Row => ({
  metric,
  unit,
  cumulus: a,
  baseline: b,
  ratio: a / b,
  budget,
  ok,
})

export async function sharingPhase(o: SharingPhaseOptions): Promise<void> {
  const { port, log, rows, notes } = o
  const raw = new Database(o.dbFile)
  raw.pragma('busy_timeout = 10000')
  const kysely = new Kysely<DB>({
    dialect: new SqliteDialect({ database: new Database(o.dbFile, { readonly: true }) }),
  })
  const result: Record<string, unknown> = {}

  // (a) A shared folder of listRows files: the member's list vs the owner's.
  const owner = o.newSession()
  await owner.signup(`bench-share-owner-${Date.now()}@example.com`)
  const member = o.newSession()
  await member.signup(`bench-share-member-${Date.now()}@example.com`)
  log(`sharing: seeding a shared folder of ${o.listRows} files`)
  const big = seed({ dbFile: o.dbFile, owner: owner.userId, folders: 1, files: o.listRows, seed: 11 }).folderIds[0]!
  share(raw, owner.userId, { type: 'folder', id: big }, { type: 'user', id: member.userId })
  await owner.refresh()
  await member.refresh()
  const first = (s: SharingSession) => () =>
    Conn.get(`/file-service/list?parent=${big}&limit=50&sortBy=date_desc${uncached()}`, s.cookie)
  const [asMember, asOwner] = await alternate(port, first(member), first(owner), o.repeats)
  // Every page by cursor, each page asked by both in turn.
  const walk = { member: [] as number[], owner: [] as number[] }
  {
    const [cm, co] = [await Conn.open(port), await Conn.open(port)]
    let cursor = ''
    const deadline = Date.now() + 60_000
    for (;;) {
      const url = `/file-service/list?parent=${big}&limit=50&sortBy=date_desc${cursor}`
      let t = process.hrtime.bigint()
      const page = await getJson<Array<FileJson & { filename: string }>>(cm, `${url}${uncached()}`, member.cookie)
      walk.member.push(Number(process.hrtime.bigint() - t) / 1e6)
      t = process.hrtime.bigint()
      await getJson(co, `${url}${uncached()}`, owner.cookie)
      walk.owner.push(Number(process.hrtime.bigint() - t) / 1e6)
      const last = page.at(-1)
      if (page.length < 50 || !last || Date.now() > deadline) break
      cursor = `&startAtDate=${encodeURIComponent(last.uploadDate)}&startAtName=${encodeURIComponent(last.filename)}&startAtId=${last._id}`
    }
    cm.close()
    co.close()
  }
  const wm = latency(walk.member)
  const wo = latency(walk.owner)
  result.sharedFolder = {
    files: o.listRows,
    firstPage: { member: asMember, owner: asOwner },
    walk: { member: wm, owner: wo },
  }
  rows.push(
    ratioRow(
      `shared folder (${o.listRows}) member vs owner, first page p50`,
      asMember.p50,
      asOwner.p50,
      '≤ 1.3×',
      asMember.p50 / asOwner.p50 <= 1.3,
    ),
    ratioRow(
      `shared folder member vs owner, first page p99`,
      asMember.p99,
      asOwner.p99,
      '≤ 1.3×',
      asMember.p99 / asOwner.p99 <= 1.3,
    ),
    ratioRow(
      `shared folder member vs owner, all ${walk.member.length} pages p50`,
      wm.p50,
      wo.p50,
      '≤ 1.3×',
      wm.p50 / wo.p50 <= 1.3,
    ),
    ratioRow(`shared folder member vs owner, all pages p99`, wm.p99, wo.p99, '≤ 1.3×', wm.p99 / wo.p99 <= 1.3),
  )
  log(`sharing: folder first page member p50 ${asMember.p50.toFixed(2)} / owner ${asOwner.p50.toFixed(2)} ms`)

  // (d) The access check: a member's vs the owner's point read, depth 1 (beside listRows files)
  // and depth 20 (a chain of folders, shared at the top).
  const fileInBig = raw.prepare('select id from files where folder_id = ? limit 1').get(big) as { id: string }
  let parent: string | null = null
  let ancestors = '/'
  let top = ''
  const chainAt = Date.now()
  const insertFolder = raw.prepare(
    `insert into folders (id, owner_id, parent_id, ancestors, name, name_key, created_at, updated_at, trashed, trash_root, trashed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, null)`,
  )
  for (let level = 1; level <= 20; level++) {
    const fid = id()
    insertFolder.run(fid, owner.userId, parent, ancestors, `Level ${level}`, `level ${level}`, chainAt, chainAt)
    if (level === 1) top = fid
    ancestors = `${ancestors}${fid}/`
    parent = fid
  }
  const deepFile = id()
  raw
    .prepare(
      `insert into files (id, owner_id, folder_id, filename, name_key, size, sha256, blob_key, mime, upload_date, taken_date,
         trashed, trash_root, trashed_at, link_type, link_token, is_video, has_thumbnail, thumbnail_id, thumbnail_key, media, enc)
       values (?, ?, ?, 'deep.txt', 'deep.txt', 1, 'seed', ?, 'text/plain', ?, ?, 0, 0, null, null, null, 0, 0, null, null, 0, null)`,
    )
    .run(deepFile, owner.userId, parent, `seed-${deepFile}`, chainAt, chainAt)
  share(raw, owner.userId, { type: 'folder', id: top }, { type: 'user', id: member.userId })
  const access = createAccess({
    paths: createItemPathsRepository(kysely),
    shares: createMemberSharesRepository(kysely),
  })
  const files = createFilesRepository(kysely, 'sqlite')
  const inProcess = async (fn: () => Promise<unknown>, times: number) => {
    for (let i = 0; i < 50; i++) await fn()
    const ms: number[] = []
    for (let i = 0; i < times; i++) {
      const t = process.hrtime.bigint()
      await fn()
      ms.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    return latency(ms)
  }
  const accessRows: Record<string, { member: Latency; ownerRead: Latency }> = {}
  for (const [label, fileId] of [
    ['depth 1', fileInBig.id],
    ['depth 20', deepFile],
  ] as const) {
    const m = await inProcess(() => access.file(member.userId, fileId, 'view'), 2000)
    const r = await inProcess(() => files.file(owner.userId, fileId), 2000)
    accessRows[label] = { member: m, ownerRead: r }
    // No budget: the rows show the check stays a few probes, at depth 1 beside 100k files too.
    rows.push({
      metric: `access check (member) vs owner's point read, ${label} p50`,
      unit: 'ms',
      cumulus: m.p50,
      baseline: r.p50,
      ratio: m.p50 / r.p50,
      budget: 'O(depth)',
    })
  }
  result.access = accessRows

  // (b) "Shared with me" with 1,000 shares of real folders: GET /share-service/shared-with-me,
  // first page and page 20 (by its `next` cursors), and the repository call alone in-process.
  const reader = o.newSession()
  await reader.signup(`bench-share-reader-${Date.now()}@example.com`)
  const base = Date.now() - 1_000_000
  raw.transaction(() => {
    for (let i = 0; i < 1000; i++) {
      const fid = id()
      insertFolder.run(fid, owner.userId, null, '/', `Shared ${i}`, `shared ${i}`, base, base)
      share(raw, owner.userId, { type: 'folder', id: fid }, { type: 'user', id: reader.userId }, base + i * 7)
    }
  })()
  await reader.refresh()
  const swm = '/share-service/shared-with-me?limit=50'
  let next20 = ''
  {
    const c = await Conn.open(port)
    let startAt = ''
    let seen = 0
    for (let p = 1; p < 20; p++) {
      const page = await getJson<{ items: unknown[]; next?: string }>(c, `${swm}${startAt}`, reader.cookie)
      seen += page.items.length
      if (!page.next) throw new Error(`shared-with-me ended at page ${p} after ${seen} items`)
      startAt = `&startAt=${encodeURIComponent(page.next)}`
    }
    next20 = startAt
    c.close()
  }
  const [swm1, swm20] = await alternate(
    port,
    () => Conn.get(`${swm}${uncached()}`, reader.cookie),
    () => Conn.get(`${swm}${next20}${uncached()}`, reader.cookie),
    o.repeats,
  )
  const repo = createMemberSharesRepository(kysely)
  const all = await repo.received(reader.userId, 1000)
  const deep = all[949]!
  const firstPage = await inProcess(() => repo.received(reader.userId, 51), o.repeats)
  const deepPage = await inProcess(
    () => repo.received(reader.userId, 51, { createdAt: deep.created_at, id: deep.id }),
    o.repeats,
  )
  result.sharedWithMe = { shares: 1000, http: { page1: swm1, page20: swm20 }, repository: { firstPage, deepPage } }
  rows.push(
    {
      metric: `"Shared with me" (1,000 shares) first page (50) p99`,
      unit: 'ms',
      cumulus: swm1.p99,
      budget: '≤ 20 ms',
      ok: swm1.p99 <= 20,
    },
    ratioRow(`"Shared with me" page 20 vs page 1 p50`, swm20.p50, swm1.p50, 'flat', swm20.p50 / swm1.p50 <= 1.3),
    ratioRow(`"Shared with me" page 20 vs page 1 p99`, swm20.p99, swm1.p99, 'flat', swm20.p99 / swm1.p99 <= 1.3),
    ratioRow(
      `"Shared with me" repository alone (in-process), page 20 vs 1 p50`,
      deepPage.p50,
      firstPage.p50,
      'flat',
      deepPage.p50 / firstPage.p50 <= 1.3,
    ),
  )

  // (c) The family timeline: 5 members × timelinePhotos photos, each member's in 4 folders
  // shared with Everyone; the first member's timeline holds all of them.
  const family: SharingSession[] = []
  for (let i = 0; i < 5; i++) {
    const s = o.newSession()
    await s.signup(`bench-family-${i}-${Date.now()}@example.com`)
    family.push(s)
  }
  log(`sharing: seeding 5 × ${o.timelinePhotos} photos`)
  for (const [i, s] of family.entries()) {
    const r = seed({
      dbFile: o.dbFile,
      owner: s.userId,
      folders: 4,
      files: o.timelinePhotos,
      seed: 20 + i,
      media: true,
      maxDateStepMs: 3_600_000,
    })
    for (const f of r.folderIds) share(raw, s.userId, { type: 'folder', id: f }, { type: 'group', id: 'everyone' })
  }
  const me = family[0]!
  await me.refresh()
  const timeline = '/file-service/list?mediaMode=true&include=shared&limit=100&sortBy=date_desc'
  // Page 50's cursor, walked as the app walks.
  let cursor50 = ''
  {
    const c = await Conn.open(port)
    let cursor = ''
    for (let p = 1; p < 50; p++) {
      const page = await getJson<FileJson[]>(c, `${timeline}${cursor}`, me.cookie)
      const last = page.at(-1)!
      cursor = `&startAtDate=${encodeURIComponent(last.metadata.takenDate ?? last.uploadDate)}&startAtId=${last._id}`
    }
    cursor50 = cursor
    c.close()
  }
  const own = '/file-service/list?mediaMode=true&limit=100&sortBy=date_desc&mediaFilter=photos'
  const [page1, page50] = await alternate(
    port,
    () => Conn.get(`${timeline}${uncached()}`, me.cookie),
    () => Conn.get(`${timeline}${cursor50}${uncached()}`, me.cookie),
    o.repeats,
  )
  const [ownFirst] = await alternate(
    port,
    () => Conn.get(`${own}${uncached()}`, me.cookie),
    () => Conn.get(`${own}${uncached()}`, me.cookie),
    Math.min(o.repeats, 100),
  )
  // The statement alone, in-process: database time apart from HTTP and the people fields.
  const sources: TimelineSource[] = [
    { ownerId: me.userId },
    ...family.slice(1).map((s) => ({
      ownerId: s.userId,
      shared: {
        folders: raw.prepare('select id, ancestors from folders where owner_id = ?').all(s.userId) as Array<{
          id: string
          ancestors: string
        }>,
        fileIds: [],
      },
    })),
  ]
  const tl = createTimelineRepository(kysely, 'sqlite')
  const c50 = new URLSearchParams(cursor50)
  const sql1 = await inProcess(() => tl.page(sources, { media: 'all', limit: 100 }), o.repeats)
  const sql50 = await inProcess(
    () =>
      tl.page(sources, {
        media: 'all',
        limit: 100,
        cursor: { date: Date.parse(c50.get('startAtDate')!), id: c50.get('startAtId')! },
      }),
    o.repeats,
  )
  result.timeline = { members: 5, photosEach: o.timelinePhotos, page1, page50, ownGalleryPhotos: ownFirst, sql1, sql50 }
  rows.push(
    ratioRow(
      'family timeline SQL alone (in-process), page 50 vs page 1 p50',
      sql50.p50,
      sql1.p50,
      'flat',
      sql50.p50 / sql1.p50 <= 1.3,
    ),
  )
  rows.push(
    {
      metric: `family timeline (5 × ${o.timelinePhotos}) first page (100) p99`,
      unit: 'ms',
      cumulus: page1.p99,
      baseline: ownFirst.p99,
      ratio: page1.p99 / ownFirst.p99,
      budget: '≤ 20 ms',
      ok: page1.p99 <= 20,
    },
    ratioRow('family timeline page 50 vs page 1 p50', page50.p50, page1.p50, 'flat', page50.p50 / page1.p50 <= 1.3),
    ratioRow('family timeline page 50 vs page 1 p99', page50.p99, page1.p99, 'flat', page50.p99 / page1.p99 <= 1.3),
  )
  notes.push(
    `sharing: the timeline's baseline is the caller's own gallery (photos filter, same page size, one owner); member-vs-owner folder lists alternate request by request; the access rows are in-process (no HTTP), median of 2,000 calls each, and the owner's point read is files.file(owner, id).`,
  )
  log(
    `sharing: timeline page 1 p50 ${page1.p50.toFixed(2)} p99 ${page1.p99.toFixed(2)} ms, page 50 p50 ${page50.p50.toFixed(2)} (own gallery p50 ${ownFirst.p50.toFixed(2)})`,
  )
  o.report.sharing = result
  await kysely.destroy()
  raw.close()
}
