// The one way in and out of the blob store for file contents: plain, or encrypted at rest when
// ENCRYPTION_KEY is set. Routes and services never care which.
import { pipeline, type Readable } from 'node:stream'
import type { SettingsRepository } from '../repositories/settings.ts'
import { errors } from '../errors.ts'
import {
  type AppendOptions,
  type BlobStore,
  type ByteRange,
  type PutOptions,
  Tally,
  type StagedBlob,
  type StoredBlob,
} from './blob-store.ts'
import { uploadLender } from './chunk-sealer.ts'
import { CipherError, chunkSizeFor, HEADER_SIZE, storedRange, storedSize, TAG_SIZE } from './cipher-format.ts'
import { makeKeyCheck, newFileKey, unwrapFileKey, verifyKeyCheck } from './cipher-keys.ts'
import { createDecryptStream, Decryptor } from './decryptor.ts'
import { createEncryptStream } from './encrypt-stream.ts'
import { openNote, sealNote, StagedEncryptStream } from './staged-encrypt.ts'
import { PlaintextStream } from './plaintext-stream.ts'

export interface SealedBlob {
  blob_key: string
  /** Plaintext size. */
  size: number
  enc: string | null
}

/** What a resumable upload keeps to find its bytes again. */
export interface StagedUpload {
  id: string
  /** Plaintext size of the whole file. */
  length: number
  /** The upload's `enc` (newUploadKey), null when stored plain. */
  enc: string | null
}

/** A resumable upload's bytes as the vault keeps them, counted in plaintext. */
export interface StagedPlaintext {
  /** Plaintext bytes kept so far (a torn end left by a crash is cut off first). */
  offset(): Promise<number>
  /**
   * Appends `source`, the plaintext from `offset` on (which must be offset()). Resolves with the
   * new offset once those bytes are durable; the caller passes a source that ends, not fails,
   * when its client goes away, so what arrived is kept.
   */
  append(source: Readable, offset: number, options?: AppendOptions): Promise<number>
  /** Makes what a deferred append kept durable (see AppendOptions). */
  sync(): Promise<void>
  /** The plaintext kept so far, from the start (hashing it again after a restart). */
  plain(): Promise<Readable>
  commit(key: string): Promise<void>
  discard(): Promise<void>
}

export interface Vault {
  readonly encrypted: boolean
  put(source: Readable, options: PutOptions): Promise<StoredBlob>
  /** The plaintext bytes of a blob, or of one range of them. */
  open(blob: SealedBlob, range?: ByteRange): Promise<Readable>
  /** A fresh `enc` for a new resumable upload (null when stored plain). */
  newUploadKey(): string | null
  staged(upload: StagedUpload): StagedPlaintext
}

/** Plain: the staged bytes are the plaintext. */
function plainStaged(staged: StagedBlob): StagedPlaintext {
  return {
    offset: () => staged.size(),
    append: (source, _offset, options) => staged.append(source, options),
    sync: () => staged.sync(),
    plain: () => staged.read(),
    commit: (key) => staged.commit(key),
    discard: () => staged.discard(),
  }
}

export function createPlainVault(store: BlobStore): Vault {
  return {
    encrypted: false,
    put: (source, options) => store.put(source, options),
    open: (blob, range) => store.get(blob.blob_key, range),
    newUploadKey: () => null,
    staged: (upload) => plainStaged(store.staged(upload.id)),
  }
}

/**
 * Encrypted: the staged bytes are the blob's stored layout up to the last chunk completed; the
 * plaintext of the chunk in progress is kept sealed in the staged note, tagged with its chunk
 * index, so a piece may end anywhere and the next one continues the same chunk. `lends`: the
 * store gives lent buffers back (BlobStore.takesLoans), so sealed chunks are lent (loans.ts).
 */
