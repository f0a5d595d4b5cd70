// Uploads stream from the request straight into the blob store: constant memory whatever the
// size. The row commits only after the blob is durable, and any failure or abort removes what
// was written, so an upload is either complete or leaves nothing (DESIGN.md §4–§5).
import type { Multipart } from '@fastify/multipart'
import type { FileRow, Folder } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import type { BlobJanitor } from '../storage/blob-janitor.ts'
import type { StoredBlob } from '../storage/blob-store.ts'
import type { Vault } from '../storage/vault.ts'
import { randomId } from '../util/crypto.ts'
import { isThumbnailable, isVideoType, mimeFor } from '../util/mime.ts'
import { checkName, nameKey, splitRelativePath } from '../util/names.ts'
import { folderRow, type TreeService } from './tree.ts'

export interface UploadDeps {
  repo: DriveRepository
  vault: Vault
  janitor: BlobJanitor
  tree: TreeService
  maxUploadBytes: number | undefined
  /** Called after a file row commits (thumbnails). */
  onStored?: (file: FileRow) => void
  now?: () => number
}

function fileRow(owner: string, folderId: string | null, name: string, mime: string, blob: StoredBlob, at: number): FileRow {
  return {
    id: randomId(),
    owner_id: owner,
    folder_id: folderId,
    filename: name,
    name_key: nameKey(name),
    size: blob.size,
    sha256: blob.sha256,
    blob_key: blob.key,
    mime,
    upload_date: at,
    trashed: 0,
    trash_root: 0,
    trashed_at: null,
    link_type: null,
    link_token: null,
    is_video: isVideoType(mime) ? 1 : 0,
    has_thumbnail: 0,
    thumbnail_id: null,
    thumbnail_key: null,
    media: isVideoType(mime) ? 1 : 0,
    enc: blob.enc ?? null,
    thumb_state: isThumbnailable(mime) ? 'pending' : 'none',
    thumb_enc: null,
    thumb_size: null,
    preview_key: null,
    preview_enc: null,
    preview_size: null,
    preview_type: null,
  }
}

const fieldValue = (part: Multipart) => (part.type === 'field' ? String(part.value ?? '') : '')

