// The photos phase of `npm run bench`: phone photos through the thumbnail queue, HEIC decoded by
// the system's libheif (heif-dec / heif-convert, a child process) and by heic-decode's WASM in its
// thread (HEIF_DECODER=wasm), against the same pictures as JPEG (decoded by sharp). Three fresh
// Cumulus servers, one per decoder, so each peak RSS is its own. Per server: every
// photo is uploaded, and the clock runs from the first upload to the last job settled (polled
// in its SQLite file): photos/s. Then each photo's full-size preview is opened, alternating
// between the servers request by request: p50 of each, and their ratio.
import Database from 'better-sqlite3'
import { heicFromJpeg, makeJpegPhoto } from '../server/helpers/media-fixtures.ts'
import { rssMonitor } from './lib/proc.ts'
import { MB, median, type Row } from './lib/report.ts'

export interface PhotoSession {
  signup(email: string): Promise<void>
  readonly uuid: string
  readonly cookie: string
}

export interface PhotoServer {
  port: number
  pid: number
  dbFile: string
  session: PhotoSession
}

export interface PhotosPhaseOptions {
  /** HEIC through the system decoder (undefined when none is installed). */
  heic?: PhotoServer
  /** HEIC through the WASM thread. */
  heicWasm: PhotoServer
  jpeg: PhotoServer
  /** Photos per format, and their size: a scaled-down night of phone photos. */
  count: number
  width: number
  height: number
  /** Distinct pictures among them (noise of their own; encoding HEIC takes a while). */
  distinct: number
  /** How often each preview is opened. */
  opens: number
  log: (msg: string) => void
}

/** What a night's batch is: 10,000 photos of 12 MP. */
const NIGHT = { photos: 10_000, pixels: 12_000_000 }

async function upload(s: PhotoServer, name: string, body: Buffer): Promise<string> {
  const form = new FormData()
  const fields: Array<[string, string]> = [
    ['filename', name],
    ['parent', '/'],
    ['currentID', '/'],
    ['size', String(body.length)],
  ]
  for (const [k, v] of fields) form.append(k, v)
  form.append('file', new Blob([body as BlobPart]), name)
  const res = await fetch(`http://127.0.0.1:${s.port}/file-service/upload`, {
    method: 'POST',
    headers: { uuid: s.session.uuid, cookie: s.session.cookie },
    body: form,
  })
  const text = await res.text()
  if (res.status !== 201) throw new Error(`upload ${name} → ${res.status} ${text.slice(0, 200)}`)
  return (JSON.parse(text) as { _id: string })._id
}

/** Uploads every photo and waits for the queue: seconds from the first upload to the last job. */
async function throughQueue(s: PhotoServer, photos: Buffer[], ext: string) {
  const db = new Database(s.dbFile, { readonly: true, fileMustExist: true })
  const settled = db.prepare(
    `select count(*) as n, sum(thumb_state = 'failed') as failed from files where thumb_state in ('done', 'failed') and id in (select value from json_each(?))`,
  )
  const peak = rssMonitor(s.pid)
  const start = performance.now()
  const ids: string[] = []
  for (let i = 0; i < photos.length; i++)
    ids.push(await upload(s, `IMG_${String(i).padStart(4, '0')}.${ext}`, photos[i]!))
  const list = JSON.stringify(ids)
  let row: { n: number; failed: number }
  for (;;) {
    row = settled.get(list) as { n: number; failed: number }
    if (row.n === ids.length) break
    await new Promise((r) => setTimeout(r, 50))
  }
  const seconds = (performance.now() - start) / 1000
  const rss = peak.stop()
  db.close()
  return { ids, seconds, rss, failed: row.failed }
}

async function openPreview(s: PhotoServer, id: string): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(`http://127.0.0.1:${s.port}/file-service/full-thumbnail/${id}`, {
    headers: { uuid: s.session.uuid, cookie: s.session.cookie },
  })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`full-thumbnail ${id} → ${res.status}`)
  return performance.now() - t0
}

