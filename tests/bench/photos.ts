// The photos phase of `npm run bench`: phone photos through the thumbnail queue, HEIC (decoded
// by heic-decode's WASM in its thread) against the same pictures as JPEG (decoded by sharp).
// Two fresh Cumulus servers, one per format, so each peak RSS is its own. Per server: every
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
  heic: PhotoServer
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
  await o.heic.session.signup(`bench-heic-${Date.now()}@example.com`)
  await o.jpeg.session.signup(`bench-jpeg-${Date.now()}@example.com`)

  o.log(`photos: ${o.count} HEIC through the queue`)
  const heic = await throughQueue(o.heic, pick(heics), 'heic')
  o.log(`photos: ${o.count} JPEG through the queue`)
  const jpeg = await throughQueue(o.jpeg, pick(jpegs), 'jpg')
  if (heic.failed || jpeg.failed)
    throw new Error(`photos failed in the queue: ${heic.failed} HEIC, ${jpeg.failed} JPEG`)

  o.log(`photos: opening every preview ${o.opens}× on each server`)
  const heicMs: number[] = []
  const jpegMs: number[] = []
  // One warm-up open each, dropped.
  await openPreview(o.heic, heic.ids[0]!)
  await openPreview(o.jpeg, jpeg.ids[0]!)
  for (let r = 0; r < o.opens; r++)
    for (let i = 0; i < o.count; i++) {
      heicMs.push(await openPreview(o.heic, heic.ids[i]!))
      jpegMs.push(await openPreview(o.jpeg, jpeg.ids[i]!))
    }

  const rate = { heic: o.count / heic.seconds, jpeg: o.count / jpeg.seconds }
  // Decoding is linear in pixels: the night's photos are 12 MP, these are `mp`.
  const scale = NIGHT.pixels / (o.width * o.height)
  const nightHours = (perSecond: number) => NIGHT.photos / perSecond / 3600
  const rows: Row[] = [
    {
      metric: `HEIC vs JPEG photos through the queue (${o.count} × ${mp.toFixed(1)} MP)`,
      unit: 'photos/s',
      cumulus: rate.heic,
      baseline: rate.jpeg,
      ratio: rate.heic / rate.jpeg,
    },
    {
      metric: 'peak RSS, HEIC queue',
      unit: 'MB',
      cumulus: heic.rss.total / MB,
      baseline: jpeg.rss.total / MB,
      budget: '≤ 200 MB',
      ok: heic.rss.total / MB <= 200,
    },
    {
      metric: 'full-size preview open p50, HEIC (WebP) vs JPEG',
      unit: 'ms',
      cumulus: median(heicMs),
      baseline: median(jpegMs),
      ratio: median(heicMs) / median(jpegMs),
    },
    {
      metric: `${NIGHT.photos.toLocaleString('en')} HEIC photos at this rate / scaled to 12 MP`,
      unit: 'hours',
      cumulus: `${nightHours(rate.heic).toFixed(2)} / ${nightHours(rate.heic / scale).toFixed(1)}`,
      baseline: `${nightHours(rate.jpeg).toFixed(2)} / ${nightHours(rate.jpeg / scale).toFixed(1)}`,
    },
  ]
  const notes = [
    `photos: scaled from a night of ${NIGHT.photos.toLocaleString('en')} × 12 MP to ${o.count} × ${mp.toFixed(1)} MP (${o.distinct} distinct noise pictures, iPhone EXIF); HEIC by heif-enc (x265 ultrafast, q60) from the same JPEG. Clock: first upload to last job settled, one queue worker (THUMBNAIL_CONCURRENCY 1) per server; the 12 MP estimate divides the rate by ${scale.toFixed(1)} (decode time is linear in pixels). Preview opens alternate between the servers; the HEIC preview is a stored WebP, the JPEG's the original when within the edge cap.`,
  ]
  const report = {
    count: o.count,
    width: o.width,
    height: o.height,
    seconds: { heic: heic.seconds, jpeg: jpeg.seconds },
    rssMB: { heic: heic.rss.total / MB, jpeg: jpeg.rss.total / MB },
    previewMs: { heic: heicMs, jpeg: jpegMs },
    bytes: {
      heic: heics.reduce((n, b) => n + b.length, 0) / o.distinct,
      jpeg: jpegs.reduce((n, b) => n + b.length, 0) / o.distinct,
    },
  }
  return { rows, notes, report }
}
