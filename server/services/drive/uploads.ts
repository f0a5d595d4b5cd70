// Uploads stream from the request straight into the blob store: constant memory whatever the
// size. The row commits only after the blob is durable, and any failure or abort removes what
// was written, so an upload is either complete or leaves nothing (DESIGN.md §4–§5).
import type { Limits } from '../../config.ts'
import type { FileRow, Folder, UploadConflict } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import { folderDepth } from '../../repositories/folders.ts'
import { NOTHING_DERIVED } from '../../repositories/files.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { StoredBlob } from '../../storage/blob-store.ts'
import type { Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { isThumbnailable, isVideoType, mimeFor } from '../../util/mime.ts'
import { checkDepth, checkName, checkPathLength, nameKey, splitRelativePath, typeKey } from '../../util/names.ts'
import { accentKey } from '../../util/name-match.ts'
import type { Access, Reach } from './access.ts'
import type { MemberActivity } from './member-activity.ts'
import type { QuotaService } from './quota.ts'
import { placeNew, parseConflict } from './name-conflicts.ts'
import { folderRow, type TreeService } from './tree.ts'
import type { VersionService } from './versions.ts'
import {
  checkFilePart,
  type FilePart,
  fileForm,
  folderForm,
  type FormLimits,
  type MultipartBody,
  parserOptions,
  readField,
  release,
} from './upload-form.ts'

export interface UploadDeps {
  repo: DriveRepository
  vault: Vault
  janitor: BlobJanitor
  tree: TreeService
  maxUploadBytes: number | undefined
  limits: FormLimits & Pick<Limits, 'maxFolderDepth' | 'maxFoldersPerUpload'>
  /**
   * The storage quota of the folder's owner, held for the request's length once the form named
   * the folder and before a file byte is read (507, 411).
   */
  quota: Pick<QuotaService, 'holdLength'>
  /** Where the form says the files go: the caller's own folder, or one shared with them as editor. */
  access: Pick<Access, 'parent'>
  /** A member's uploads into the owner's folder, in the owner's activity log. */
  activity?: Pick<MemberActivity, 'uploaded' | 'uploadedFolder'>
  /** An upload with conflict "replace" keeps what the file held as a version. */
  versions: Pick<VersionService, 'replaceIn'>
  /** Called after a file row commits (thumbnails). */
  onStored?: (file: FileRow) => void
  now?: () => number
}

export function fileRow(
  owner: string,
  folderId: string | null,
  name: string,
  mime: string,
  blob: StoredBlob,
  at: number,
  /** The member who put it in the owner's shared folder (null: the owner). */
  addedBy: string | null = null,
): FileRow {
  return {
    id: randomId(),
    owner_id: owner,
    folder_id: folderId,
    filename: name,
    name_key: nameKey(name),
    accent_key: accentKey(name),
    type_key: typeKey(name),
    size: blob.size,
    sha256: blob.sha256,
    blob_key: blob.key,
    mime,
    upload_date: at,
    // The thumbnail queue replaces it with the EXIF date when the file is a photo that has one.
    taken_date: at,
    trashed: 0,
    trash_root: 0,
    trashed_at: null,
    link_type: null,
    link_token: null,
    added_by: addedBy,
    is_video: isVideoType(mime) ? 1 : 0,
    media: isVideoType(mime) ? 1 : 0,
    enc: blob.enc ?? null,
    thumb_state: isThumbnailable(mime) ? 'pending' : 'none',
    ...NOTHING_DERIVED,
  }
}

/** What an upload made, and the caller's reach on it (the reply's people fields). */
export interface Stored<R> {
  row: R
  reach: Reach
}

interface FileData {
  segments: string[]
  type?: string
}

/** A folder upload's file-data for file `index`: JSON with a path (or a name) and that index. */
function parseFileData(text: string, index: number, maxPathLength: number): FileData {
  let data: { name?: unknown; path?: unknown; type?: unknown; index?: unknown }
  try {
    data = JSON.parse(text)
  } catch {
    throw errors.badRequest('file-data must be JSON')
  }
  const path = typeof data?.path === 'string' && data.path ? data.path : typeof data?.name === 'string' ? data.name : ''
  const given = data?.index === undefined || data.index === null ? NaN : Number(data.index)
  if (!path || !Number.isInteger(given)) throw errors.badRequest('file-data needs a path and an index')
  // Each file-data comes right before its file, so at most one is ever waiting.
  if (given !== index)
    throw errors.badRequest(`file-data for file ${index} must come right before it (got index ${given})`)
  checkPathLength(path, maxPathLength)
  const segments = splitRelativePath(path)
  if (segments.length < 2) throw errors.badRequest('Folder uploads need paths inside a folder')
  return { segments, ...(typeof data?.type === 'string' ? { type: data.type } : {}) }
}

/** total-files: a whole number of files from 1 to the limit. */
function totalFiles(text: string, max: number): number {
  const total = Number(text.trim())
  if (!/^\d+$/.test(text.trim()) || total < 1 || total > max)
    throw errors.badRequest(
      `total-files must be a whole number from 1 to ${max} (the most files one folder upload takes)`,
    )
  return total
}

/** Refuses a folder of the upload deeper than the limit: `base` sits at its own depth, the path's folders below it. */
const checkTreeDepth = (base: Folder | null, segments: string[], max: number) =>
  checkDepth((base ? folderDepth(base) : 0) + segments.length - 1, max)

/**
 * Counts the distinct folders an upload's paths will create, as their file-data arrives, and
 * refuses the upload past `max`: deep paths are cheap to send and each folder stores its whole
 * ancestor chain, so 10,000 files on separate 100-level chains would write a million rows.
 */
function folderBudget(max: number) {
  // Keys are "<index of the parent in this map>/<name>": short however deep the path.
  const seen = new Map<string, number>()
  return (folders: string[]) => {
    let up = -1
    for (const name of folders) {
      const key = `${up}/${name}`
      let id = seen.get(key)
      if (id === undefined) {
        if (seen.size >= max) throw errors.badRequest(`A folder upload may create at most ${max} folders`)
        id = seen.size
        seen.set(key, id)
      }
      up = id
    }
  }
}

export function createUploadService(deps: UploadDeps) {
  const { repo, vault, janitor, tree, limits } = deps
  const now = deps.now ?? Date.now
  const fileUpload = fileForm(limits)
  const folderUpload = folderForm(limits)

  function checkDeclaredSize(size: string | undefined) {
    if (deps.maxUploadBytes !== undefined && size !== undefined && Number(size) > deps.maxUploadBytes) {
      throw errors.fileTooLarge(deps.maxUploadBytes)
    }
  }

  /** Stores one streamed part under a key recorded in the outbox first. */
  async function storePart(part: FilePart, written: string[]): Promise<StoredBlob> {
    const key = await janitor.takeKey()
    written.push(key)
    const blob = await vault.put(part.file, {
      key,
      ...(deps.maxUploadBytes !== undefined ? { maxBytes: deps.maxUploadBytes } : {}),
    })
    if (part.file.truncated) throw errors.fileTooLarge(deps.maxUploadBytes)
    return blob
  }

  return {
    /** Options for `req.parts()` on each route: busboy stops at the first part past the form. */
    fileParser: parserOptions(fileUpload),
    folderParser: parserOptions(folderUpload),

    /**
     * POST /file-service/upload: fields filename, parent, currentID, size, then the file. The row
     * commits only once the whole body is read, so a second file (or any refused part after the
     * first) leaves nothing behind. `caller` may name a folder shared with them as editor: the
     * file is then its owner's, in the owner's quota, added by the caller.
     */
    uploadFile: (caller: string, body: MultipartBody): Promise<Stored<FileRow>> => storeFile(caller, body),

    /**
     * POST /folder-service/upload: parent, total-files, and for each file a `file-data` JSON
     * field ({name, size, type, path, index}) right before the file itself. Paths are checked
     * (length, depth below Home, names) as their file-data arrives, before their bytes; the whole
     * tree commits in one transaction; the new top folder is returned. Into a shared folder as
     * for uploadFile.
     */
    uploadFolder: (caller: string, body: MultipartBody): Promise<Stored<Folder>> => storeFolder(caller, body),
  }

  /**
   * Where the files go, checked before any of their bytes is read: the folder the form names (the
   * caller's, or one they may edit), and its owner's quota held for the request's length.
   */
  async function admit(caller: string, parentId: string | undefined, length: number | undefined) {
    const reach = await deps.access.parent(caller, parentId, 'edit')
    const member = reach.role !== 'owner'
    const held = await deps.quota.holdLength(reach.ownerId, length, member)
    try {
      const parent = await tree.destination(reach.ownerId, parentId)
      return { reach, parent, held, addedBy: member ? caller : null }
    } catch (err) {
      await held.release()
      throw err
    }
  }

  /** The upload's folder as it is now, in the committing transaction: 404 once trashed or removed meanwhile. */
  async function liveParent(trx: DriveTransaction, reach: Reach, parent: Folder | null): Promise<Folder | null> {
    if (!parent) return null
    const current = await trx.folders.folder(reach.ownerId, parent.id)
    if (!current || current.trashed) throw errors.notFound('Folder')
    return current
  }

  async function storeFile(caller: string, body: MultipartBody): Promise<Stored<FileRow>> {
    const fields = new Map<string, string>()
    const written: string[] = []
    let stored:
      | { parent: Folder | null; name: string; mime: string; blob: StoredBlob; conflict: UploadConflict | undefined }
      | undefined
    let admitted: Awaited<ReturnType<typeof admit>> | undefined
    let row: FileRow
    try {
      for await (const part of body.parts()) {
        if (part.type === 'field') {
          const text = readField(fileUpload, part, fields)
          if (stored) throw errors.badRequest(`Field "${part.fieldname}" must come before the file`)
          fields.set(part.fieldname, text)
          continue
        }
        checkFilePart(part)
        if (stored) throw errors.badRequest('Send one file per upload')
        // Everything is checked before a single byte is kept: the name, the size, the folder and
        // who may write there, and its owner's quota.
        const name = checkName(fields.get('filename') || part.filename || '', 'File name')
        const conflict = parseConflict(fields.get('conflict'))
        checkDeclaredSize(fields.get('size'))
        admitted = await admit(caller, fields.get('parent'), body.length)
        // A clash refused before the bytes rather than after; the commit looks again.
        if (
          conflict === 'fail' &&
          (await repo.files.named(admitted.reach.ownerId, admitted.parent?.id ?? null, name)).length
        )
          throw errors.nameExists(name)
        const blob = await storePart(part, written)
        stored = { parent: admitted.parent, name, mime: mimeFor(name, part.mimetype), blob, conflict }
      }
      if (!stored || !admitted) throw errors.badRequest('The upload has no file')
      const { parent, name, mime, blob, conflict } = stored
      const { reach, addedBy } = admitted
      // The share may have ended while the bytes were arriving.
      if (addedBy) await deps.access.parent(caller, parent?.id, 'edit')
      const at = now()
      let gone: string[] = []
      row = await repo.transaction(async (trx) => {
        // The parent may have been trashed or removed while the bytes were arriving.
        await liveParent(trx, reach, parent)
        const placed = await placeNew(trx, reach.ownerId, parent?.id ?? null, name, conflict)
        let file: FileRow
        if (placed.replace) {
          gone = await deps.versions.replaceIn(trx, placed.replace, { blob, mime, at, addedBy })
          file = (await trx.files.file(reach.ownerId, placed.replace.id))!
        } else {
          file = fileRow(reach.ownerId, parent?.id ?? null, placed.name, mime, blob, at, addedBy)
          await trx.files.insertFile(file)
        }
        await janitor.settle(trx.outbox, [blob.key])
        return file
      })
      written.length = 0
      await janitor.flush(gone)
    } catch (err) {
      await janitor.abandon(written)
      throw err
    } finally {
      await admitted?.held.release()
    }
    deps.onStored?.(row)
    if (stored.parent) await deps.activity?.uploaded(admitted.reach, row.filename, stored.parent.name)
    return { row, reach: admitted.reach }
  }

  async function storeFolder(caller: string, body: MultipartBody): Promise<Stored<Folder>> {
    const fields = new Map<string, string>()
    const stored: Array<{ segments: string[]; blob: StoredBlob; mime: string }> = []
    const written: string[] = []
    let parent: Folder | null | undefined
    let admitted: Awaited<ReturnType<typeof admit>> | undefined
    let announced: number | undefined
    let waiting: FileData | undefined
    const countFolders = folderBudget(limits.maxFoldersPerUpload)
    try {
      for await (const part of body.parts()) {
        if (part.type === 'field') {
          const text = readField(folderUpload, part, fields)
          release(part)
          if (part.fieldname !== folderUpload.perFile) {
            if (parent !== undefined) throw errors.badRequest(`Field "${part.fieldname}" must come before the files`)
            fields.set(part.fieldname, text)
            if (part.fieldname === 'total-files') announced = totalFiles(text, limits.maxFilesPerUpload)
            continue
          }
          if (waiting) throw errors.badRequest(`file-data for file ${stored.length} must be followed by its file`)
          const most = announced ?? limits.maxFilesPerUpload
          if (stored.length >= most)
            throw errors.badRequest(
              `More files than the ${most} ${announced === undefined ? 'a folder upload takes' : 'announced in total-files'}`,
            )
          if (parent === undefined) {
            admitted = await admit(caller, fields.get('parent'), body.length)
            parent = admitted.parent
          }
          waiting = parseFileData(text, stored.length, limits.maxPathLength)
          checkTreeDepth(parent, waiting.segments, limits.maxFolderDepth)
          countFolders(waiting.segments.slice(0, -1))
          continue
        }
        checkFilePart(part)
        if (!waiting) throw errors.badRequest(`file-data for file ${stored.length} must come before it`)
        const { segments, type } = waiting
        waiting = undefined
        const blob = await storePart(part, written)
        release(part)
        stored.push({ segments, blob, mime: mimeFor(segments.at(-1)!, part.mimetype ?? type) })
      }
      if (stored.length === 0) throw errors.badRequest('The upload has no files')
      if (waiting) throw errors.badRequest(`file-data for file ${stored.length} has no file`)
      const total = announced ?? stored.length
      if (total !== stored.length) throw errors.badRequest(`Expected ${total} files, received ${stored.length}`)
      const { reach, addedBy } = admitted!
      const owner = reach.ownerId
      // The share may have ended while the bytes were arriving.
      if (addedBy) await deps.access.parent(caller, parent?.id, 'edit')

      const root = await repo.transaction(async (trx) => {
        const base = await liveParent(trx, reach, parent ?? null)
        // The parent may have moved deeper while the bytes were arriving.
        const deepest = stored.reduce((a, s) => (s.segments.length > a.length ? s.segments : a), [] as string[])
        checkTreeDepth(base, deepest, limits.maxFolderDepth)
        const t = now()
        // Folders made so far, by parent id and name: a loop down each path, no recursion, and
        // keys that stay short however deep the path.
        const made = new Map<string, Folder>()
        const folderFor = async (names: string[]): Promise<Folder | null> => {
          let up = base
          for (const name of names) {
            const key = `${up?.id ?? ''}/${name}`
            let folder = made.get(key)
            if (!folder) {
              folder = folderRow(owner, up, name, t, addedBy)
              await trx.folders.insertFolder(folder)
              made.set(key, folder)
            }
            up = folder
          }
          return up
        }
        const rows: FileRow[] = []
        for (const s of stored) {
          const folder = await folderFor(s.segments.slice(0, -1))
          const row = fileRow(owner, folder!.id, s.segments.at(-1)!, s.mime, s.blob, t, addedBy)
          await trx.files.insertFile(row)
          rows.push(row)
        }
        await janitor.settle(trx.outbox, written)
        return { top: made.get(`${base?.id ?? ''}/${stored[0]!.segments[0]!}`)!, rows }
      })
      written.length = 0
      root.rows.forEach((r) => deps.onStored?.(r))
      if (parent) await deps.activity?.uploadedFolder(reach, root.top.name, root.rows.length, parent.name)
      return { row: root.top, reach }
    } catch (err) {
      await janitor.abandon(written)
      throw err
    } finally {
      await admitted?.held.release()
    }
  }
}
export type UploadService = ReturnType<typeof createUploadService>
