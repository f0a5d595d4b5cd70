// Opens a file's bytes (or a range of them) from the store. Encryption at rest plugs in here,
// so routes never care how a blob is kept.
import type { FileRow } from '../db/schema.ts'
import type { BlobStore, ByteRange } from '../storage/blob-store.ts'
import type { Readable } from 'node:stream'

export interface BlobReader {
  open(file: Pick<FileRow, 'blob_key' | 'size' | 'enc'>, range?: ByteRange): Promise<Readable>
}

export function createBlobReader(store: BlobStore): BlobReader {
  return { open: (file, range) => store.get(file.blob_key, range) }
}
