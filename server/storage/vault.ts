// The one way in and out of the blob store for file contents: plain, or encrypted at rest when
// ENCRYPTION_KEY is set. Routes and services never care which.
import { pipeline, Readable } from 'node:stream'
import type { SettingsRepository } from '../repositories/settings.ts'
import { errors } from '../errors.ts'
import { type BlobStore, type ByteRange, Meter, type PutOptions, type StoredBlob } from './blob-store.ts'
import {
  CipherError,
  createDecryptStream,
  createEncryptStream,
  makeKeyCheck,
  newFileKey,
  storedRange,
  unwrapFileKey,
  verifyKeyCheck,
} from './cipher.ts'

export interface SealedBlob {
  blob_key: string
  /** Plaintext size. */
  size: number
  enc: string | null
}

export interface Vault {
  readonly encrypted: boolean
  put(source: Readable, options: PutOptions): Promise<StoredBlob>
  /** The plaintext bytes of a blob, or of one range of them. */
  open(blob: SealedBlob, range?: ByteRange): Promise<Readable>
}

export function createPlainVault(store: BlobStore): Vault {
  return {
    encrypted: false,
    put: (source, options) => store.put(source, options),
    open: (blob, range) => store.get(blob.blob_key, range),
  }
}

/**
 * Encryption at rest: a fresh data key per blob, wrapped by ENCRYPTION_KEY and kept in the row
 * (`enc`); chunked AES-256-GCM, so a range read fetches and decrypts only the chunks it needs.
 * Blobs written before encryption was turned on (enc = null) are still read as they are.
 */
export function createEncryptedVault(store: BlobStore, master: Buffer): Vault {
  return {
    encrypted: true,
    async put(source, options) {
      const { dataKey, enc } = newFileKey(master)
      // Size, hash and the upload limit are about the user's bytes, so measure before sealing.
      const meter = new Meter(options.maxBytes)
      const sealed = pipeline(source, meter, createEncryptStream(dataKey, enc), () => undefined)
      const stored = await store.put(sealed, { key: options.key })
      return { key: stored.key, size: meter.size, sha256: meter.digest(), enc }
    },
    async open(blob, range) {
      if (!blob.enc) return store.get(blob.blob_key, range)
      const raw = await store.get(blob.blob_key, range ? storedRange(range, blob.size, blob.enc) : undefined)
      const plain = createDecryptStream(unwrapFileKey(master, blob.enc), blob.enc, { plainSize: blob.size, ...(range ? { range } : {}) })
      raw.on('error', (err) => plain.destroy(err))
      return primed(raw.pipe(plain))
    },
  }
}

/**
 * Waits for the first chunk before handing the stream over, so a blob that fails its integrity
 * check at the start is refused with an error status instead of a broken 200.
 */
async function primed(stream: Readable): Promise<Readable> {
  const it = stream[Symbol.asyncIterator]()
  let first: IteratorResult<Buffer>
  try {
    first = await it.next()
  } catch (err) {
    throw err instanceof CipherError ? errors.integrity() : err
  }
  return Readable.from(
    (async function* () {
      if (!first.done) yield first.value
      for (let next = await it.next(); !next.done; next = await it.next()) yield next.value
    })(),
    { objectMode: false },
  )
}

/** Refuses to start with a key that does not match the data, or without one when it is needed. */
export async function checkEncryptionKey(settings: SettingsRepository, master: Buffer | undefined): Promise<void> {
  const check = await settings.get('encryption-check')
  if (master) {
    if (check === undefined) await settings.insert('encryption-check', makeKeyCheck(master))
    else if (!verifyKeyCheck(master, check)) {
      throw new Error('ENCRYPTION_KEY does not match the key this data was encrypted with: start with the original key')
    }
  } else if (check !== undefined) {
    throw new Error('ENCRYPTION_KEY is not set, but files in this data are encrypted: set the key they were encrypted with')
  }
}
