// S3 (or any S3-compatible server): multipart upload from the request stream, ranged GETs.
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Config } from '../config.ts'
import { type BlobStore, type ByteRange, Meter, type PutOptions, SAFE_KEY, type StoredBlob } from './blob-store.ts'
import { type S3Ops, STAGED_LIMITS, type StagedLimits, type StagedS3, stagedS3, stagedUploadKept } from './s3-staged.ts'

const PREFIX = 'blobs/'
/** Staged blobs (resumable uploads): staging/<id>/…, see s3-staged.ts. */
const STAGING = 'staging/'

export async function createS3Store(config: S3Config, limits: StagedLimits = STAGED_LIMITS): Promise<BlobStore> {
  // The SDK is imported here, not at the top: bundled (build:server, the bench), a static import
  // is hoisted into the entry and loads the SDK (~20 MB of RSS) into every server, S3 or not.
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CopyObjectCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
    UploadPartCopyCommand,
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
    new Upload({
      client,
      params: { Bucket, Key, Body },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    })

  async function* listed(Prefix: string, Delimiter?: string) {
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token, ...(Delimiter ? { Delimiter } : {}) }),
      )
      yield page
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  const copySource = (key: string) => encodeURI(`${Bucket}/${key}`)
  const ops: S3Ops = {
    async *list(Prefix) {
      for await (const page of listed(Prefix))
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 }
    },
    get: async (Key, range) =>
      (
        await client.send(
          new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        )
      ).Body as Readable,
    async getBytes(Key) {
      try {
        return Buffer.from(
          await (await client.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray(),
        )
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return undefined
        throw err
      }
    },
    put: async (Key, Body) => void (await client.send(new PutObjectCommand({ Bucket, Key, Body }))),
    remove: async (Key) => void (await client.send(new DeleteObjectCommand({ Bucket, Key }))),
    copy: async (from, Key) =>
      void (await client.send(new CopyObjectCommand({ Bucket, Key, CopySource: copySource(from) }))),
    createUpload: async (Key) => (await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId!,
    uploadPart: async (Key, UploadId, PartNumber, Body, ContentLength) =>
      (await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength }))).ETag!,
    copyPart: async (Key, UploadId, PartNumber, from, range) =>
      (
        await client.send(
          new UploadPartCopyCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            CopySource: copySource(from),
            CopySourceRange: `bytes=${range.start}-${range.end}`,
          }),
        )
      ).CopyPartResult!.ETag!,
    complete: async (Key, UploadId, parts) =>
      void (await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
        }),
      )),
    abort: async (Key, UploadId) =>
      void (await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))),
  }
  const server: StagedS3 = { partCopy: undefined }
  const staged = (id: string) => {
    if (!SAFE_KEY.test(id)) throw new Error('invalid staging id')
    return stagedS3(ops, `${STAGING}${id}/`, (key) => PREFIX + key, limits, server)
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
        new GetObjectCommand({
          Bucket,
          Key: PREFIX + key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      return res.Body as Readable
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: PREFIX + key }))
    },

    async *keys(): AsyncIterable<string> {
      for await (const page of listed(PREFIX))
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(PREFIX.length)
    },

    // lib-storage aborts its multipart upload on failure; a process killed mid-upload leaves
    // parts behind. Abort those older than a day (no put takes that long) but a staged blob's
    // own, which lives as long as its upload; servers that cannot list uploads rely on a bucket
    // lifecycle rule (AbortIncompleteMultipartUpload, longer than UPLOAD_EXPIRY_HOURS).
    async cleanup(): Promise<void> {
      const cutoff = Date.now() - 86_400_000
      try {
        for (const Prefix of [PREFIX, STAGING]) {
          let KeyMarker: string | undefined
          let UploadIdMarker: string | undefined
          do {
            const page = await client.send(
              new ListMultipartUploadsCommand({ Bucket, Prefix, KeyMarker, UploadIdMarker }),
            )
            for (const u of page.Uploads ?? []) {
              if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() >= cutoff) continue
              if (Prefix === STAGING && (await stagedUploadKept(ops, u.Key, u.UploadId))) continue
              await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
            }
            ;({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = page.IsTruncated ? page : {})
          } while (KeyMarker)
        }
      } catch {
        // Listing uploads is optional on S3-compatible servers.
      }
    },
  }
}
