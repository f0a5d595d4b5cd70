// Two instances of one deployment on one PostgreSQL schema (and one blob store): what one
// instance changes must hold on the other at its very next request.
import { rm } from 'node:fs/promises'
import type { Limits } from '../../../server/config.ts'
import { startServer } from './server.ts'

/** Two instances on one PostgreSQL schema, with `env` and `limits` on both. */
export async function startPair(env: Record<string, string> = {}, extra: Partial<Limits> = {}) {
  const limits = { publicPerIp: 10_000, ...extra }
  const a = await startServer({ env, limits })
  // B reads A's blobs: on S3 the same bucket, on disk the same data directory.
  const s3 = a.config.s3
  const store = s3
    ? {
        BLOB_STORE: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint!,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
        S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
      }
    : {}
  const b = await startServer({
    env: { ...env, ...store },
    limits,
    schema: a.config.databaseSchema!,
    keepData: true,
    ...(s3 ? {} : { dataDir: a.dataDir }),
  })
  return {
    a,
    b,
    async close() {
      await b.close()
      if (b.dataDir !== a.dataDir) await rm(b.dataDir, { recursive: true, force: true })
      await a.close()
    },
  }
}
