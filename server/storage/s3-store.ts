// S3 (or any S3-compatible server): multipart upload from the request stream, ranged GETs.
import { PassThrough, Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Config } from '../config.ts'
import { type BlobStore, type ByteRange, Meter, type PutOptions, SAFE_KEY, type StagedBlob, type StoredBlob } from './blob-store.ts'

const PREFIX = 'blobs/'
/**
 * Staged blobs: each append is one object, staging/<id>/s<seq>, whole or absent (an S3 put is
 * atomic), so the staged size is the sum of what is listed and nothing is ever torn. S3's own
 * multipart upload would not do: its parts must be ≥ 5 MiB, and a cut connection leaves less.
 */
const STAGING = 'staging/'
const SEGMENT = /\/s(\d{8})$/

export async function createS3Store(config: S3Config): Promise<BlobStore> {
  // The SDK is imported here, not at the top: bundled (build:server, the bench), a static import
  // is hoisted into the entry and loads the SDK (~20 MB of RSS) into every server, S3 or not.
  const {
    AbortMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3')
  const { Upload } = await import('@aws-sdk/lib-storage')
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Streamed bodies with the SDK's default checksums are sent aws-chunked, which some
    // S3-compatible servers store verbatim (silent corruption): only checksum when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = config.bucket
  const newUpload = (Key: string, Body: PassThrough) =>
    new Upload({ client, params: { Bucket, Key, Body }, partSize: 8 * 1024 * 1024, queueSize: 2, leavePartsOnError: false })

  async function* listed(Prefix: string, Delimiter?: string) {
    let token: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token, ...(Delimiter ? { Delimiter } : {}) }))
      yield page
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  function staged(id: string): StagedBlob {
    if (!SAFE_KEY.test(id)) throw new Error('invalid staging id')
    const dir = `${STAGING}${id}/`
    const noteKey = `${dir}note`
    /** The segments in order, with their sizes. */
    const segments = async () => {
      const out: Array<{ key: string; size: number }> = []
      for await (const page of listed(dir)) for (const o of page.Contents ?? []) if (o.Key && SEGMENT.test(o.Key)) out.push({ key: o.Key, size: o.Size ?? 0 })
      return out.sort((a, b) => (a.key < b.key ? -1 : 1))
    }
    const segmentKey = (seq: number) => `${dir}s${String(seq).padStart(8, '0')}`
    const sizeOf = (list: Array<{ size: number }>) => list.reduce((n, s) => n + s.size, 0)
    const read = async (key: string) => (await client.send(new GetObjectCommand({ Bucket, Key: key }))).Body as Readable
    const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    return {
      size: async () => sizeOf(await segments()),
      // An object is durable once its upload completes: nothing is ever left to sync.
      sync: () => Promise.resolve(),
      async append(source: Readable): Promise<number> {
        const before = await segments()
        const last = before.at(-1)?.key.match(SEGMENT)?.[1]
        const key = segmentKey(last === undefined ? 0 : Number(last) + 1)
        const body = new PassThrough({ highWaterMark: 1 << 20 })
        let failure: unknown
        let bytes = 0
        source.on('data', (chunk: Buffer) => void (bytes += chunk.length))
        // A broken source ends this segment with what arrived, so those bytes are kept.
        source.once('error', (err) => {
          failure = err
          source.unpipe(body)
          body.end()
        })
        source.pipe(body)
        await newUpload(key, body).done()
        if (bytes === 0) await remove(key)
        if (failure) throw failure
        return sizeOf(before) + bytes
      },
      async truncate(to: number): Promise<void> {
        let at = 0
        for (const seg of await segments()) {
          if (at >= to) await remove(seg.key)
          else if (at + seg.size > to) {
            const head = await client.send(new GetObjectCommand({ Bucket, Key: seg.key, Range: `bytes=0-${to - at - 1}` }))
            const bytes = Buffer.from(await head.Body!.transformToByteArray())
            await client.send(new PutObjectCommand({ Bucket, Key: seg.key, Body: bytes }))
          }
          at += seg.size
        }
      },
      async readNote(): Promise<Buffer | undefined> {
        try {
          return Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key: noteKey }))).Body!.transformToByteArray())
        } catch (err) {
          if ((err as { name?: string }).name === 'NoSuchKey') return undefined
          throw err
        }
      },
      async writeNote(note: Buffer | undefined): Promise<void> {
        if (note) await client.send(new PutObjectCommand({ Bucket, Key: noteKey, Body: note }))
        else await remove(noteKey)
      },
      async read(): Promise<Readable> {
        const list = await segments()
        return Readable.from(
          (async function* () {
            for (const seg of list) yield* await read(seg.key)
          })(),
        )
      },
      async commit(key: string): Promise<void> {
        // Copied through this process into one object; S3's server-side copy (UploadPartCopy)
        // needs every part but the last ≥ 5 MiB, which short appends do not give.
        const body = new PassThrough({ highWaterMark: 1 << 20 })
        const copy = newUpload(PREFIX + key, body)
        await Promise.all([pipeline(await this.read(), body), copy.done()])
        await this.discard()
      },
      async discard(): Promise<void> {
        for await (const page of listed(dir)) for (const o of page.Contents ?? []) if (o.Key) await remove(o.Key)
      },
    }
  }

  return {
    staged,

    async *stagedIds(): AsyncIterable<string> {
      for await (const page of listed(STAGING, '/')) {
        for (const p of page.CommonPrefixes ?? []) if (p.Prefix) yield p.Prefix.slice(STAGING.length, -1)
      }
    },

    async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
      const meter = new Meter(options.maxBytes, options.digest)
      const body = new PassThrough()
      const upload = newUpload(PREFIX + options.key, body)
      const feeding = pipeline(source, meter, body)
      try {
        await Promise.all([feeding, upload.done()])
      } catch (err) {
        await upload.abort().catch(() => undefined)
        body.destroy()
        await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + options.key })).catch(() => undefined)
        throw err
      }
      return { key: options.key, size: meter.size, sha256: meter.digest() }
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: PREFIX + key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      )
      return res.Body as Readable
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key }))
    },

    async *keys(): AsyncIterable<string> {
      for await (const page of listed(PREFIX)) for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(PREFIX.length)
    },

    // lib-storage aborts its multipart upload on failure; a process killed mid-upload leaves
    // parts behind. Abort those older than a day (no live upload takes that long); servers that
    // cannot list uploads rely on a bucket lifecycle rule (AbortIncompleteMultipartUpload).
    async cleanup(): Promise<void> {
      const cutoff = Date.now() - 86_400_000
      try {
        for (const Prefix of [PREFIX, STAGING]) {
          const { Uploads = [] } = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix }))
          for (const u of Uploads) {
            if (u.Key && u.UploadId && u.Initiated && u.Initiated.getTime() < cutoff) {
              await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
            }
          }
        }
      } catch {
        // Listing uploads is optional on S3-compatible servers.
      }
    },
  }
}
