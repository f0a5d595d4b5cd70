// A staged blob on S3 (a resumable upload's bytes): one S3 multipart upload, created under the
// staging key staging/<id>/data, plus a short tail kept as an object of its own.
//
// Why not complete straight into blobs/<key>: a multipart upload is bound to its key when it is
// created, and the blob key is only chosen at commit (by the upload service, recorded in the
// outbox first). Letting the store map blob keys to staging keys instead would touch get, delete,
// keys and the janitor's orphan checks for every blob. So commit completes the upload at its
// staging key and copies it server-side to blobs/<key>: CopyObject up to 5 GB, above that a
// multipart upload of UploadPartCopy ranges. No byte of the blob passes through this process
// except the tail (< one part), which becomes the upload's last part.
//
// State lives in S3 alone, found by one listing of staging/<id>/ (ListParts and
// ListMultipartUploads are not implemented by every S3-compatible server, s3rver among them):
//   mpu.<upload id>               empty: the open multipart upload
//   part.<n>.<size>.<etag>        empty: part n is uploaded (written only after UploadPart succeeds)
//   tail.<k>                      the bytes after part k; stale (ignored) once part k + 1 exists
//   data                          the completed upload ("sealed"): when present, it is everything
//   note                          the cipher's note (StagedBlob.readNote)
// (upload id and etag base64url-encoded). A part uploaded but not yet recorded is simply uploaded
// again under the same number; the staged size is only what the markers and the tail record.
import { Readable } from 'node:stream'
import type { StagedBlob } from './blob-store.ts'

/** The few S3 calls a staged blob needs (s3-store binds them to a client and bucket). */
export interface S3Ops {
  /** Every object under `prefix`, with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>
  get(key: string, range?: { start: number; end: number }): Promise<Readable>
  /** A small object's bytes, or undefined when it is missing. */
  getBytes(key: string): Promise<Buffer | undefined>
  put(key: string, body: Buffer): Promise<void>
  remove(key: string): Promise<void>
  copy(from: string, to: string): Promise<void>
  createUpload(key: string): Promise<string>
  /** Uploads part `n`; resolves with its ETag. */
  uploadPart(key: string, uploadId: string, n: number, body: Buffer | Readable, length: number): Promise<string>
  /** UploadPartCopy of `range` (inclusive) of `from`; resolves with the part's ETag. */
  copyPart(
    key: string,
    uploadId: string,
    n: number,
    from: string,
    range: { start: number; end: number },
  ): Promise<string>
  complete(key: string, uploadId: string, parts: Array<{ n: number; etag: string }>): Promise<void>
  abort(key: string, uploadId: string): Promise<void>
}

export interface StagedLimits {
  /** The first parts' size (every part but the last must be ≥ 5 MiB). */
  partSize: number
  /** Largest blob committed by one CopyObject (S3 allows 5 GB). */
  copyMax: number
  /** Range of each UploadPartCopy above copyMax. */
  copyPart: number
}

const MiB = 1 << 20
export const STAGED_LIMITS: StagedLimits = { partSize: 8 * MiB, copyMax: 5 * 1000 ** 3, copyPart: 512 * MiB }
/** S3 allows 10 000 parts per upload. */
const MAX_PARTS = 10_000
/** Copies of a large commit running at once. */
const COPIES_AT_ONCE = 4

const PART = /^part\.(\d+)\.(\d+)\.([\w-]*)$/
const MPU = /^mpu\.([\w-]+)$/
const TAIL = /^tail\.(\d+)$/
const enc = (s: string) => Buffer.from(s).toString('base64url')
const dec = (s: string) => Buffer.from(s, 'base64url').toString()

/** Errors of servers that lack a call (s3rver: AbortMultipartUpload, UploadPartCopy) or of an upload already gone. */
const unsupported = (err: unknown) =>
  ['NotImplemented', 'MethodNotAllowed'].includes((err as { name?: string }).name ?? '')
const noUpload = (err: unknown) => (err as { name?: string }).name === 'NoSuchUpload'

interface Part {
  n: number
  size: number
  etag: string
}

/** What one listing says about a staged blob. */
interface State {
  /** The completed upload's size, when sealed. */
  sealed?: number
  uploadId?: string
  /** Parts 1..n in order, as recorded. */
  parts: Part[]
  tail?: { key: string; size: number }
  /** Keys no longer part of the state (left by an interrupted step), removed when convenient. */
  stale: string[]
}

