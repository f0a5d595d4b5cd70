// S3 (or any S3-compatible server): multipart upload from the request stream, ranged GETs.
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { S3Config } from '../config.ts'
import { type BlobStore, type ByteRange, Meter, type PutOptions, type StoredBlob } from './blob-store.ts'

const PREFIX = 'blobs/'

export async function createS3Store(config: S3Config): Promise<BlobStore> {
  // The SDK is imported here, not at the top: bundled (build:server, the bench), a static import
  // is hoisted into the entry and loads the SDK (~20 MB of RSS) into every server, S3 or not.
  const { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } =
    await import('@aws-sdk/client-s3')
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

  return {
    async put(source: Readable, options: PutOptions): Promise<StoredBlob> {
      const meter = new Meter(options.maxBytes)
      const body = new PassThrough()
      const upload = new Upload({
        client,
        params: { Bucket, Key: PREFIX + options.key, Body: body },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      })
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
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken: token }))
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(PREFIX.length)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    // lib-storage aborts its multipart upload on failure; a process killed mid-upload leaves
    // parts behind. Abort those older than a day (no live upload takes that long); servers that
    // cannot list uploads rely on a bucket lifecycle rule (AbortIncompleteMultipartUpload).
    async cleanup(): Promise<void> {
      const cutoff = Date.now() - 86_400_000
      try {
        const { Uploads = [] } = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: PREFIX }))
        for (const u of Uploads) {
          if (u.Key && u.UploadId && u.Initiated && u.Initiated.getTime() < cutoff) {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }))
          }
        }
      } catch {
        // Listing uploads is optional on S3-compatible servers.
      }
    },
  }
}