function encryptedStaged(
  staged: StagedBlob,
  master: Buffer,
  upload: StagedUpload & { enc: string },
  lends: boolean,
): StagedPlaintext {
  const dataKey = unwrapFileKey(master, upload.enc)
  const cs = chunkSizeFor(upload.enc)
  const frame = cs + TAG_SIZE
  const complete = storedSize(upload.length, upload.enc)

  /**
   * Chunks sealed and kept, and the note's plaintext when it continues the last of them. Only a
   * writer (holding the upload's lease) may `repair`: cut a torn chunk a crash left at the end. A
   * reader (HEAD) may meet an append in progress and counts whole chunks only.
   */
  async function position(repair: boolean): Promise<{ chunks: number; held: Buffer }> {
    const size = await staged.size()
    if (size === complete) return { chunks: Math.ceil(upload.length / cs) || 1, held: Buffer.alloc(0) }
    if (size < HEADER_SIZE) {
      if (size > 0 && repair) await staged.truncate(0)
      return { chunks: 0, held: Buffer.alloc(0) }
    }
    const chunks = Math.floor((size - HEADER_SIZE) / frame)
    if (size !== HEADER_SIZE + chunks * frame && repair) await staged.truncate(HEADER_SIZE + chunks * frame)
    const note = await staged.readNote()
    // A note written before the chunks after it were kept (a crash in between) is stale.
    const rest = note ? openNote(dataKey, note) : undefined
    return { chunks, held: rest && rest.index === chunks ? rest.plain : Buffer.alloc(0) }
  }

  return {
    async offset() {
      const { chunks, held } = await position(false)
      return Math.min(upload.length, chunks * cs + held.length)
    },
    async append(source, offset) {
      const { chunks, held } = await position(true)
      if (offset !== Math.min(upload.length, chunks * cs + held.length))
        throw new Error('staged append at the wrong offset')
      const lender = lends ? uploadLender() : undefined
      const sealing = new StagedEncryptStream(
        dataKey,
        upload.enc,
        { plainSize: upload.length, index: chunks, held },
        lender,
      )
      const done = staged.append(sealing)
      source.pipe(sealing)
      source.once('error', (err) => sealing.destroy(err))
      // The append has settled: nothing touches what was lent any more.
      await done.finally(() => lender?.close())
      const rest = sealing.rest()
      // Only once the chunks before it are durable: a note ahead of its chunks would be read as theirs.
      await staged.writeNote(rest.length > 0 ? sealNote(dataKey, sealing.chunkIndex, rest) : undefined)
      return Math.min(upload.length, sealing.chunkIndex * cs + rest.length)
    },
    async plain() {
      const raw = await staged.read()
      const plain = createDecryptStream(dataKey, upload.enc, { plainSize: upload.length })
      raw.on('error', (err) => plain.destroy(err))
      return raw.pipe(plain)
    },
    commit: (key) => staged.commit(key),
    // Appends here always sync: the note written after the chunks must not outrun them.
    sync: () => Promise.resolve(),
    discard: () => staged.discard(),
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
      // Size, hash and the upload limit are about the user's bytes, so they are taken before sealing.
      const tally = new Tally(options.maxBytes)
      const lender = store.takesLoans ? uploadLender() : undefined
      const sealed = pipeline(source, createEncryptStream(dataKey, enc, tally, lender), () => undefined)
      // Once the put has settled, nothing touches what was lent any more.
      const stored = await store.put(sealed, { key: options.key, digest: false }).finally(() => lender?.close())
      return { key: stored.key, size: tally.size, sha256: tally.digest(), enc }
    },
    newUploadKey: () => newFileKey(master).enc,
    staged: (upload) =>
      upload.enc
        ? encryptedStaged(store.staged(upload.id), master, { ...upload, enc: upload.enc }, store.takesLoans === true)
        : plainStaged(store.staged(upload.id)),
    async open(blob, range) {
      if (!blob.enc) return store.get(blob.blob_key, range)
      const decryptor = new Decryptor(unwrapFileKey(master, blob.enc), blob.enc, {
        plainSize: blob.size,
        ...(range ? { range } : {}),
      })
      const raw = await store.get(blob.blob_key, range ? storedRange(range, blob.size, blob.enc) : undefined)
      // Waits for the first chunk, so a blob that fails its integrity check at the start is
      // refused with an error status instead of a broken 200.
      return PlaintextStream.open(raw, decryptor).catch((err: unknown) => {
        throw err instanceof CipherError ? errors.integrity() : err
      })
    },
  }
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
    throw new Error(
      'ENCRYPTION_KEY is not set, but files in this data are encrypted: set the key they were encrypted with',
    )
  }
}
