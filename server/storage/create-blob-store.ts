import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createFsStore } from './fs-store.ts'
import { createS3Store } from './s3-store.ts'

export function createBlobStore(config: Pick<Config, 'blobStore' | 's3' | 'dataDir'>): BlobStore {
  return config.blobStore === 's3' && config.s3 ? createS3Store(config.s3) : createFsStore(config.dataDir)
}
