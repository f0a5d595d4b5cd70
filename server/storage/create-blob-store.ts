import type { Config } from '../config.ts'
import type { BlobStore } from './blob-store.ts'
import { createFsStore } from './fs-store.ts'

/** The S3 SDK (~25 MB of memory) is loaded only when the server is configured for S3 (s3-store imports it lazily). */
/**
 * `beforePublish`: awaited before a blob becomes visible under its key (see FsStoreOptions). On S3
 * an object appears when its upload completes, inside the SDK: there it is awaited before the upload starts.
 */
export async function createBlobStore(
  config: Pick<Config, 'blobStore' | 's3' | 'dataDir'>,
  beforePublish?: (key: string) => Promise<void>,
): Promise<BlobStore> {
  if (config.blobStore === 's3' && config.s3) {
    const store = await (await import('./s3-store.ts')).createS3Store(config.s3)
    if (!beforePublish) return store
    return {
      ...store,
      put: async (source, options) => (await beforePublish(options.key), store.put(source, options)),
      staged(id) {
        const staged = store.staged(id)
        return { ...staged, commit: async (key) => (await beforePublish(key), staged.commit(key)) }
      },
    }
  }
  return createFsStore(config.dataDir, beforePublish ? { beforePublish } : {})
}
