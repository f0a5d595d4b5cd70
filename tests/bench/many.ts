// Many small files through the app's path (issue #18): `files` files of `bytes` each, sent as the
// web app sends them — tus-js-client with the settings of app/api/resumable-options.ts (one
// creation-with-upload request per file, MAX_PARALLEL_UPLOADS in flight) — against the raw server
// writing the same files with fsync (one POST each, same concurrency, node:http like
// tus-js-client's Node stack). A third series sends the same tus requests with fetch(), to tell
// the client library's cost from the server's.
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { Upload } from 'tus-js-client'
import {
  MAX_PARALLEL_UPLOADS,
  TUS_CHUNK_SIZE,
  TUS_DATA_DURING_CREATION,
  TUS_ENDPOINT,
} from '../../app/api/resumable-options.ts'
import { multipartFraming } from './lib/http.ts'
import { cpuSeconds } from './lib/proc.ts'
import { median, paired, type Row } from './lib/report.ts'

interface Server {
  port: number
  pid: number
}

export interface ManyOptions {
  cumulus: Server & { cookie: () => string; uuid: string; newFolder: (name: string) => Promise<string> }
  raw: Server & { dir: string }
  files: number
  bytes: number
  rounds: number
  log: (msg: string) => void
}

type Series = 'tus' | 'fetch' | 'multipart' | 'raw'

interface Run {
  filesPerSecond: number
  /** Server CPU (utime + stime, all threads) per file, ms. */
  serverCpuMs: number
  /** The bench process's own CPU per file, ms: the client's cost. */
  clientCpuMs: number
}

/** File `i` of the set: one random block with the index stamped in, so no two are alike. */
function fileBytes(block: Buffer, i: number): Buffer {
  const b = Buffer.from(block)
  b.writeUInt32BE(i, 0)
  return b
}

/** Runs `send` for 0..n-1 with `parallel` in flight, as the app's queue does. */
async function queue(n: number, parallel: number, send: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await send(next++)
    }),
  )
}

const b64 = (s: string) => Buffer.from(s).toString('base64')