export function createUploadService(deps: UploadDeps) {
  const { repo, vault, janitor, tree } = deps
  const now = deps.now ?? Date.now

  function checkDeclaredSize(size: string | undefined) {
    if (deps.maxUploadBytes !== undefined && size !== undefined && Number(size) > deps.maxUploadBytes) {
      throw errors.tooLarge(`File is larger than the limit of ${deps.maxUploadBytes} bytes`)
    }
  }

  /** Stores one streamed part under a key recorded in the outbox first. */
  async function storePart(part: Multipart & { type: 'file' }, written: string[]): Promise<StoredBlob> {
    const key = randomId(24)
    await janitor.reserve(key)
    written.push(key)
    const blob = await vault.put(part.file, { key, ...(deps.maxUploadBytes !== undefined ? { maxBytes: deps.maxUploadBytes } : {}) })
    if (part.file.truncated) throw errors.tooLarge(`File is larger than the limit of ${deps.maxUploadBytes} bytes`)
    return blob
  }

  return {
    /** POST /file-service/upload: fields filename, parent, currentID, size, then the file. */
    async uploadFile(owner: string, parts: AsyncIterable<Multipart>): Promise<FileRow> {
      const fields: Record<string, string> = {}
      const written: string[] = []
      let row: FileRow | undefined
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = fieldValue(part)
            continue
          }
          if (row) throw errors.badRequest('Send one file per upload')
          // Everything is checked before a single byte is kept.
          const parent = await tree.destination(owner, fields.parent)
          const name = checkName(fields.filename || part.filename || '', 'File name')
          checkDeclaredSize(fields.size)
          const blob = await storePart(part, written)
          row = fileRow(owner, parent?.id ?? null, name, mimeFor(name, part.mimetype), blob, now())
          const committed = row
          await repo.transaction(async (trx) => {
            // The parent may have been trashed or removed while the bytes were arriving.
            if (parent) {
              const current = await repo.folder(owner, parent.id, trx)
              if (!current || current.trashed) throw errors.notFound('Folder')
            }
            await repo.insertFile(committed, trx)
            await janitor.settle(trx, [blob.key])
          })
          written.length = 0
        }
      } catch (err) {
        await janitor.abandon(written)
        throw err
      }
      if (!row) throw errors.badRequest('The upload has no file')
      deps.onStored?.(row)
      return row
    },

    /**
     * POST /folder-service/upload: parent, total-files, and for each file a `file-data` JSON
     * field ({name, size, type, path, index}) before the file itself. The whole tree commits in
     * one transaction; the new top folder is returned.
     */
    async uploadFolder(owner: string, parts: AsyncIterable<Multipart>): Promise<Folder> {
      const fields: Record<string, string> = {}
      const meta = new Map<number, { path: string; type?: string }>()
      const stored: Array<{ segments: string[]; blob: StoredBlob; mime: string }> = []
      const written: string[] = []
      let parent: Folder | null | undefined
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'file-data') {
              let data: { name?: unknown; path?: unknown; type?: unknown; index?: unknown }
              try {
                data = JSON.parse(fieldValue(part))
              } catch {
                throw errors.badRequest('file-data must be JSON')
              }
              const index = Number(data?.index)
              const path = typeof data?.path === 'string' && data.path ? data.path : typeof data?.name === 'string' ? data.name : ''
              if (!Number.isInteger(index) || index < 0 || !path) throw errors.badRequest('file-data needs a path and an index')
              meta.set(index, { path, ...(typeof data.type === 'string' ? { type: data.type } : {}) })
            } else fields[part.fieldname] = fieldValue(part)
            continue
          }
          if (parent === undefined) parent = await tree.destination(owner, fields.parent)
          const info = meta.get(stored.length)
          if (!info) throw errors.badRequest(`file-data for file ${stored.length} must come before it`)
          const segments = splitRelativePath(info.path)
          if (segments.length < 2) throw errors.badRequest('Folder uploads need paths inside a folder')
          const blob = await storePart(part, written)
          stored.push({ segments, blob, mime: mimeFor(segments.at(-1)!, part.mimetype ?? info.type) })
        }
        const total = fields['total-files'] === undefined ? stored.length : Number(fields['total-files'])
        if (stored.length === 0) throw errors.badRequest('The upload has no files')
        if (total !== stored.length) throw errors.badRequest(`Expected ${total} files, received ${stored.length}`)

        const root = await repo.transaction(async (trx) => {
          const base = parent ? await repo.folder(owner, parent.id, trx) : null
          if (parent && (!base || base.trashed)) throw errors.notFound('Folder')
          const t = now()
          const folders = new Map<string, Folder>()
          const folderFor = async (segments: string[]): Promise<Folder> => {
            const path = segments.join('/')
            const existing = folders.get(path)
            if (existing) return existing
            const up = segments.length > 1 ? await folderFor(segments.slice(0, -1)) : base
            const row = folderRow(owner, up ?? null, segments.at(-1)!, t)
            await repo.insertFolder(row, trx)
            folders.set(path, row)
            return row
          }
          const rows: FileRow[] = []
          for (const s of stored) {
            const folder = await folderFor(s.segments.slice(0, -1))
            const row = fileRow(owner, folder.id, s.segments.at(-1)!, s.mime, s.blob, t)
            await repo.insertFile(row, trx)
            rows.push(row)
          }
          await janitor.settle(trx, written)
          return { top: folders.get(stored[0]!.segments[0]!)!, rows }
        })
        written.length = 0
        root.rows.forEach((r) => deps.onStored?.(r))
        return root.top
      } catch (err) {
        await janitor.abandon(written)
        throw err
      }
    },
  }
}
export type UploadService = ReturnType<typeof createUploadService>