export interface StagedS3 {
  /** Whether the server does UploadPartCopy (learnt on first use; without it, ranges are copied through this process). */
  partCopy: boolean | undefined
}

export function stagedS3(
  s3: S3Ops,
  dir: string,
  blobKey: (key: string) => string,
  limits: StagedLimits,
  server: StagedS3,
): StagedBlob {
  const dataKey = `${dir}data`
  const noteKey = `${dir}note`
  const tailKey = (k: number) => `${dir}tail.${k}`
  /** Part sizes double every 2000 parts, so 10 000 parts reach ~500 GiB while a 20 GB upload buffers 8–16 MiB. */
  const partSize = (n: number) => limits.partSize * 2 ** Math.min(4, Math.floor((n - 1) / 2000))
  const sum = (parts: Part[]) => parts.reduce((t, p) => t + p.size, 0)

  async function load(): Promise<State> {
    let data: number | undefined
    const uploads: string[] = []
    const parts = new Map<number, Part[]>()
    const tails = new Map<number, { key: string; size: number }>()
    const all: string[] = []
    for await (const o of s3.list(dir)) {
      const name = o.key.slice(dir.length)
      let m: RegExpMatchArray | null
      if (name === 'note') continue
      all.push(o.key)
      if (name === 'data') data = o.size
      else if ((m = name.match(MPU))) uploads.push(dec(m[1]!))
      else if ((m = name.match(PART)))
        parts.set(Number(m[1]), [
          ...(parts.get(Number(m[1])) ?? []),
          { n: Number(m[1]), size: Number(m[2]), etag: dec(m[3]!) },
        ])
      else if ((m = name.match(TAIL))) tails.set(Number(m[1]), { key: o.key, size: o.size })
    }
    if (data !== undefined)
      return {
        sealed: data,
        ...(uploads[0] ? { uploadId: uploads[0] } : {}),
        parts: [],
        stale: all.filter((k) => k !== dataKey),
      }
    const inOrder: Part[] = []
    for (let n = 1; parts.get(n)?.length === 1; n++) inOrder.push(parts.get(n)![0]!)
    const tail = tails.get(inOrder.length)
    const live = new Set([...inOrder.map(partKey), ...(tail ? [tail.key] : []), ...uploads.slice(0, 1).map(mpuKey)])
    return {
      ...(uploads[0] ? { uploadId: uploads[0] } : {}),
      parts: inOrder,
      ...(tail ? { tail } : {}),
      stale: all.filter((k) => !live.has(k)),
    }
  }
  const partKey = (p: Part) => `${dir}part.${p.n}.${p.size}.${enc(p.etag)}`
  const mpuKey = (uploadId: string) => `${dir}mpu.${enc(uploadId)}`
  const sizeOf = (s: State) => s.sealed ?? sum(s.parts) + (s.tail?.size ?? 0)
  const removeAll = (keys: string[]) => Promise.all(keys.map((k) => s3.remove(k)))

  async function abort(uploadId: string): Promise<void> {
    await s3.abort(dataKey, uploadId).catch((err: unknown) => {
      if (!unsupported(err) && !noUpload(err)) throw err
    })
  }

  /** Opens the multipart upload (recorded before any part is). */
  async function openUpload(): Promise<string> {
    const uploadId = await s3.createUpload(dataKey)
    await s3.put(mpuKey(uploadId), Buffer.alloc(0))
    return uploadId
  }

  async function record(uploadId: string, n: number, body: Buffer): Promise<Part> {
    const part = { n, size: body.length, etag: await s3.uploadPart(dataKey, uploadId, n, body, body.length) }
    await s3.put(partKey(part), Buffer.alloc(0))
    return part
  }

  /** Part `n` of `to`'s upload from `range` of `from`: server-side where the server can. */
  async function copyRange(
    to: string,
    uploadId: string,
    n: number,
    from: string,
    range: { start: number; end: number },
  ): Promise<string> {
    if (server.partCopy !== false) {
      try {
        const etag = await s3.copyPart(to, uploadId, n, from, range)
        server.partCopy = true
        return etag
      } catch (err) {
        if (!unsupported(err)) throw err
        server.partCopy = false
      }
    }
    return s3.uploadPart(to, uploadId, n, await s3.get(from, range), range.end - range.start + 1)
  }

  /**
   * Completes the upload at dataKey, the tail as its last part, and drops the markers: the
   * sealed object is readable (parts of an open upload are not). Resolves with what now holds
   * every staged byte (undefined: nothing staged) and its size.
   */
  async function seal(s: State): Promise<{ key?: string; size: number }> {
    if (s.sealed !== undefined) {
      // Leftovers of an interrupted seal or reopen; an upload still open here was a reopen's.
      if (s.uploadId) await abort(s.uploadId)
      await removeAll(s.stale)
      return { key: dataKey, size: s.sealed }
    }
    if (s.uploadId && s.parts.length === 0) {
      // Opened, but no part was recorded: nothing to complete.
      await abort(s.uploadId)
      await removeAll([mpuKey(s.uploadId)])
      return s.tail ? { key: s.tail.key, size: s.tail.size } : { size: 0 }
    }
    if (!s.uploadId) return s.tail ? { key: s.tail.key, size: s.tail.size } : { size: 0 }
    const parts: Array<{ n: number; etag: string }> = [...s.parts]
    const tail = s.tail && (await s3.getBytes(s.tail.key))
    if (tail?.length)
      parts.push({
        n: parts.length + 1,
        etag: await s3.uploadPart(dataKey, s.uploadId, parts.length + 1, tail, tail.length),
      })
    await s3.complete(dataKey, s.uploadId, parts)
    await removeAll([...s.stale, ...s.parts.map(partKey), ...(s.tail ? [s.tail.key] : []), mpuKey(s.uploadId)])
    return { key: dataKey, size: sizeOf(s) }
  }

  /**
   * A sealed blob made open again, cut to `to` bytes: a new upload on dataKey whose parts are
   * ranges of the sealed object, the rest the tail; the sealed object goes last, and only then
   * does the open state count. Only an append or truncate after `read` or a cut into parts
   * takes this path (neither happens in an upload's normal course).
   */
  async function reopen(to: number): Promise<void> {
    let uploadId: string | undefined
    let at = 0
    let n = 0
    while (to - at >= partSize(n + 1)) {
      const size = partSize(++n)
      uploadId ??= await openUpload()
      const etag = await copyRange(dataKey, uploadId, n, dataKey, { start: at, end: at + size - 1 })
      await s3.put(partKey({ n, size, etag }), Buffer.alloc(0))
      at += size
    }
    if (at < to) await s3.put(tailKey(n), await bytesOf(await s3.get(dataKey, { start: at, end: to - 1 })))
    await s3.remove(dataKey)
  }

  /** The state ready to take more bytes: sealed blobs reopened, leftovers cleared. */
  async function open(s: State): Promise<State> {
    if (s.sealed === undefined && s.stale.length === 0) return s
    if (s.sealed !== undefined) {
      const size = (await seal(s)).size
      if (size > 0) await reopen(size)
      else await s3.remove(dataKey)
    } else await removeAll(s.stale)
    return load()
  }

  return {
    size: async () => sizeOf(await load()),

    // Every append is durable when it resolves: nothing is left to sync.
    sync: () => Promise.resolve(),

    async append(source: Readable): Promise<number> {
      let s: State | undefined
      let uploadId: string | undefined
      const parts: Part[] = []
      let n = 0
      let held: Buffer[] = []
      let heldBytes = 0
      /** The part being uploaded while the next one fills (memory: about two parts). */
      let inFlight: Promise<unknown> = Promise.resolve()
      const start = async () => {
        s = await open(await load())
        uploadId = s.uploadId
        parts.push(...s.parts)
        n = parts.length
        // The tail goes in front of this piece's bytes: into its first part, or a longer tail.
        const tail = s.tail && (await s3.getBytes(s.tail.key))
        if (tail?.length) held = [tail]
        heldBytes = tail?.length ?? 0
      }
      let failure: unknown
      let storeFailed = false
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          try {
            if (!s) await start()
            held.push(chunk)
            heldBytes += chunk.length
            while (heldBytes >= partSize(n + 1)) {
              const all = Buffer.concat(held)
              const body = all.subarray(0, partSize(n + 1))
              held = [all.subarray(body.length)]
              heldBytes -= body.length
              const number = ++n
              await inFlight
              uploadId ??= await openUpload()
              inFlight = record(uploadId, number, body).then((p) => parts.push(p))
              // Awaited before the next part or at the end; never an unhandled rejection meanwhile.
              inFlight.catch(() => undefined)
            }
          } catch (err) {
            storeFailed = true
            throw err
          }
        }
      } catch (err) {
        // S3 failed: what is recorded stands (a part in flight may be recorded or not), nothing more.
        if (storeFailed) {
          await inFlight.catch(() => undefined)
          throw err
        }
        // The source broke: what arrived is kept (below), then its error goes on.
        failure = err
      }
      if (!s) {
        if (failure) throw failure
        return sizeOf(await load())
      }
      await inFlight
      // The bytes after the last part become the tail, replacing the one this piece began with.
      const rest = Buffer.concat(held)
      if (rest.length > 0) await s3.put(tailKey(n), rest)
      const staleTail = s.tail && (s.tail.key !== tailKey(n) || rest.length === 0) ? [s.tail.key] : []
      await removeAll(staleTail)
      if (failure) throw failure
      return sum(parts) + rest.length
    },

    async truncate(to: number): Promise<void> {
      const s = await load()
      if (to >= sizeOf(s)) return
      const inParts = sum(s.parts)
      if (s.sealed === undefined && to >= inParts) {
        // Within the tail: rewrite it shorter (one atomic put), or drop it.
        if (to === inParts) await s3.remove(s.tail!.key)
        else await s3.put(s.tail!.key, ((await s3.getBytes(s.tail!.key)) ?? Buffer.alloc(0)).subarray(0, to - inParts))
        return
      }
      // Into the parts (an open upload's parts cannot be read back): seal, then reopen shorter.
      await seal(s)
      if (to > 0) await reopen(to)
      else await s3.remove(dataKey)
    },

    async readNote(): Promise<Buffer | undefined> {
      return s3.getBytes(noteKey)
    },

    async writeNote(note: Buffer | undefined): Promise<void> {
      if (note) await s3.put(noteKey, note)
      else await s3.remove(noteKey)
    },

    // Completes the upload first: S3 cannot read the parts of an open one.
    async read(): Promise<Readable> {
      const { key } = await seal(await load())
      return key ? s3.get(key) : Readable.from([])
    },

    async commit(key: string): Promise<void> {
      const { key: from, size } = await seal(await load())
      const to = blobKey(key)
      if (!from) await s3.put(to, Buffer.alloc(0))
      else if (size <= limits.copyMax) await s3.copy(from, to)
      else await copyLarge(from, size, to)
      await discard()
    },

    discard,
  }

  /** Aborts the upload (where the server can: else a lifecycle rule must) and removes every object. */
  async function discard(): Promise<void> {
    const keys: string[] = []
    for await (const o of s3.list(dir)) keys.push(o.key)
    for (const k of keys) {
      const m = k.slice(dir.length).match(MPU)
      if (m) await abort(dec(m[1]!))
    }
    await removeAll(keys)
  }

  /** A blob past CopyObject's limit: a multipart upload of UploadPartCopy ranges, a few at once. */
  async function copyLarge(from: string, size: number, to: string): Promise<void> {
    const range = Math.max(limits.copyPart, Math.ceil(size / MAX_PARTS))
    const uploadId = await s3.createUpload(to)
    try {
      const count = Math.ceil(size / range)
      const etags: string[] = []
      let next = 0
      const worker = async () => {
        for (let i = next++; i < count; i = next++) {
          etags[i] = await copyRange(to, uploadId, i + 1, from, {
            start: i * range,
            end: Math.min(size, (i + 1) * range) - 1,
          })
        }
      }
      await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, count) }, worker))
      await s3.complete(
        to,
        uploadId,
        etags.map((etag, i) => ({ n: i + 1, etag })),
      )
    } catch (err) {
      await s3.abort(to, uploadId).catch(() => undefined)
      throw err
    }
  }
}

/** Whether upload `uploadId` at `key` (staging/<id>/data) is a staged blob's recorded upload. */
export async function stagedUploadKept(s3: S3Ops, key: string, uploadId: string): Promise<boolean> {
  const marker = `${key.slice(0, key.lastIndexOf('/') + 1)}mpu.${enc(uploadId)}`
  for await (const o of s3.list(marker)) if (o.key === marker) return true
  return false
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c)
  return Buffer.concat(chunks)
}
