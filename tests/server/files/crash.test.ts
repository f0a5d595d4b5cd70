// Crash safety (DESIGN.md §5: "a crash never leaves orphans or dangling rows"). The real server
// runs as a child process and is killed with SIGKILL while ten file uploads and a folder upload
// stream in slowly, thumbnails of large images are being made and two large deletes run. A new
// server on the same DATA_DIR / database / bucket must then hold a store and a database that
// agree exactly: every blob referenced by a row, every row's blob present and complete, the
// outbox settled, no temp files; every upload answered 201 before the kill intact byte for byte;
// each delete and each folder upload all-or-nothing (and complete once it was answered); every
// stored image ends up with its thumbnail. Three rounds kill at three moments, found by watching
// the database: early in the uploads (mid-thumbnail), midway, and right after a delete committed.
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { createBacking, peek, startChild, type Backing, type ChildServer, type Peek } from '../helpers/child-server.ts'
import { randomBytes } from '../helpers/drive.ts'

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Part = { field: string; value: string } | { field: string; filename: string; data: Buffer }

/** A multipart upload written to the socket in small chunks with pauses, as a slow client sends it. */
interface Flight {
  state: 'sending' | 'answered' | 'failed'
  status?: number
  /** The `_id` of the 201 reply: the file, or the top folder of a folder upload. */
  id?: string
  settled: Promise<void>
}

