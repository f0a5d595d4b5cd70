// Resumable uploads (tus 1.0.0, DESIGN.md §7): an upload is created with its length and metadata,
// its bytes arrive in any number of PATCHes (each kept and durable before it is acknowledged, a
// cut one keeping what arrived), and it becomes a file only once its last byte is durable. The
// protocol's headers are the route's business (routes/resumable-uploads.ts): this takes their
// values, and each piece as a stream, and holds the rules.
import { createHash, type Hash } from 'node:crypto'
import { finished, PassThrough, type Readable } from 'node:stream'
import type { Limits } from '../../config.ts'
import type { FileRow, Folder, UploadConflict, UploadRow } from '../../db/schema.ts'
import { AppError, errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import { folderDepth } from '../../repositories/folders.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { StagedPlaintext, Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { mimeFor } from '../../util/mime.ts'
import { checkDepth, checkName, checkPathLength, splitRelativePath } from '../../util/names.ts'
import { folderRow, type TreeService } from './tree.ts'
import { fileRow } from './uploads.ts'
import type { QuotaService } from './quota.ts'
import type { Access } from './access.ts'
import type { MemberActivity } from './member-activity.ts'
import { parseConflict, placeNew } from './name-conflicts.ts'
import type { VersionService } from './versions.ts'

export interface ResumableDeps {
  repo: DriveRepository
  vault: Vault
  janitor: BlobJanitor
  tree: TreeService
  maxUploadBytes: number | undefined
  limits: Pick<Limits, 'maxFolderDepth' | 'maxPathLength' | 'uploadLeaseMs'>
  /** How long an unfinished upload is kept after its last write. */
  expiryMs: number
  onStored?: (file: FileRow) => void
  /** Uploads through an upload link (services/sharing/file-requests.ts); without it, none are made. */
  linkUploads?: LinkUploadRules
  /**
   * The owner's storage quota (DESIGN §7): the upload's length is reserved with its row (507 when
   * it does not fit, before any byte is kept), under the upload's id; the reservation ends in the
   * transaction that makes the file, or when the upload goes unfinished.
   */
  quota?: Pick<QuotaService, 'hold' | 'releaseIn' | 'releaseId' | 'extend'>
  /**
   * Where a signed-in caller may put an upload: their own folders, or one shared with them as
   * editor (the upload is then the folder owner's, added by the caller). Asked at creation and
   * again on every request about a member's upload.
   */
  access: Pick<Access, 'parent'>
  /** A member's finished uploads, in the owner's activity log. */
  activity?: Pick<MemberActivity, 'uploaded'>
  /** An upload with conflict "replace" keeps what the file held as a version. */
  versions: Pick<VersionService, 'replaceIn'>
  now?: () => number
}

/**
 * Where a new upload goes, as the way in decides it once length and metadata are read: the
 * owner's own route, or an upload link (which may reserve bytes of its total in the insert).
 */
export interface UploadTarget {
  owner: string
  /** The upload link it comes through; null = the owner's own upload. */
  linkId: string | null
  parentId: string | null
  relativePath: string | null
  /** The member uploading into the owner's shared folder (absent: the owner). */
  addedBy?: string | null
  /** What it does when the name is taken (the owner's route; an upload link places its own). */
  conflict?: UploadConflict
  /** Runs in the transaction that inserts the row. */
  reserve?: (trx: DriveTransaction, length: number) => Promise<void>
}
export type AdmitUpload = (length: number, meta: Map<string, string>) => Promise<UploadTarget>

/** What an upload through an upload link needs beyond the owner's own (services/sharing/file-requests.ts). */
export interface LinkUploadRules {
  /** In the transaction that makes the file: the folder and the name it gets (404 ends the upload). */
  place(trx: DriveTransaction, row: UploadRow): Promise<{ folderId: string; name: string }>
  /** An unfinished upload went (terminated, expired, refused): gives back what its creation reserved. */
  release(row: UploadRow): Promise<void>
  /** The file it made is committed. */
  stored?(row: UploadRow, file: FileRow): void
}

/** What a creating POST carries: the upload's length and metadata, and whether its body is the first piece. */
export interface CreateInput {
  length: number
  /** Upload-Metadata's pairs, decoded. */
  meta: Map<string, string>
  withBody?: boolean
  /** The body is the whole file (its Content-Length is the Upload-Length). */
  whole?: boolean
}

/**
 * A creating POST that carries a whole file of at most this many bytes never gets an upload row.
 * Its id is known to nobody until the reply (the Location comes with it), and that reply already
 * names the file (Cumulus-File-Id): a row would serve no HEAD, and no lease is needed. One cut
 * part-way could not be resumed by any client either, so its bytes are given up. A small file
 * then costs no upload row at all instead of an insert, a lease and two updates (4–5 pages of
 * the WAL per file; issue #18's many small files). Its Location answers 404 afterwards, as tus
 * allows for a finished upload. Larger ones keep their row from the start, as any upload.
 */
const SMALL_WHOLE_FILE = 1 << 20

/** How many of a link's unfinished uploads its owner's list shows (oldest first). */
const LINK_UPLOADS_SHOWN = 200

/**
 * The body (a request's, as it arrives) as a stream that ends, rather than fails, when the
 * client goes away, and stops at `room` bytes: what arrived is then kept like any other piece.
 * `seen` is told each chunk passed on, in order.
 */
function pieceOf(body: Readable, room: number, seen: (chunk: Buffer) => void) {
  const state = { pastLength: false, received: 0 }
  const out = new PassThrough({ highWaterMark: 1 << 20 })
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    body.off('data', onData)
    out.end()
  }
  const onData = (chunk: Buffer) => {
    if (state.received + chunk.length > room) {
      state.pastLength = true
      chunk = chunk.subarray(0, room - state.received)
    }
    state.received += chunk.length
    if (chunk.length > 0) {
      seen(chunk)
      if (!out.write(chunk)) body.pause()
    }
    if (state.pastLength) end()
  }
  out.on('drain', () => body.resume())
  body.on('data', onData)
  // Ended or cut, the piece is what arrived. finished() also answers for a request cut before
  // this ran (the client may go away while the PATCH waits for its lease): listening for 'close'
  // alone would wait forever.
  finished(body, end)
  return { source: out as Readable, state, stop: end }
}

