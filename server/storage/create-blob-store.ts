import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createFsStore } from './fs-store.ts'

/** The S3 SDK (~25 MB of memory) is loaded only when the server is configured for S3 (s3-store imports it lazily). */
export async function createBlobStore(config: Pick<Config, 'blobStore' | 's3' | 'dataDir'>): Promise<BlobStore> {
  if (config.blobStore === 's3' && config.s3) return (await import('./s3-store.ts')).createS3Store(config.s3)
  return createFsStore(config.dataDir)
}