export async function manyPhase(o: ManyOptions): Promise<{ rows: Row[]; report: Record<string, unknown> }> {
  const block = randomBytes(o.bytes)
  const endpoint = `http://127.0.0.1:${o.cumulus.port}${TUS_ENDPOINT}`
  // tus-js-client's Node stack uses node:http's global agent (keep-alive since Node 19); the raw
  // baseline gets a keep-alive agent of its own so it is not cheaper for lack of one.
  const rawAgent = new Agent({ keepAlive: true, maxSockets: MAX_PARALLEL_UPLOADS })

  const tusOne = (folder: string, i: number) =>
    new Promise<void>((resolve, reject) => {
      const upload = new Upload(fileBytes(block, i), {
        endpoint,
        chunkSize: TUS_CHUNK_SIZE,
        uploadDataDuringCreation: TUS_DATA_DURING_CREATION,
        // A failure should fail the bench, not be retried out of sight.
        retryDelays: [],
        metadata: { filename: `many ${i}.bin`, parent: folder, filetype: 'application/octet-stream' },
        headers: { cookie: o.cumulus.cookie(), uuid: o.cumulus.uuid },
        storeFingerprintForResuming: false,
        onSuccess: ({ lastResponse }) =>
          lastResponse.getHeader('Cumulus-File-Id')
            ? resolve()
            : reject(new Error(`tus upload ${i}: no Cumulus-File-Id`)),
        onError: reject,
      })
      upload.start()
    })

  const fetchOne = async (folder: string, i: number) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        cookie: o.cumulus.cookie(),
        uuid: o.cumulus.uuid,
        'tus-resumable': '1.0.0',
        'upload-length': String(o.bytes),
        'upload-metadata': `filename ${b64(`many ${i}.bin`)},parent ${b64(folder)},filetype ${b64('application/octet-stream')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(fileBytes(block, i)),
    })
    await res.arrayBuffer()
    if (res.status !== 201 || res.headers.get('upload-offset') !== String(o.bytes))
      throw new Error(`fetch upload ${i} → ${res.status}, offset ${res.headers.get('upload-offset')}`)
  }

  const rawOne = (dir: string, i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = fileBytes(block, i)
      const req = request(
        {
          host: '127.0.0.1',
          port: o.raw.port,
          method: 'POST',
          path: `/upload?fsync=1&path=${encodeURIComponent(join(dir, `many-${i}.bin`))}`,
          agent: rawAgent,
          headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
        },
        (res) => {
          res.resume()
          res.once('end', () =>
            res.statusCode === 201 ? resolve() : reject(new Error(`raw upload ${i} → ${res.statusCode}`)),
          )
        },
      )
      req.once('error', reject)
      req.end(body)
    })

  // The spec's one-request multipart upload of the same file: what a whole small file costs the
  // server without the resumable bookkeeping (tells the protocol's cost from the rest).
  const cumulusAgent = new Agent({ keepAlive: true, maxSockets: MAX_PARALLEL_UPLOADS })
  const multipartOne = (folder: string, i: number) =>
    new Promise<void>((resolve, reject) => {
      const m = multipartFraming(`many ${i}.bin`, o.bytes, folder)
      const body = Buffer.concat([m.prefix, fileBytes(block, i), m.suffix])
      const req = request(
        {
          host: '127.0.0.1',
          port: o.cumulus.port,
          method: 'POST',
          path: '/file-service/upload',
          agent: cumulusAgent,
          headers: {
            cookie: o.cumulus.cookie(),
            uuid: o.cumulus.uuid,
            'content-type': m.contentType,
            'content-length': body.length,
          },
        },
        (res) => {
          res.resume()
          res.once('end', () =>
            res.statusCode === 200 || res.statusCode === 201
              ? resolve()
              : reject(new Error(`multipart upload ${i} → ${res.statusCode}`)),
          )
        },
      )
      req.once('error', reject)
      req.end(body)
    })

  const runs: Record<Series, Run[]> = { tus: [], fetch: [], multipart: [], raw: [] }
  const measure = async (series: Series, round: number): Promise<Run> => {
    const server = series === 'raw' ? o.raw : o.cumulus
    let send: (i: number) => Promise<void>
    if (series === 'raw') {
      const dir = join(o.raw.dir, `many-${round}`)
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      send = (i) => rawOne(dir, i)
    } else {
      // A fresh folder per run, as a drop of many files into one folder would be.
      const folder = await o.cumulus.newFolder(`many ${series} ${round}`)
      send =
        series === 'tus'
          ? (i) => tusOne(folder, i)
          : series === 'fetch'
            ? (i) => fetchOne(folder, i)
            : (i) => multipartOne(folder, i)
    }
    const c0 = cpuSeconds(server.pid)
    const client0 = process.cpuUsage()
    const t0 = process.hrtime.bigint()
    await queue(o.files, MAX_PARALLEL_UPLOADS, send)
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9
    const client = process.cpuUsage(client0)
    const run = {
      filesPerSecond: o.files / seconds,
      serverCpuMs: ((cpuSeconds(server.pid) - c0) / o.files) * 1e3,
      clientCpuMs: (client.user + client.system) / 1e3 / o.files,
    }
    if (series === 'raw') rmSync(join(o.raw.dir, `many-${round}`), { recursive: true, force: true })
    return run
  }

  // Round 0 warms up (JIT, connections, SQLite pages) and is dropped; the order rotates.
  const order: Series[] = ['tus', 'raw', 'fetch', 'multipart']
  for (let round = 0; round <= o.rounds; round++) {
    const got: Partial<Record<Series, Run>> = {}
    for (const series of [...order.slice(round % order.length), ...order.slice(0, round % order.length)])
      got[series] = await measure(series, round)
    const fmt = (s: Series) =>
      `${got[s]!.filesPerSecond.toFixed(0)} files/s (server ${got[s]!.serverCpuMs.toFixed(2)} ms, client ${got[s]!.clientCpuMs.toFixed(2)} ms CPU each)`
    o.log(
      `many files ${round === 0 ? 'warm-up (dropped)' : `round ${round}/${o.rounds}`}: tus-js-client ${fmt('tus')}; fetch ${fmt('fetch')}; multipart ${fmt('multipart')}; raw + fsync ${fmt('raw')}`,
    )
    if (round > 0) for (const s of order) runs[s].push(got[s]!)
  }
  rawAgent.destroy()
  cumulusAgent.destroy()

  const fps = (s: Series) => runs[s].map((r) => r.filesPerSecond)
  const med = (s: Series, k: keyof Run) => median(runs[s].map((r) => r[k]))
  const tusVsRaw = paired(fps('tus'), fps('raw'))
  const fetchVsRaw = paired(fps('fetch'), fps('raw'))
  const multipartVsRaw = paired(fps('multipart'), fps('raw'))
  const label = `${o.files} × ${o.bytes / 1000} KB`
  const rows: Row[] = [
    {
      metric: `${label} via tus-js-client (app settings, ${MAX_PARALLEL_UPLOADS} at once) vs raw + fsync`,
      unit: 'files/s',
      cumulus: median(fps('tus')),
      baseline: median(fps('raw')),
      ratio: tusVsRaw.ratio,
      budget: '≥ 0.50',
      ok: tusVsRaw.ratio >= 0.5,
    },
    { metric: `  per-round ratios ${tusVsRaw.min.toFixed(2)}–${tusVsRaw.max.toFixed(2)}`, unit: '', cumulus: '' },
    {
      metric: '  same requests via fetch() (client cost apart)',
      unit: 'files/s',
      cumulus: median(fps('fetch')),
      baseline: median(fps('raw')),
      ratio: fetchVsRaw.ratio,
    },
    {
      metric: '  same files via the multipart route (no resumable bookkeeping)',
      unit: 'files/s',
      cumulus: median(fps('multipart')),
      baseline: median(fps('raw')),
      ratio: multipartVsRaw.ratio,
    },
    {
      metric: '  server CPU per file (multipart vs raw)',
      unit: 'ms',
      cumulus: med('multipart', 'serverCpuMs'),
      baseline: med('raw', 'serverCpuMs'),
      ratio: med('multipart', 'serverCpuMs') / med('raw', 'serverCpuMs'),
    },
    {
      metric: '  server CPU per file (tus vs raw)',
      unit: 'ms',
      cumulus: med('tus', 'serverCpuMs'),
      baseline: med('raw', 'serverCpuMs'),
      ratio: med('tus', 'serverCpuMs') / med('raw', 'serverCpuMs'),
    },
    {
      metric: '  client CPU per file (tus-js-client vs fetch)',
      unit: 'ms',
      cumulus: med('tus', 'clientCpuMs'),
      baseline: med('fetch', 'clientCpuMs'),
      ratio: med('tus', 'clientCpuMs') / med('fetch', 'clientCpuMs'),
    },
  ]
  return {
    rows,
    report: {
      files: o.files,
      bytes: o.bytes,
      parallel: MAX_PARALLEL_UPLOADS,
      chunkSize: TUS_CHUNK_SIZE,
      dataDuringCreation: TUS_DATA_DURING_CREATION,
      runs,
      ratios: { tusVsRaw: tusVsRaw.ratios, fetchVsRaw: fetchVsRaw.ratios, multipartVsRaw: multipartVsRaw.ratios },
    },
  }
}