export async function photosPhase(o: PhotosPhaseOptions): Promise<{ rows: Row[]; notes: string[]; report: object }> {
  const mp = (o.width * o.height) / 1e6
  o.log(`photos: making ${o.distinct} distinct ${o.width}×${o.height} photos (JPEG by sharp, HEIC by heif-enc)`)
  const jpegs: Buffer[] = []
  const heics: Buffer[] = []
  for (let i = 0; i < o.distinct; i++) {
    const jpeg = await makeJpegPhoto({ width: o.width, height: o.height, noise: true })
    jpegs.push(jpeg)
    heics.push(heicFromJpeg(jpeg))
  }
  const pick = <T>(xs: T[]) => Array.from({ length: o.count }, (_, i) => xs[i % xs.length]!)
  const sides = [
    ...(o.heic ? [{ name: 'HEIC, system libheif', preview: 'JPEG', server: o.heic, photos: heics, ext: 'heic' }] : []),
    { name: 'HEIC, WASM', preview: 'WebP', server: o.heicWasm, photos: heics, ext: 'heic' },
  ]
  const jpegSide = { name: 'JPEG', preview: 'JPEG', server: o.jpeg, photos: jpegs, ext: 'jpg' }
  for (const [i, side] of [...sides, jpegSide].entries())
    await side.server.session.signup(`bench-photos-${i}-${Date.now()}@example.com`)

  const run = async (side: (typeof sides)[number]) => {
    o.log(`photos: ${o.count} ${side.name} through the queue`)
    const r = await throughQueue(side.server, pick(side.photos), side.ext)
    if (r.failed) throw new Error(`photos failed in the queue: ${r.failed} of ${side.name}`)
    return r
  }
  const heicRuns: Array<Awaited<ReturnType<typeof throughQueue>>> = []
  for (const side of sides) heicRuns.push(await run(side))
  const jpeg = await run(jpegSide)

  o.log(`photos: opening every preview ${o.opens}× on each server`)
  const heicMs: number[][] = sides.map(() => [])
  const jpegMs: number[] = []
  // One warm-up open each, dropped.
  for (const [k, side] of sides.entries()) await openPreview(side.server, heicRuns[k]!.ids[0]!)
  await openPreview(o.jpeg, jpeg.ids[0]!)
  for (let r = 0; r < o.opens; r++)
    for (let i = 0; i < o.count; i++) {
      for (const [k, side] of sides.entries()) heicMs[k]!.push(await openPreview(side.server, heicRuns[k]!.ids[i]!))
      jpegMs.push(await openPreview(o.jpeg, jpeg.ids[i]!))
    }

  const jpegRate = o.count / jpeg.seconds
  // Decoding is linear in pixels: the night's photos are 12 MP, these are `mp`.
  const scale = NIGHT.pixels / (o.width * o.height)
  const nightHours = (perSecond: number) => NIGHT.photos / perSecond / 3600
  const hours = (rate: number) => `${nightHours(rate).toFixed(2)} / ${nightHours(rate / scale).toFixed(1)}`
  const rows: Row[] = sides.flatMap((side, k) => {
    const r = heicRuns[k]!
    const rate = o.count / r.seconds
    return [
      {
        metric: `${side.name} vs JPEG photos through the queue (${o.count} × ${mp.toFixed(1)} MP)`,
        unit: 'photos/s',
        cumulus: rate,
        baseline: jpegRate,
        ratio: rate / jpegRate,
      },
      {
        metric: `peak RSS, ${side.name} queue (server / with its decoder processes)`,
        unit: 'MB',
        cumulus: `${(r.rss.total / MB).toFixed(0)} / ${(r.rss.withChildren / MB).toFixed(0)}`,
        baseline: (jpeg.rss.total / MB).toFixed(0),
        budget: '≤ 200 MB',
        ok: r.rss.total / MB <= 200,
      },
      {
        metric: `full-size preview open p50, ${side.name} (${side.preview}) vs JPEG`,
        unit: 'ms',
        cumulus: median(heicMs[k]!),
        baseline: median(jpegMs),
        ratio: median(heicMs[k]!) / median(jpegMs),
      },
      {
        metric: `${NIGHT.photos.toLocaleString('en')} photos, ${side.name}, at this rate / scaled to 12 MP`,
        unit: 'hours',
        cumulus: hours(rate),
        baseline: hours(jpegRate),
      },
    ]
  })
  const notes = [
    `photos: scaled from a night of ${NIGHT.photos.toLocaleString('en')} × 12 MP to ${o.count} × ${mp.toFixed(1)} MP (${o.distinct} distinct noise pictures, iPhone EXIF); HEIC by heif-enc (x265 ultrafast, q60) from the same JPEG. Clock: first upload to last job settled, one queue worker (THUMBNAIL_CONCURRENCY 1) per server; the 12 MP estimate divides the rate by ${scale.toFixed(1)} (decode time is linear in pixels). Preview opens alternate between the servers; the HEIC preview is stored (the system decoder's JPEG, or a WebP from the WASM pixels), the JPEG's the original when within the edge cap.${o.heic ? '' : ' No heif-dec/heif-convert on PATH: the system decoder was not measured.'} The RSS budget is the server's; "with its decoder processes" adds the heif-convert children's RSS sampled every 50 ms.`,
  ]
  const report = {
    count: o.count,
    width: o.width,
    height: o.height,
    sides: sides.map((side, k) => ({
      name: side.name,
      seconds: heicRuns[k]!.seconds,
      rssMB: heicRuns[k]!.rss.total / MB,
      rssWithChildrenMB: heicRuns[k]!.rss.withChildren / MB,
      previewMs: heicMs[k],
    })),
    jpeg: { seconds: jpeg.seconds, rssMB: jpeg.rss.total / MB, previewMs: jpegMs },
    bytes: {
      heic: heics.reduce((n, b) => n + b.length, 0) / o.distinct,
      jpeg: jpegs.reduce((n, b) => n + b.length, 0) / o.distinct,
    },
  }
  return { rows, notes, report }
}