export function createResumableUploads(deps: ResumableDeps) {
  const { repo, vault, janitor, tree, limits } = deps
  const now = deps.now ?? Date.now
  // An unfinished upload's reservation outlives the upload by a day: the sweep of expired uploads
  // ends it first; the reservation sweep only catches a process that died between the two.
  const quotaTtl = deps.expiryMs + 86_400_000
  /** Running hashes of the uploads this process is receiving, valid while `at` is their offset. */
  const hashes = new Map<string, { hash: Hash; at: number }>()

  /**
   * An upload through the way in `linkId` names: an upload link's, of the link owner; or (null)
   * the signed-in route's, of which `caller` is the uploader (the owner of their own, or the
   * member who added it to someone else's folder, whose right to write there is checked again).
   */
  async function mustUpload(caller: string, id: string, linkId: string | null = null): Promise<UploadRow> {
    const row =
      linkId === null ? await repo.uploads.byUploader(caller, id) : await repo.uploads.upload(caller, id, linkId)
    if (!row) throw errors.notFound('Upload')
    if (row.expires_at < now()) throw errors.uploadExpired()
    await stillAdmitted(row)
    return row
  }

  /**
   * A member's upload goes on only while they may still edit its folder: once the share ended (or
   * turned view-only) the upload can never finish, so it ends at once, as a termination would
   * (bytes, row, reservation), and the request is refused as the folder now is (404, or 403).
   */
  async function stillAdmitted(row: UploadRow): Promise<void> {
    if (!row.added_by || row.file_id) return
    try {
      const reach = await deps.access.parent(row.added_by, row.parent_id ?? undefined, 'edit')
      if (reach.ownerId !== row.owner_id) throw errors.notFound('Upload')
    } catch (err) {
      // A PATCH writing it right now holds the lease: its finish asks again and is refused, and
      // the expiry sweep takes what it leaves.
      await leased(row, async () => {
        // As it is now that this request holds it (another may have finished it meanwhile).
        const now = await repo.uploads.upload(row.owner_id, row.id)
        if (!now || now.file_id) return
        hashes.delete(row.id)
        await vault.staged(now).discard()
        await drop(now)
      }).catch(() => undefined)
      if (err instanceof AppError && err.statusCode === 403) throw err
      throw errors.notFound('Upload')
    }
  }

  /**
   * Rows a creating POST inserted holding the lease for its own body: nobody else knows the
   * upload yet, and taking the lease in the insert saves a commit (an fsync on SQLite) per file.
   */
  const leasedAtCreate = new WeakSet<UploadRow>()
  /** Rows a creating POST with a body made: nothing is staged for them yet, and no file made. */
  const createdHere = new WeakSet<UploadRow>()
  /** Rows this process made for an account without a quota: no reservation to end. */
  const unreserved = new WeakSet<UploadRow>()
  /** Rows of small whole-file POSTs, never inserted (SMALL_WHOLE_FILE). */
  const unsaved = new WeakSet<UploadRow>()

  /** Runs `fn` holding the upload's lease (423 while another request holds it). */
  async function leased<R>(row: UploadRow, fn: (hold: LeaseHold) => Promise<R>): Promise<R> {
    // A row not inserted yet has no lease to take, renew or give back.
    if (unsaved.has(row)) return fn({ lease: '', released: true })
    // Held for uploadLeaseMs and renewed while the PATCH streams, so a crashed holder's lapses.
    const leaseMs = limits.uploadLeaseMs
    const held = leasedAtCreate.has(row) && row.lease !== null
    leasedAtCreate.delete(row)
    const hold: LeaseHold = { lease: held ? row.lease! : randomId(), released: false }
    if (!held && !(await repo.uploads.lease(row.owner_id, row.id, hold.lease, now(), now() + leaseMs)))
      throw errors.uploadLocked()
    const renewing = setInterval(
      () => void repo.uploads.renew(row.id, hold.lease, now() + leaseMs).catch(() => undefined),
      leaseMs / 3,
    )
    try {
      return await fn(hold)
    } finally {
      clearInterval(renewing)
      // Also for a finished upload: its row stays (HEAD names the file) until it expires. A
      // finished upload gave the lease back in the transaction that made the file.
      if (!hold.released) await repo.uploads.release(row.id, hold.lease, now() + deps.expiryMs)
    }
  }

  /** The folders of a folder upload's path below `base`, found by name or made, in `trx`. */
  async function foldersFor(
    trx: DriveTransaction,
    owner: string,
    base: Folder | null,
    names: string[],
    addedBy: string | null,
  ): Promise<Folder | null> {
    let up = base
    if (names.length > 0) await trx.folders.lockNaming(owner)
    for (const name of names) {
      let folder = await trx.folders.childNamed(owner, up?.id ?? null, name)
      if (!folder) {
        folder = folderRow(owner, up, name, now(), addedBy)
        await trx.folders.insertFolder(folder)
      }
      up = folder
    }
    return up
  }

  /** The sha256 of everything staged: the running hash when it covers it, else read back. */
  async function digestOf(row: UploadRow, staged: StagedPlaintext): Promise<string> {
    const running = hashes.get(row.id)
    hashes.delete(row.id)
    if (running && running.at === row.length) return running.hash.digest('hex')
    const hash = createHash('sha256')
    for await (const chunk of await staged.plain()) hash.update(chunk as Buffer)
    return hash.digest('hex')
  }

  /** The last byte is durable: the staged bytes become a blob, and the blob a file. */
  async function finish(row: UploadRow, staged: StagedPlaintext, hold: LeaseHold): Promise<FileRow> {
    const sha256 = await digestOf(row, staged)
    // Reserved ahead and durable already: the staged bytes may take their final name at once.
    const key = await janitor.takeKey()
    try {
      await staged.commit(key)
      // A member's share may have ended while the last piece arrived.
      if (row.added_by) await deps.access.parent(row.added_by, row.parent_id ?? undefined, 'edit')
      let into: string | undefined
      let gone: string[] = []
      const file = await repo.transaction(async (trx) => {
        const place = row.link_id ? await linkRules().place(trx, row) : await ownPlace(trx, row)
        const { folderId } = place
        into = 'into' in place ? place.into : undefined
        const blob = { key, size: row.length, sha256, ...(row.enc ? { enc: row.enc } : {}) }
        const addedBy = row.link_id ? null : row.added_by
        // An upload link names its files itself; the owner's route settles a clash as it was asked.
        const placed = row.link_id
          ? { name: place.name }
          : await placeNew(trx, row.owner_id, folderId, place.name, row.conflict)
        const mime = row.mime ?? mimeFor(placed.name, undefined)
        let stored: FileRow
        if (placed.replace) {
          gone = await deps.versions.replaceIn(trx, placed.replace, { blob, mime, at: now(), addedBy })
          stored = (await trx.files.file(row.owner_id, placed.replace.id))!
        } else {
          stored = fileRow(row.owner_id, folderId, placed.name, mime, blob, now(), addedBy)
          await trx.files.insertFile(stored)
        }
        // The file's bytes now count as used (triggers): its reservation ends in the same commit.
        if (!unreserved.has(row)) await deps.quota?.releaseIn(trx, row.id)
        if (!unsaved.has(row)) {
          await trx.uploads.finished(row.id, stored.id)
          await trx.uploads.release(row.id, hold.lease, now() + deps.expiryMs)
        }
        await janitor.settle(trx.outbox, [key])
        return stored
      })
      hold.released = true
      await janitor.flush(gone)
      deps.onStored?.(file)
      if (row.link_id) deps.linkUploads?.stored?.(row, file)
      else if (row.added_by && into !== undefined)
        await deps.activity?.uploaded(
          { ownerId: row.owner_id, callerId: row.added_by },
          row.relative_path ?? file.filename,
          into,
        )
      return file
    } catch (err) {
      await janitor.abandon([key])
      // Refused for good (its folder is gone, too deep): the upload ends. Anything else may pass,
      // so the row stays for the client to try again.
      if (err instanceof AppError && err.statusCode < 500) await drop(row)
      // A row never inserted cannot be tried again: its bytes go now rather than at the sweep.
      else if (unsaved.has(row)) await Promise.all([staged.discard(), drop(row)]).catch(() => undefined)
      throw err
    }
  }

  function linkRules(): LinkUploadRules {
    if (!deps.linkUploads) throw errors.notFound('Upload')
    return deps.linkUploads
  }

  /**
   * An upload of the signed-in route: its folder (checked again now) and, for a folder upload, the
   * folders of its path (added by whoever added the upload); `into` names the folder.
   */
  async function ownPlace(
    trx: DriveTransaction,
    row: UploadRow,
  ): Promise<{ folderId: string | null; name: string; into?: string }> {
    const segments = row.relative_path ? splitRelativePath(row.relative_path) : []
    const parent = row.parent_id ? ((await trx.folders.folder(row.owner_id, row.parent_id)) ?? null) : null
    // The destination may have been trashed or removed while the bytes were arriving.
    if (row.parent_id && (!parent || parent.trashed)) throw errors.notFound('Folder')
    checkDepth((parent ? folderDepth(parent) : 0) + Math.max(0, segments.length - 1), limits.maxFolderDepth)
    const folder = await foldersFor(trx, row.owner_id, parent, segments.slice(0, -1), row.added_by)
    return {
      folderId: folder?.id ?? null,
      name: segments.at(-1) ?? row.filename,
      ...(parent ? { into: parent.name } : {}),
    }
  }

  /** 409 NAME_EXISTS when the file `segments` name below `base` is there already (its folders too). */
  async function refuseTaken(owner: string, base: Folder | null, segments: string[]): Promise<void> {
    let up = base
    for (const name of segments.slice(0, -1)) {
      up = (await repo.folders.childNamed(owner, up?.id ?? null, name)) ?? null
      if (!up) return
    }
    const name = segments.at(-1)!
    if ((await repo.files.named(owner, up?.id ?? null, name)).length > 0) throw errors.nameExists(name)
  }

  /** Removes an upload's row; an unfinished link upload gives its reserved bytes back. */
  async function drop(row: UploadRow): Promise<void> {
    await repo.uploads.remove(row.id)
    if (row.file_id) return
    await deps.quota?.releaseId(row.id)
    if (row.link_id) await deps.linkUploads?.release(row)
  }

  /**
   * The signed-in route's uploads: into a folder of the caller's (or Home), or one shared with
   * them as editor (then the owner's, in the owner's quota, added by the caller); a folder
   * upload's path checked before any byte.
   */
  const ownTarget =
    (caller: string): AdmitUpload =>
    async (_length, meta) => {
      const reach = await deps.access.parent(caller, meta.get('parent'), 'edit')
      const owner = reach.ownerId
      const parent = await tree.destination(owner, meta.get('parent'))
      const relativePath = meta.get('relativePath') || undefined
      if (relativePath) {
        checkPathLength(relativePath, limits.maxPathLength)
        const segments = splitRelativePath(relativePath)
        if (segments.length < 2) throw errors.badRequest('relativePath must name a folder and the file inside it')
        checkDepth((parent ? folderDepth(parent) : 0) + segments.length - 1, limits.maxFolderDepth)
      }
      const conflict = parseConflict(meta.get('conflict')) ?? 'fail'
      // A clash refused before any byte is sent; the commit looks again.
      if (conflict === 'fail')
        await refuseTaken(
          owner,
          parent,
          relativePath ? splitRelativePath(relativePath) : [meta.get('filename') ?? meta.get('name') ?? ''],
        )
      return {
        owner,
        linkId: null,
        parentId: parent?.id ?? null,
        relativePath: relativePath ?? null,
        addedBy: reach.role === 'owner' ? null : caller,
        conflict,
      }
    }

  /**
   * POST: the upload's row, where `admit` says it goes. `withBody`: the request carries the first
   * piece (receive, or finishEmpty for an empty file, follows at once), so the row is inserted
   * holding its lease.
   */
  async function createThrough(admit: AdmitUpload, input: CreateInput): Promise<UploadRow> {
    const { length, meta } = input
    checkLength(length)
    const filename = checkName(meta.get('filename') ?? meta.get('name') ?? '', 'File name')
    const target = await admit(length, meta)
    const at = now()
    const deferred = input.withBody === true && input.whole === true && length > 0 && length <= SMALL_WHOLE_FILE
    const leasedNow = !deferred && (input.withBody === true || length === 0)
    const row: UploadRow = {
      id: randomId(),
      owner_id: target.owner,
      length,
      filename,
      parent_id: target.parentId,
      relative_path: target.relativePath,
      mime: mimeFor(filename, meta.get('filetype') ?? meta.get('type')),
      enc: vault.newUploadKey(),
      created_at: at,
      expires_at: at + deps.expiryMs,
      file_id: null,
      lease: leasedNow ? randomId() : null,
      lease_until: leasedNow ? at + limits.uploadLeaseMs : null,
      link_id: target.linkId,
      added_by: target.addedBy ?? null,
      conflict: target.conflict ?? 'fail',
    }
    const reservation = {
      id: row.id,
      userId: target.owner,
      bytes: length,
      // Someone other than the owner (a link's visitor, a member) is told no numbers of the owner's.
      forVisitor: target.linkId !== null || !!target.addedBy,
      ttlMs: quotaTtl,
    }
    if (deferred && !target.reserve) {
      // No row to write: the account's quota alone, held (in a transaction of its own) only when it has one.
      if ((await deps.quota?.hold(reservation))?.unlimited) unreserved.add(row)
    } else if (target.reserve || deps.quota) {
      await repo.transaction(async (trx) => {
        if (!deferred) await trx.uploads.insert(row)
        await target.reserve?.(trx, length)
        if ((await deps.quota?.hold({ ...reservation, trx }))?.unlimited) unreserved.add(row)
      })
    } else if (!deferred) await repo.uploads.insert(row)
    if (deferred) unsaved.add(row)
    else if (leasedNow) leasedAtCreate.add(row)
    if (deferred || leasedNow) createdHere.add(row)
    return row
  }

  /** The lease a request holds; `released` once the transaction that made the file gave it back. */
  interface LeaseHold {
    lease: string
    released: boolean
  }

  /** Where an upload stands: bytes kept, and the file once it is one. */
  interface Progress {
    offset: number
    fileId?: string
  }

  /** The upload as it is now (another request may have finished it since it was read). */
  const current = async (row: UploadRow) =>
    (await repo.uploads.upload(row.owner_id, row.id)) ?? Promise.reject(errors.notFound('Upload'))

  /** Refuses a length past MAX_UPLOAD_BYTES (413) before anything is stored. */
  function checkLength(length: number): void {
    if (deps.maxUploadBytes !== undefined && length > deps.maxUploadBytes)
      throw errors.fileTooLarge(deps.maxUploadBytes)
  }

  /**
   * Appends one piece at `offset`, read from `body` until it ends or the upload is full; with the
   * last byte, the upload becomes a file.
   */
  async function receive(loaded: UploadRow, offset: number, body: Readable): Promise<Progress> {
    // A row this very request created has no file and nothing staged yet: no need to read either
    // back (each read is one more wait per small file).
    const fresh = createdHere.has(loaded)
    createdHere.delete(loaded)
    return leased(loaded, async (hold) => {
      const row = fresh ? loaded : await current(loaded)
      if (row.file_id) {
        if (offset !== row.length) throw errors.uploadOffsetMismatch(offset, row.length)
        return { offset, fileId: row.file_id }
      }
      const staged = vault.staged(row)
      const kept = fresh ? 0 : await staged.offset()
      if (offset !== kept) throw errors.uploadOffsetMismatch(offset, kept)
      let running = hashes.get(row.id)
      if (running?.at !== kept) {
        hashes.delete(row.id)
        running = kept === 0 ? { hash: createHash('sha256'), at: 0 } : undefined
        if (running) hashes.set(row.id, running)
      }
      const piece = pieceOf(body, row.length - kept, (chunk) => {
        if (!running) return
        running.hash.update(chunk)
        running.at += chunk.length
      })
      // A store that fails mid-piece leaves the request unread: stop feeding the piece, so the
      // refusal's lingering close (plugins/linger-on-refusal.ts) alone handles the rest.
      // Deferred: a piece that completes the upload is synced by the commit that names its blob,
      // alongside the folder entry (one disk wait instead of two); any other piece is synced
      // here, before its offset is acknowledged.
      const reached = await staged.append(piece.source, kept, { defer: true }).finally(piece.stop)
      if (unsaved.has(row) && reached !== row.length) {
        // No row, so no client can come back for these bytes (see SMALL_WHOLE_FILE).
        await staged.discard()
        await drop(row)
        if (piece.state.pastLength) throw errors.uploadPastLength()
        return { offset: reached }
      }
      if (piece.state.pastLength || reached !== row.length) await staged.sync()
      if (piece.state.pastLength) throw errors.uploadPastLength()
      if (reached !== row.length) {
        // Still coming: its quota reservation lives as long as the upload does.
        await deps.quota?.extend({ id: row.id }, quotaTtl)
        return { offset: reached }
      }
      // Not made a file after all: the deferred piece must be durable before a HEAD reports it.
      const file = await finish(row, staged, hold).catch(async (err: unknown) => {
        await staged.sync().catch(() => undefined)
        throw err
      })
      return { offset: reached, fileId: file.id }
    })
  }

  /**
   * HEAD: the bytes kept (423 while a PATCH is writing). All of them kept but no file yet means
   * the request that sent the last byte failed to make it: this one does.
   */
  async function progress(row: UploadRow): Promise<Progress> {
    if (row.file_id) return { offset: row.length, fileId: row.file_id }
    // While a PATCH writes, the offset is about to move: a client told the old one would send a
    // PATCH bound to fail (409) with its body already on the wire. 423 makes it ask again.
    if (row.lease && (row.lease_until ?? 0) > now()) throw errors.uploadLocked()
    const offset = await vault.staged(row).offset()
    if (offset < row.length) return { offset }
    return leased(row, async (hold) => {
      const now = await current(row)
      if (now.file_id) return { offset: now.length, fileId: now.file_id }
      const staged = vault.staged(now)
      if ((await staged.offset()) < now.length) return { offset: await staged.offset() }
      return { offset: now.length, fileId: (await finish(now, staged, hold)).id }
    })
  }

  return {
    /** Refuses a length past MAX_UPLOAD_BYTES before anything is stored. */
    maxSize: deps.maxUploadBytes,
    checkLength,

    /**
     * POST on the signed-in route: into one of the caller's folders, or one shared with them as
     * editor (metadata `parent`, `relativePath`).
     */
    create: (caller: string, input: CreateInput) => createThrough(ownTarget(caller), input),

    /** POST through another way in (an upload link), which says where the upload goes. */
    createThrough,

    /** An upload the caller may touch through the given way in (404 otherwise; 410 once expired). */
    upload: mustUpload,

    progress,

    /** PATCH, or the body of a creating POST: one piece at `offset`. */
    receive,

    /** An empty upload is complete as soon as it exists. */
    async finishEmpty(row: UploadRow): Promise<Progress> {
      createdHere.delete(row)
      return leased(row, async (hold) => {
        const staged = vault.staged(row)
        const empty = new PassThrough()
        empty.end()
        await staged.append(empty, 0)
        return { offset: 0, fileId: (await finish(row, staged, hold)).id }
      })
    },

    /** DELETE: the upload and its bytes go (a finished upload's file stays); only its uploader's (see mustUpload). */
    async terminate(caller: string, id: string, linkId: string | null = null): Promise<void> {
      const row =
        linkId === null ? await repo.uploads.byUploader(caller, id) : await repo.uploads.upload(caller, id, linkId)
      if (!row) throw errors.notFound('Upload')
      await stillAdmitted(row)
      await leased(row, async () => {
        hashes.delete(row.id)
        await vault.staged(row).discard()
        await drop((await repo.uploads.upload(row.owner_id, id)) ?? row)
      })
    },

    /** An upload link's unfinished uploads as its owner sees them: what each was sent as, and how far it got. */
    async linkUploads(owner: string, linkId: string): Promise<Array<{ row: UploadRow; offset: number }>> {
      const rows = await repo.uploads.linkUploads(owner, linkId, LINK_UPLOADS_SHOWN)
      return Promise.all(rows.map(async (row) => ({ row, offset: await vault.staged(row).offset() })))
    },

    /**
     * A revoked link's unfinished uploads end: their bytes and rows go, and so do their
     * reservations (the owner's quota and the link's counts). Not under the lease: a PATCH still
     * streaming into one fails at its commit, which finds no link.
     */
    async endLinkUploads(owner: string, linkId: string): Promise<void> {
      for (
        let batch = await repo.uploads.linkUploads(owner, linkId, 100);
        batch.length > 0;
        batch = await repo.uploads.linkUploads(owner, linkId, 100)
      ) {
        for (const row of batch) {
          hashes.delete(row.id)
          await vault.staged(row).discard()
          await drop(row)
        }
      }
    },

    /** Removes expired uploads and staged bytes no upload owns; returns how many uploads went. */
    async sweep(stagedIds: () => AsyncIterable<string>): Promise<number> {
      let removed = 0
      for (
        let batch = await repo.uploads.expired(now(), 100);
        batch.length > 0;
        batch = await repo.uploads.expired(now(), 100)
      ) {
        for (const row of batch) {
          hashes.delete(row.id)
          await vault.staged(row).discard()
          await drop(row)
          removed++
        }
      }
      const ids: string[] = []
      for await (const id of stagedIds()) ids.push(id)
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500)
        const live = await repo.uploads.existing(chunk)
        for (const id of chunk) if (!live.has(id)) await vault.staged({ id, length: 0, enc: null }).discard()
      }
      return removed
    },
  }
}
export type ResumableUploads = ReturnType<typeof createResumableUploads>
