// WebDAV's writes, each through the drive's own rules: PUT streams into the vault under a quota
// reservation and commits like an upload (or gives an existing file new bytes), MKCOL is a new
// folder, DELETE trashes, MOVE is the tree's move and rename, COPY copies bytes and rows.
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import type { Limits } from '../../config.ts'
import type { FileRow, Folder } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DavFile, DavFolder } from '../../repositories/dav.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import { folderDepth } from '../../repositories/folders.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { StoredBlob } from '../../storage/blob-store.ts'
import type { Vault } from '../../storage/vault.ts'
import { mimeFor } from '../../util/mime.ts'
import { checkDepth, checkName } from '../../util/names.ts'
import type { QuotaService, Reservation } from '../drive/quota.ts'
import { folderRow, type TreeService } from '../drive/tree.ts'
import { fileRow } from '../drive/uploads.ts'
import type { VersionService } from '../drive/versions.ts'
import { createDavPaths, type Resolved } from './paths.ts'

/** A stream of unknown length grows its reservation by this much at a time. */
const GROW_STEP = 8 << 20
/** Children read per query when a folder is copied. */
const PAGE = 500

/** 405: its Allow header, naming what works on the resource, is added by routes/dav/methods.ts (allowedAt). */

/** A name the app shows as it was sent: checkName's rules, and nothing it would trim. */
export function strictName(raw: string, what: string): string {
  const name = checkName(raw, what)
  if (name !== raw) throw errors.badRequest(`${what} must not start or end with spaces`)
  return name
}

/** Passes bytes on, holding quota for them first once they go past what is reserved. */
class QuotaMeter extends Transform {
  private seen = 0
  constructor(
    private readonly quota: Pick<QuotaService, 'grow'>,
    private readonly reservation: Reservation,
  ) {
    super({ highWaterMark: 1 << 20 })
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length
    if (this.seen <= this.reservation.bytes) return done(null, chunk)
    const more = Math.max(GROW_STEP, this.seen - this.reservation.bytes)
    this.quota.grow(this.reservation, more).then(() => done(null, chunk), done)
  }
}

export interface WriteDeps {
  repo: DriveRepository
  tree: TreeService
  vault: Vault
  janitor: BlobJanitor
  quota: Pick<QuotaService, 'reserve' | 'grow' | 'settleIn' | 'release'>
  /** A PUT over a file keeps what it held as a version. */
  versions: Pick<VersionService, 'replaceIn'>
  maxUploadBytes: number | undefined
  limits: Pick<Limits, 'maxFolderDepth' | 'maxFilesPerUpload' | 'maxFoldersPerUpload'>
  /** A file row committed: the thumbnail queue is woken. */
  onStored?: (file: FileRow) => void
  now?: () => number
}

type Item = { type: 'file' | 'folder'; id: string }
const itemOf = (r: Pick<Resolved, 'resource'>): Item | undefined =>
  r.resource?.kind === 'file'
    ? { type: 'file', id: r.resource.file.id }
    : r.resource?.kind === 'folder'
      ? { type: 'folder', id: r.resource.folder.id }
      : undefined