function slowUpload(
  baseUrl: string,
  path: string,
  user: Browser,
  parts: Part[],
  pauseMs: number,
  chunk = 64 * 1024,
): Flight {
  const boundary = `----cumulus${randomBytes(8, parts.length + pauseMs).toString('hex')}`
  const segments: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      segments.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`),
      )
    } else {
      segments.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      )
      for (let at = 0; at < part.data.length; at += chunk) segments.push(part.data.subarray(at, at + chunk))
      segments.push(Buffer.from('\r\n'))
    }
  }
  segments.push(Buffer.from(`--${boundary}--\r\n`))
  const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const flight: Flight = { state: 'sending', settled: Promise.resolve() }
  flight.settled = new Promise<void>((settle) => {
    const req = request(baseUrl + path, {
      method: 'POST',
      agent: false,
      headers: {
        cookie,
        uuid: user.uuid!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(segments.reduce((n, b) => n + b.length, 0)),
      },
    })
    const fail = () => {
      if (flight.state === 'sending') flight.state = 'failed'
      settle()
    }
    req.on('error', fail)
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('error', fail)
      res.on('end', () => {
        flight.state = 'answered'
        flight.status = res.statusCode
        if (res.statusCode === 201) flight.id = (JSON.parse(body) as { _id: string })._id
        settle()
      })
    })
    void (async () => {
      const write = (b: Buffer) =>
        new Promise<void>((r) => {
          if (req.write(b)) return r()
          const done = () => {
            req.off('drain', done).off('close', done)
            r()
          }
          req.on('drain', done).on('close', done)
        })
      for (const segment of segments) {
        if (req.destroyed) return
        await write(segment)
        if (segment.length === chunk) await sleep(pauseMs)
      }
      req.end()
    })()
  })
  return flight
}

/** A request answered or cut off by the kill. */
interface Call {
  state: 'sent' | 'answered' | 'failed'
  status?: number
  body?: { _id?: string }
  settled: Promise<void>
}
function track(p: Promise<{ status: number; body: unknown }>): Call {
  const call: Call = { state: 'sent', settled: Promise.resolve() }
  call.settled = p.then(
    (r) => {
      call.state = 'answered'
      call.status = r.status
      call.body = r.body as Call['body']
    },
    () => {
      call.state = 'failed'
    },
  )
  return call
}

/** What the test process sees while the server works: the outbox, and the answers so far. */
interface Situation {
  /** Keys reserved before their bytes are written (in the outbox, or ahead in the pool), not yet settled by a committed row. */
  pending: number
  /** Keys condemned by a committed delete whose blobs are not removed yet. */
  condemned: number
  uploadsAnswered: number
  deletesAnswered: number
  deletesSent: boolean
  /** Files whose thumbnail is being made right now. */
  thumbnailsWorking: number
}

/** A kill moment, by events rather than by the clock, so it lands alike on every backend. */
interface Moment {
  what: string
  sendDeletesWhen: (s: Situation) => boolean
  killWhen: (s: Situation) => boolean
}

const moments: Moment[] = [
  // Keys are reserved (the pool holds a batch at a time) and uploads are writing blobs while a
  // thumbnail is being made; the deletes went out at the start.
  {
    what: 'early in the uploads',
    sendDeletesWhen: () => true,
    killWhen: (s) => s.pending >= 4 && s.thumbnailsWorking > 0,
  },
  // Four uploads have been answered 201, the others are still streaming.
  { what: 'midway through the uploads', sendDeletesWhen: () => true, killWhen: (s) => s.uploadsAnswered >= 4 },
  // A delete has committed (its keys are condemned) and its blobs are being removed.
  {
    what: 'during the deletes',
    sendDeletesWhen: (s) => s.uploadsAnswered >= 2,
    killWhen: (s) => s.deletesSent && (s.condemned > 0 || s.deletesAnswered > 0),
  },
]

/** Files in each of the two doomed selections. */
const DOOMED = 80
/** Files in each round's slow folder upload. */
const TREE_FILES = 4
/** Images uploaded with each round's flights, so a kill can land while thumbnails are made. */
const IMAGES = 6
/** 24 megapixels: a thumbnail of it takes a while to make. */
let photo: Buffer
/** The names of all images sent: each one that was stored must end up with a thumbnail. */
const imageNames = new Set<string>()
/** Files whose thumbnail a killed server was making. */
const claimedAtKill = new Set<string>()

/** A folder upload: its files, and its top folder once the upload was answered 201. */
interface Tree {
  names: string[]
  folder?: string
}
const trees: Tree[] = []

let backing: Backing
let child: ChildServer | undefined
let user: Browser
const email = uniqueEmail('crash')
/** Every upload the server answered 201 to, by file id: what must survive every crash. */
const acknowledged = new Map<string, string>()
/** What we sent under each (unique) file name: any row that survives must hold exactly that. */
const sent = new Map<string, { size: number; digest: string }>()

async function restart() {
  if (child && !child.exited) await child.kill()
  if (backing.dialect === 'postgres') {
    // On PostgreSQL a killed instance counts as dead once its heartbeat is older than
    // instanceDeadAfterMs (shortened for this test below): wait that out before restarting.
    await new Promise((r) => setTimeout(r, DEAD_AFTER_MS + 200))
  }
  child = await startChild(backing, { limits: FAST_INSTANCES })
  // The same browser against the new server: its session lives in the database.
  const before = user
  user = new Browser(child.url, before.uuid)
  for (const [k, v] of before.cookies) user.cookies.set(k, v)
}

/** Heartbeats every 200 ms, dead after 1 s: a killed child is recognised quickly. */
const DEAD_AFTER_MS = 1_000
const FAST_INSTANCES = { instanceHeartbeatMs: 200, instanceDeadAfterMs: DEAD_AFTER_MS }

beforeAll(async () => {
  photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .png()
    .toBuffer()
  backing = await createBacking()
  child = await startChild(backing, { limits: FAST_INSTANCES })
  user = new Browser(child.url)
  await user.signup(email)
})

afterAll(async () => {
  await child?.stop()
  await backing?.close()
})

/** Uploads a few files completely and builds two doomed selections of many small files. */
async function prepare(round: number) {
  for (let i = 0; i < 3; i++) {
    const name = `r${round}-whole-${i}.bin`
    const data = randomBytes(200_000 + i * 400_000, round * 100 + i)
    const r = await user.upload(name, data)
    expect(r.status, r.text).toBe(201)
    sent.set(name, { size: data.length, digest: sha(data) })
    acknowledged.set(r.body._id, name)
  }
  const doomed = async (tag: string) => {
    const files: Record<string, Buffer> = {}
    for (let i = 0; i < DOOMED; i++) {
      const name = `r${round}-${tag}-${i}.txt`
      const data = randomBytes(500 + i, round * 1000 + i)
      files[`R${round}${tag}/${name}`] = data
      sent.set(name, { size: data.length, digest: sha(data) })
    }
    const r = await user.uploadFolder(files)
    expect(r.status, r.text).toBe(201)
    const list = await user.get(`/file-service/list?parent=${r.body._id}&limit=1000`)
    expect(list.body).toHaveLength(DOOMED)
    return { folder: r.body._id as string, files: (list.body as Array<{ _id: string }>).map((f) => f._id) }
  }
  return { byFolder: await doomed('folder'), byItems: await doomed('items') }
}

/**
 * Waits until the restarted server has no thumbnail work left (or `ms` pass): its thumbnail
 * blobs are written and settled only then, so the store can be compared with the rows. Returns
 * the rows still pending or claimed ('working:<instance>').
 */
async function thumbnailsSettled(p: Peek, ms: number) {
  const until = Date.now() + ms
  for (;;) {
    const open = await p.db
      .selectFrom('files')
      .select(['filename', 'thumb_state'])
      .where((eb) => eb.or([eb('thumb_state', '=', 'pending'), eb('thumb_state', 'like', 'working:%')]))
      .execute()
    if (!open.length || Date.now() > until) return open
    await sleep(100)
  }
}

/** Reads the store and the database behind the restarted server and checks they agree. */
async function verify(doomed: Awaited<ReturnType<typeof prepare>>, deletes: { folder: Call; items: Call }) {
  const p = await peek(backing)
  try {
    // Whether thumbnail work a kill interrupted is resumed is the last test's question; here it
    // only has to finish before the store is compared with the rows.
    await thumbnailsSettled(p, 40_000)
    const readRows = () =>
      p.db.selectFrom('files').select(['id', 'filename', 'size', 'blob_key', 'thumbnail_key', 'preview_key']).execute()
    const refs = (rs: Awaited<ReturnType<typeof readRows>>) =>
      rs.flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
    // Rows, then the store, then rows again: a thumbnail the live server commits meanwhile (on a
    // busy machine its work can outlast the wait) is then neither "missing" nor "unreferenced".
    const before = refs(await readRows())
    const keys: string[] = []
    for await (const k of p.store.keys()) keys.push(k)
    const rows = await readRows()
    const referenced = refs(rows)
    // A write of the live server still in flight (a thumbnail outlasting the wait) holds its key
    // in the pool until its row commits: that blob is not an orphan yet.
    const inFlight = (
      await p.db
        .selectFrom('blob_key_pool')
        .select('key')
        .where('instance_id', 'in', p.db.selectFrom('instances').select('id'))
        .execute()
    ).map((r) => r.key)
    // No orphans and no rows without blobs.
    expect(
      keys.filter((k) => !referenced.includes(k) && !inFlight.includes(k)),
      'blobs no row references',
    ).toEqual([])
    expect(
      before.filter((k) => !keys.includes(k)),
      'rows whose blob is missing',
    ).toEqual([])
    // Everything the crash left in the outbox was settled by the restart, and so were the keys the
    // killed server had reserved ahead (only the live server's own may remain).
    expect(await p.db.selectFrom('blob_outbox').selectAll().execute()).toEqual([])
    expect(
      await p.db
        .selectFrom('blob_key_pool')
        .select('key')
        .where('instance_id', 'not in', p.db.selectFrom('instances').select('id'))
        .execute(),
    ).toEqual([])

    // Each delete is one transaction: all of its files or none; all gone once it was answered.
    const present = new Set(rows.map((r) => r.id))
    for (const [sel, call] of [
      [doomed.byFolder, deletes.folder],
      [doomed.byItems, deletes.items],
    ] as const) {
      const left = sel.files.filter((id) => present.has(id)).length
      expect([0, DOOMED]).toContain(left)
      if (call.state === 'answered') {
        expect(call.status).toBe(200)
        expect(left).toBe(0)
      }
    }
    const folderRow = await p.db
      .selectFrom('folders')
      .select('id')
      .where('id', '=', doomed.byFolder.folder)
      .executeTakeFirst()
    expect(folderRow !== undefined).toBe(doomed.byFolder.files.some((id) => present.has(id)))

    // Every row downloads whole, and holds exactly the bytes that were sent under its name.
    const queue = [...rows]
    const downloads = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const expected = sent.get(row.filename)
        expect(expected, `a row for "${row.filename}" that was never sent`).toBeDefined()
        expect(row.size, row.filename).toBe(expected!.size)
        const back = await user.bytes(`/file-service/download/${row.id}`)
        expect(back.status, row.filename).toBe(200)
        expect(back.body.length, row.filename).toBe(expected!.size)
        expect(sha(back.body), row.filename).toBe(expected!.digest)
      }
    }
    await Promise.all(Array.from({ length: 8 }, downloads))
    // Every upload answered before a kill is still there.
    for (const [id, name] of acknowledged) expect(present.has(id), `acknowledged upload ${name}`).toBe(true)
    // A folder upload commits all of its files or none; all once it was answered.
    for (const tree of trees) {
      const left = rows.filter((r) => tree.names.includes(r.filename)).length
      expect([0, TREE_FILES], tree.names[0]).toContain(left)
      if (tree.folder) {
        expect(left, tree.names[0]).toBe(TREE_FILES)
        expect((await user.get(`/folder-service/info/${tree.folder}`)).status).toBe(200)
      }
    }

    if (backing.blobStore === 'fs')
      expect(await readdir(join(backing.dataDir, 'tmp')).catch(() => []), 'temp files left').toEqual([])
    expect((await user.get('/healthz')).status).toBe(200)
  } finally {
    await p.close()
  }
}

describe('crash safety: SIGKILL during uploads and deletes', () => {
  moments.forEach((moment, round) => {
    it(`given uploads streaming and deletes running, when the server is killed ${moment.what}, then the restarted server is consistent`, async () => {
      if (!child || child.exited) await restart()
      const server = child!
      const doomed = await prepare(round)

      // Ten file uploads of 1.5–3.3 MB, paced from fast (done in ~0.2 s) to slow (~4 s), and a
      // folder upload of four files whose blobs all commit in one transaction.
      const uploads: Array<{ name: string; flight: Flight }> = []
      for (let i = 0; i < 10; i++) {
        const name = `r${round}-slow-${i}.bin`
        const data = randomBytes(1_500_000 + i * 200_000, round * 10_000 + i)
        sent.set(name, { size: data.length, digest: sha(data) })
        const parts: Part[] = [
          { field: 'filename', value: name },
          { field: 'parent', value: '/' },
          { field: 'size', value: String(data.length) },
          { field: 'file', filename: name, data },
        ]
        uploads.push({ name, flight: slowUpload(server.url, '/file-service/upload', user, parts, 3 + i * 8) })
      }
      const tree: Tree = { names: [] }
      const treeParts: Part[] = [
        { field: 'parent', value: '/' },
        { field: 'total-files', value: String(TREE_FILES) },
      ]
      for (let j = 0; j < TREE_FILES; j++) {
        const name = `r${round}-tree-${j}.bin`
        const data = randomBytes(400_000, round * 20_000 + j)
        const path = `R${round}tree/${j % 2 ? 'sub/' : ''}${name}`
        sent.set(name, { size: data.length, digest: sha(data) })
        tree.names.push(name)
        treeParts.push({
          field: 'file-data',
          value: JSON.stringify({ name, size: data.length, type: 'application/octet-stream', path, index: j }),
        })
        treeParts.push({ field: 'file', filename: name, data })
      }
      const treeFlight = slowUpload(server.url, '/folder-service/upload', user, treeParts, 25)
      trees.push(tree)
      const flights = [...uploads.map((u) => u.flight), treeFlight]
      // And large images, sent whole, whose thumbnails the server makes while the rest streams.
      const photos = Array.from({ length: IMAGES }, (_, i) => {
        const name = `r${round}-photo-${i}.png`
        sent.set(name, { size: photo.length, digest: sha(photo) })
        imageNames.add(name)
        return { name, call: track(user.upload(name, photo)) }
      })

      let deletes: { folder: Call; items: Call } | undefined
      const sendDeletes = () => {
        deletes = {
          folder: track(user.delete('/folder-service/remove', { id: doomed.byFolder.folder })),
          items: track(
            user.delete('/file-service/remove-multi', {
              items: doomed.byItems.files.map((id) => ({ id, type: 'file' })),
            }),
          ),
        }
      }

      // Watch the outbox from outside until the moment comes (or give up after 10 s).
      const watcher = await peek(backing)
      let seen: Situation
      const giveUp = Date.now() + 10_000
      try {
        for (;;) {
          const outbox = await watcher.db.selectFrom('blob_outbox').select('kind').execute()
          const pooled = await watcher.db.selectFrom('blob_key_pool').select('key').execute()
          seen = {
            pending: outbox.filter((o) => o.kind === 'pending').length + pooled.length,
            condemned: outbox.filter((o) => o.kind === 'delete').length,
            uploadsAnswered: flights.filter((f) => f.state === 'answered').length,
            deletesAnswered: deletes ? [deletes.folder, deletes.items].filter((c) => c.state === 'answered').length : 0,
            deletesSent: deletes !== undefined,
            thumbnailsWorking: Number(
              (
                await watcher.db
                  .selectFrom('files')
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .where('thumb_state', 'like', 'working:%')
                  .executeTakeFirst()
              )?.n ?? 0,
            ),
          }
          if (!deletes && moment.sendDeletesWhen(seen)) {
            sendDeletes()
            continue
          }
          if (moment.killWhen(seen) || Date.now() > giveUp) break
          await sleep(5)
        }
      } finally {
        await watcher.close()
      }

      // Note what was acknowledged, then kill in the same tick.
      const answered = uploads.filter((u) => u.flight.state === 'answered')
      const photosAnswered = photos.filter((p) => p.call.state === 'answered')
      const inFlight = flights.filter((f) => f.state === 'sending').length
      const treeAnswered = treeFlight.state === 'answered'
      await server.kill()
      await Promise.all([
        ...flights.map((f) => f.settled),
        ...photos.map((p) => p.call.settled),
        deletes?.folder.settled,
        deletes?.items.settled,
      ])
      const claims = await peek(backing)
      try {
        for (const r of await claims.db
          .selectFrom('files')
          .select('id')
          .where('thumb_state', 'like', 'working:%')
          .execute())
          claimedAtKill.add(r.id)
      } finally {
        await claims.close()
      }
      expect(moment.killWhen(seen!), `the moment never came: ${JSON.stringify(seen!)}`).toBe(true)
      for (const { name, flight } of answered) {
        expect(flight.status, name).toBe(201)
        acknowledged.set(flight.id!, name)
      }
      for (const { name, call } of photosAnswered) {
        expect(call.status, name).toBe(201)
        acknowledged.set(call.body!._id!, name)
      }
      if (treeAnswered) {
        expect(treeFlight.status).toBe(201)
        tree.folder = treeFlight.id!
      }
      // The kill really landed mid-flight (otherwise this round would prove nothing).
      expect(inFlight).toBeGreaterThan(0)

      await restart()
      await verify(doomed, deletes!)

      // The restarted server finishes what the crash interrupted: survivors can be deleted.
      const itemsLeft = await user.get(`/file-service/list?parent=${doomed.byItems.folder}&limit=1000`)
      if (itemsLeft.body.length) {
        expect(
          (
            await user.delete('/file-service/remove-multi', {
              items: doomed.byItems.files.map((id) => ({ id, type: 'file' })),
            })
          ).status,
        ).toBe(200)
      }
      if ((await user.get(`/folder-service/info/${doomed.byFolder.folder}`)).status === 200) {
        expect((await user.delete('/folder-service/remove', { id: doomed.byFolder.folder })).status).toBe(200)
      }
      expect((await user.get(`/file-service/list?parent=${doomed.byItems.folder}&limit=1000`)).body).toEqual([])
      expect((await user.get(`/folder-service/info/${doomed.byFolder.folder}`)).status).toBe(404)
    }, 90_000)
  })

  it('given the kills, then every image got its thumbnail: work a killed server had claimed is resumed', async () => {
    const p = await peek(backing)
    let stored: Array<{ id: string; filename: string }>
    try {
      const stuck = await thumbnailsSettled(p, 15_000)
      expect(stuck, 'files whose thumbnail never comes').toEqual([])
      stored = await p.db
        .selectFrom('files')
        .select(['id', 'filename'])
        .where('filename', 'in', [...imageNames])
        .execute()
    } finally {
      await p.close()
    }
    // Not vacuous: images were stored, and the first round killed the server mid-thumbnail.
    expect(stored.length).toBeGreaterThanOrEqual(IMAGES)
    expect(claimedAtKill.size).toBeGreaterThan(0)
    for (const { id, filename } of stored) {
      const info = await user.get(`/file-service/info/${id}`)
      expect(info.body.metadata.hasThumbnail, filename).toBe(true)
      const thumb = await user.bytes(`/file-service/thumbnail/${info.body.metadata.thumbnailID}`)
      expect(thumb.status, filename).toBe(200)
      expect(thumb.headers.get('content-type')).toBe('image/webp')
      expect((await sharp(thumb.body).metadata()).format).toBe('webp')
    }
  })
})
