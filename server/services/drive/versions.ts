// File versions (DESIGN.md §8 "Versions"): writing over a file keeps what it held. A version holds
// the old blob by key, so a replace or a restore moves keys between rows and copies no bytes; the
// thumbnail and preview of the old content go (the queue makes the new content's). Retention
// thins them as housekeeping runs: every version of the last day, one a day for 30 days, one a
// week after, at most `max` per file; never one that stopped being current less than a day ago.
import type { FileRow, FileVersion } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import type { ContentColumns } from '../../repositories/files.ts'
import type { KeptVersion } from '../../repositories/versions.ts'
import type { VersionJson } from '../../schemas/versions.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { StoredBlob } from '../../storage/blob-store.ts'
import type { Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { isThumbnailable, isVideoType } from '../../util/mime.ts'
import type { Access, Reach } from './access.ts'
import { blobEtag, type BlobDownload } from './downloads.ts'
import type { ItemPeopleService } from './item-people.ts'

const DAY = 86_400_000
// SQLite answers synchronously: without a turn of the event loop between chunks, a pass of
// resolved promises would hold every request until it ends.
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve))
/** Files whose versions one candidates query groups: ~10k versions, a few ms of the connection. */
const SCAN = 1000

/** New bytes for a file. */
export interface NewContent {
  blob: StoredBlob
  mime: string
  at: number
  /** Who uploaded it, when not the owner. */
  addedBy: string | null
}

export interface VersionDeps {
  repo: DriveRepository
  janitor: BlobJanitor
  vault: Vault
  access: Pick<Access, 'file'>
  /** Who added each version, by name. */
  people: Pick<ItemPeopleService, 'of'>
  /** VERSIONS=off: a replace keeps nothing, and the pass removes what was kept (after its day). */
  enabled: boolean
  /** VERSIONS_MAX: versions kept per file. */
  max: number
  /** Called after a file's content changed (the thumbnail queue). */
  onStored?: (file: FileRow) => void
  now?: () => number
}

/**
 * Which of a file's versions (newest content first) retention removes at `now`: the newest of
 * each day for 30 days and of each week after, at most `max`; any version replaced within the
 * last day stays whatever the rules say, and with `enabled` off nothing else does.
 */
export function versionsToDrop(
  versions: ReadonlyArray<Pick<KeptVersion, 'id' | 'created_at' | 'replaced_at'>>,
  now: number,
  max: number,
  enabled = true,
): string[] {
  const young = (v: (typeof versions)[number]) => now - v.replaced_at < DAY
  const seen = new Set<string>()
  const kept: string[] = []
  const drop: string[] = []
  for (const v of versions) {
    const age = now - v.created_at
    const bucket =
      age < DAY ? `v:${v.id}` : age < 30 * DAY ? `d:${Math.floor(age / DAY)}` : `w:${Math.floor(age / (7 * DAY))}`
    const keep = young(v) || (enabled && !seen.has(bucket) && kept.length < max)
    seen.add(bucket)
    if (keep) kept.push(v.id)
    else drop.push(v.id)
  }
  return drop
}