export function createDavWrites(deps: WriteDeps) {
  const { repo, tree, vault, janitor, quota, limits } = deps
  const now = deps.now ?? Date.now

  /** Streams `source` into a new blob whose key the outbox holds; `written` gets the key. */
  async function store(source: Readable, written: string[]): Promise<StoredBlob> {
    const key = await janitor.takeKey()
    written.push(key)
    return vault.put(source, { key, ...(deps.maxUploadBytes !== undefined ? { maxBytes: deps.maxUploadBytes } : {}) })
  }

  /** The parent folder as it stands in `trx`: still there and not trashed, or 409. */
  async function liveParent(trx: DriveTransaction, owner: string, parentId: string | null): Promise<Folder | null> {
    if (parentId === null) return null
    const folder = await trx.folders.folder(owner, parentId)
    if (!folder || folder.trashed) throw errors.davNoParent()
    return folder
  }

  /**
   * What is at `name` in `parentId` now, in `trx`, under the owner's naming lock: the path was
   * resolved before the request's body arrived, and another request (a client's retry, a second
   * instance) may have made something there since. Resolved by the same rule as every path.
   */
  async function atNameNow(trx: DriveTransaction, owner: string, parentId: string | null, name: string) {
    await trx.folders.lockNaming(owner)
    return createDavPaths(trx.dav).child(owner, parentId, name)
  }

  /**
   * What a COPY or MOVE to `dest` overwrites, found again in `trx` (after atNameNow's lock): the
   * destination was resolved before a copy's bytes were stored, and something may be there now
   * that was not then. Refused as the checks before were: 412 without Overwrite.
   */
  async function overwrittenNow(
    trx: DriveTransaction,
    owner: string,
    src: Resolved,
    dest: Resolved,
    overwrite: boolean,
  ): Promise<Item | undefined> {
    const item = itemOf({ resource: await atNameNow(trx, owner, dest.parent!.id, dest.name) })
    if (!item) return undefined
    if (item.id === itemOf(src)?.id) throw errors.davAlreadyAtDestination()
    if (!overwrite) throw errors.davNoOverwrite()
    return item
  }

  /** Checks the destination of a COPY or MOVE: its folder exists, it is not the source or inside it, Overwrite allows it. */
  function checkDestination(src: Resolved, dest: Resolved, overwrite: boolean) {
    if (!src.resource) throw errors.notFound()
    if (src.resource.kind === 'home') throw errors.davHome('move')
    if (dest.segments.length === 0) throw errors.davHome('replace')
    if (!dest.parent) throw errors.davNoParent()
    if (dest.path === src.path || (src.resource.kind === 'folder' && dest.path.startsWith(`${src.path}/`))) {
      throw errors.davSamePlace()
    }
    if (dest.resource && !overwrite) throw errors.davNoOverwrite()
  }

  return {
    /** PUT: a new file, or new bytes for the file at that path; true when it was created. */
    async put(
      owner: string,
      r: Resolved,
      source: Readable,
      o: {
        length: number | undefined
        contentType: string | undefined
        /** Only new bytes for this file: if it went meanwhile, 404 rather than a new file. */
        replaceOnly?: string | undefined
      },
      /** The member who puts it in the owner's shared folder (null: the owner). */
      addedBy: string | null = null,
    ): Promise<{ created: boolean; file: FileRow }> {
      if (r.resource && r.resource.kind !== 'file') throw errors.davPutOnFolder()
      if (!r.parent) throw errors.davNoParent()
      const name = strictName(r.name, 'File name')
      const parentId = r.parent.id
      if (deps.maxUploadBytes !== undefined && o.length !== undefined && o.length > deps.maxUploadBytes) {
        throw errors.fileTooLarge(deps.maxUploadBytes)
      }
      // A member writing into the owner's folder hears only that it is full, never her numbers.
      const reservation = await quota.reserve(owner, o.length ?? 0, undefined, addedBy !== null)
      const written: string[] = []
      try {
        const meter = new QuotaMeter(quota, reservation)
        // A refusal can come before the store has piped the meter anywhere: its error is kept
        // on the stream (and the store's pipeline sees it), never thrown as unhandled.
        meter.on('error', () => undefined)
        source.once('error', (err) => meter.destroy(err))
        const blob = await store(source.pipe(meter), written)
        const mime = mimeFor(name, o.contentType)
        const t = now()
        const { file, old, created } = await repo.transaction(async (trx) => {
          const parent = await liveParent(trx, owner, parentId)
          const there = await atNameNow(trx, owner, parentId, r.name)
          if (there?.kind === 'folder') throw errors.davPutOnFolder()
          if (o.replaceOnly !== undefined && (there?.kind !== 'file' || there.file.id !== o.replaceOnly))
            throw errors.notFound()
          const existing = there?.kind === 'file' ? await trx.files.file(owner, there.file.id) : undefined
          let file: FileRow
          let old: string[] = []
          if (existing) {
            old = await deps.versions.replaceIn(trx, existing, { blob, mime, at: t, addedBy })
            file = (await trx.files.file(owner, existing.id))!
          } else {
            file = fileRow(owner, parent?.id ?? null, name, mime, blob, t, addedBy)
            await trx.files.insertFile(file)
          }
          await janitor.settle(trx.outbox, [blob.key])
          await quota.settleIn(trx, reservation, blob.size)
          return { file, old, created: !existing }
        })
        written.length = 0
        await janitor.flush(old)
        deps.onStored?.(file)
        return { created, file }
      } catch (err) {
        await janitor.abandon(written)
        await quota.release(reservation)
        throw err
      }
    },

    /** MKCOL: a new folder (405 where something is, 409 without its parent). */
    async mkcol(owner: string, r: Resolved, addedBy: string | null = null): Promise<void> {
      if (r.resource) throw errors.davExists()
      if (!r.parent) throw errors.davNoParent()
      const name = strictName(r.name, 'Folder name')
      const parentId = r.parent.id ?? null
      // Clients make folders in parallel (rclone makes a parent once per file it puts there): the
      // path was free when it was resolved, so look again under the naming lock, and make it there.
      await repo.transaction(async (trx) => {
        if (await atNameNow(trx, owner, parentId, name)) throw errors.davExists()
        await tree.createFolder(owner, name, parentId ?? undefined, trx, addedBy)
      })
    },

    /** DELETE: to the trash, where the web app can restore it. */
    async remove(owner: string, r: Resolved): Promise<void> {
      const item = itemOf(r)
      if (r.resource?.kind === 'home') throw errors.davHome('delete')
      if (!item) throw errors.notFound()
      await (item.type === 'folder' ? tree.trashFolder(owner, item.id) : tree.trashFile(owner, item.id))
    },

    /** MOVE: the tree's move and rename in one transaction; what it overwrites goes to the trash. True when `dest` was new. */
    async move(owner: string, src: Resolved, dest: Resolved, overwrite: boolean): Promise<boolean> {
      checkDestination(src, dest, overwrite)
      const name = strictName(dest.name, src.resource!.kind === 'folder' ? 'Folder name' : 'File name')
      const replaced = await tree.relocate(owner, itemOf(src)!, dest.parent!.id, name, (trx) =>
        overwrittenNow(trx, owner, src, dest, overwrite),
      )
      return !replaced
    },

    /** COPY: the file's bytes copied into a new blob, or the folder (Depth 0: alone) with everything below it. */
    async copy(
      owner: string,
      src: Resolved,
      dest: Resolved,
      overwrite: boolean,
      depth: '0' | 'infinity',
      addedBy: string | null = null,
    ): Promise<boolean> {
      checkDestination(src, dest, overwrite)
      const name = strictName(dest.name, src.resource!.kind === 'folder' ? 'Folder name' : 'File name')
      const files: Array<{ from: DavFile; folder: string | null }> = []
      const folders: Array<{ from: DavFolder; parent: string | null }> = []
      if (src.resource!.kind === 'file') files.push({ from: src.resource!.file, folder: null })
      else {
        const top = (src.resource as { folder: DavFolder }).folder
        folders.push({ from: top, parent: null })
        if (depth === 'infinity') await collect(owner, top, folders, files)
      }
      const height = folders.reduce(
        (h, f) => Math.max(h, folderDepth(f.from) - folderDepth(folders[0]?.from ?? { ancestors: '/' })),
        0,
      )
      const bytes = files.reduce((sum, f) => sum + f.from.size, 0)
      const reservation = await quota.reserve(owner, bytes, undefined, addedBy !== null)
      const written: string[] = []
      try {
        const blobs: StoredBlob[] = []
        for (const f of files) {
          const full = await repo.files.file(owner, f.from.id)
          if (!full) throw errors.treeChanged('copied')
          blobs.push(await store(await vault.open(full), written))
        }
        const made: FileRow[] = []
        const replaced = await repo.transaction(async (trx) => {
          const replacing = await overwrittenNow(trx, owner, src, dest, overwrite)
          if (replacing) await tree.trashIn(trx, owner, replacing)
          const base = await liveParent(trx, owner, dest.parent!.id)
          checkDepth((base ? folderDepth(base) : 0) + (folders.length ? height + 1 : 0), limits.maxFolderDepth)
          const t = now()
          const newFolder = new Map<string, Folder>()
          for (const f of folders) {
            const parent = f.parent === null ? base : newFolder.get(f.parent)!
            const row = folderRow(owner, parent, f.parent === null ? name : f.from.name, t, addedBy)
            await trx.folders.insertFolder(row)
            await trx.dav.copyProperties(owner, f.from.id, row.id)
            newFolder.set(f.from.id, row)
          }
          for (const [i, f] of files.entries()) {
            // A file copied alone goes into the destination folder; one of a tree, into its copied folder.
            const folder = f.folder === null ? base : newFolder.get(f.folder)!
            const row = fileRow(
              owner,
              folder?.id ?? null,
              folders.length === 0 ? name : f.from.filename,
              f.from.mime,
              blobs[i]!,
              t,
              addedBy,
            )
            await trx.files.insertFile(row)
            await trx.dav.copyProperties(owner, f.from.id, row.id)
            made.push(row)
          }
          await janitor.settle(trx.outbox, written)
          await quota.settleIn(trx, reservation, bytes)
          return replacing
        })
        written.length = 0
        made.forEach((f) => deps.onStored?.(f))
        return !replaced
      } catch (err) {
        await janitor.abandon(written)
        await quota.release(reservation)
        throw err
      }
    },
  }

  /** Everything below `top`, level by level, a page at a time, within the upload limits. */
  async function collect(
    owner: string,
    top: DavFolder,
    folders: Array<{ from: DavFolder; parent: string | null }>,
    files: Array<{ from: DavFile; folder: string | null }>,
  ) {
    const tooMany = () => errors.davCopyTooLarge(limits.maxFoldersPerUpload, limits.maxFilesPerUpload)
    for (let i = 0; i < folders.length; i++) {
      const at = folders[i]!.from
      for (
        let after: DavFolder | undefined, page: DavFolder[];
        (page = await repo.dav.folderPage(owner, at.id, after && { nameKey: after.name_key, id: after.id }, PAGE))
          .length;
        after = page.at(-1)
      ) {
        for (const f of page) folders.push({ from: f, parent: at.id })
        if (folders.length > limits.maxFoldersPerUpload) throw tooMany()
        if (page.length < PAGE) break
      }
      for (
        let after: DavFile | undefined, page: DavFile[];
        (page = await repo.dav.filePage(owner, at.id, after && { nameKey: after.name_key, id: after.id }, PAGE)).length;
        after = page.at(-1)
      ) {
        for (const f of page) files.push({ from: f, folder: at.id })
        if (files.length > limits.maxFilesPerUpload) throw tooMany()
        if (page.length < PAGE) break
      }
    }
  }
}
export type DavWrites = ReturnType<typeof createDavWrites>