export function createVersionService(deps: VersionDeps) {
  const { repo, janitor, vault } = deps
  const now = deps.now ?? Date.now

  /** The keys derived from a content: its thumbnail and full-size preview. */
  const derivedKeys = (f: FileRow) => [f.thumbnail_key, f.preview_key].filter((k): k is string => !!k)

  /**
   * In the caller's transaction: `file` (its row as read in `trx`) gets `content`, and what it held
   * becomes a version (or, with versions off, is condemned). Returns the keys to flush once the
   * transaction committed.
   */
  async function replaceIn(trx: DriveTransaction, file: FileRow, content: NewContent): Promise<string[]> {
    const gone = derivedKeys(file)
    if (deps.enabled) await trx.versions.insert(versionOf(file, content.at))
    else gone.push(file.blob_key)
    const { blob } = content
    await trx.files.replaceContent(
      file.owner_id,
      file.id,
      columnsOf(
        { blob_key: blob.key, size: blob.size, sha256: blob.sha256, enc: blob.enc ?? null, mime: content.mime },
        content.at,
        content.addedBy,
      ),
    )
    await janitor.condemn(trx.outbox, gone)
    return gone
  }

  /** A file row's columns for a content, uploaded at `at` by `addedBy`. */
  const columnsOf = (
    c: Pick<FileRow, 'blob_key' | 'size' | 'sha256' | 'enc' | 'mime'>,
    at: number,
    addedBy: string | null,
  ): ContentColumns => ({
    blob_key: c.blob_key,
    size: c.size,
    sha256: c.sha256,
    enc: c.enc,
    mime: c.mime,
    upload_date: at,
    is_video: isVideoType(c.mime) ? 1 : 0,
    media: isVideoType(c.mime) ? 1 : 0,
    thumb_state: isThumbnailable(c.mime) ? 'pending' : 'none',
    added_by: addedBy,
  })

  const versionOf = (file: FileRow, at: number): FileVersion => ({
    id: randomId(),
    file_id: file.id,
    owner_id: file.owner_id,
    blob_key: file.blob_key,
    size: file.size,
    sha256: file.sha256,
    enc: file.enc,
    mime: file.mime,
    created_at: file.upload_date,
    replaced_at: at,
    added_by: file.added_by,
  })

  async function mustVersion(owner: string, fileId: string, id: string, trx: Pick<DriveRepository, 'versions'> = repo) {
    return (await trx.versions.one(owner, fileId, id)) ?? Promise.reject(errors.notFound('Version'))
  }

  return {
    replaceIn,

    /** GET …/versions: anyone who may open the file. */
    async list(caller: string, fileId: string): Promise<VersionJson[]> {
      const reach = await deps.access.file(caller, fileId, 'view')
      const rows = await repo.versions.list(reach.ownerId, fileId)
      const people = await deps.people.of(reach, rows)
      return rows.map((v) => ({
        _id: v.id,
        size: v.size,
        createdAt: new Date(v.created_at).toISOString(),
        addedBy: people(v).addedBy ?? null,
        sha256: v.sha256,
      }))
    },

    /** GET …/versions/{vid}/download: the old bytes, as an attachment under the file's name. */
    async download(caller: string, fileId: string, id: string): Promise<BlobDownload> {
      const reach = await deps.access.file(caller, fileId, 'view')
      const file = await repo.files.file(reach.ownerId, fileId)
      if (!file) throw errors.notFound('File')
      const v = await mustVersion(reach.ownerId, fileId, id)
      const options = {
        size: v.size,
        contentType: 'application/octet-stream',
        disposition: 'attachment',
        filename: file.filename,
        etag: blobEtag(v),
      } as const
      return { options, open: (range) => vault.open(v, range) }
    },

    /**
     * POST …/versions/{vid}/restore: the version's content becomes current again and the current
     * one a version, in one transaction; no bytes are copied. Owner and editors.
     */
    async restore(caller: string, fileId: string, id: string): Promise<{ row: FileRow; reach: Reach }> {
      const reach = await deps.access.file(caller, fileId, 'edit')
      const owner = reach.ownerId
      const { file, gone } = await repo.transaction(async (trx) => {
        // The lock every replace holds: a restore and a replace of one file go one after the other.
        await trx.folders.lockNaming(owner)
        const v = await mustVersion(owner, fileId, id, trx)
        const current = await trx.files.file(owner, fileId)
        if (!current) throw errors.notFound('File')
        await trx.versions.remove(owner, [v.id])
        // Kept even with versions off: it is what the restore undoes.
        const gone = derivedKeys(current)
        await trx.versions.insert(versionOf(current, now()))
        // The restored content keeps its own date and uploader: the file reads as it did then.
        await trx.files.replaceContent(owner, fileId, columnsOf(v, v.created_at, v.added_by))
        await janitor.condemn(trx.outbox, gone)
        return { file: (await trx.files.file(owner, fileId))!, gone }
      })
      await janitor.flush(gone)
      deps.onStored?.(file)
      return { row: file, reach }
    },

    /** DELETE …/versions/{vid}: its bytes go for good. Owner and editors. */
    async remove(caller: string, fileId: string, id: string): Promise<void> {
      const reach = await deps.access.file(caller, fileId, 'edit')
      const owner = reach.ownerId
      const key = await repo.transaction(async (trx) => {
        await trx.folders.lockNaming(owner)
        const v = await mustVersion(owner, fileId, id, trx)
        await trx.versions.remove(owner, [v.id])
        await janitor.condemn(trx.outbox, [v.blob_key])
        return v.blob_key
      })
      await janitor.flush([key])
    },

    /**
     * Housekeeping's pass: the files retention may thin, picked by the database `SCAN` files at a
     * time (each query short, so no request waits long behind one), then read `batch` at a time,
     * what they drop removed in one short transaction per owner in each batch. Returns how many
     * went.
     */
    async sweep(batch = 500): Promise<number> {
      const at = now()
      let removed = 0
      for (let after = ''; ;) {
        const upTo = await repo.versions.fileIdBound(after, SCAN)
        if (upTo === null) break
        const candidates = await repo.versions.candidates({
          now: at,
          max: deps.max,
          enabled: deps.enabled,
          range: { after, upTo },
        })
        for (let start = 0; start < candidates.length; start += batch) {
          removed += await thin(await repo.versions.ofFiles(candidates.slice(start, start + batch)), at)
          await yieldToRequests()
        }
        after = upTo
        await yieldToRequests()
      }
      return removed
    },
  }

  /** Drops what retention thins of these files' versions (by file, newest content first). */
  async function thin(rows: KeptVersion[], at: number): Promise<number> {
    const doomed = new Map<string, KeptVersion[]>()
    for (let i = 0; i < rows.length;) {
      let j = i
      while (j < rows.length && rows[j]!.file_id === rows[i]!.file_id) j++
      const file = rows.slice(i, j)
      const drop = new Set(versionsToDrop(file, at, deps.max, deps.enabled))
      for (const v of file) if (drop.has(v.id)) doomed.set(v.owner_id, [...(doomed.get(v.owner_id) ?? []), v])
      i = j
    }
    let removed = 0
    for (const list of doomed.values()) removed += await dropVersions(list)
    return removed
  }

  /** Removes one owner's versions and condemns their blobs in one transaction, then deletes the blobs. */
  async function dropVersions(doomed: KeptVersion[]): Promise<number> {
    const owner = doomed[0]!.owner_id
    const keys = doomed.map((v) => v.blob_key)
    const n = await repo.transaction(async (trx) => {
      let n = 0
      for (let i = 0; i < doomed.length; i += 500)
        n += await trx.versions.remove(
          owner,
          doomed.slice(i, i + 500).map((v) => v.id),
        )
      await janitor.condemn(trx.outbox, keys)
      return n
    })
    await janitor.flush(keys)
    return n
  }
}
export type VersionService = ReturnType<typeof createVersionService>
