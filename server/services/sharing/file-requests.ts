// File requests (DESIGN.md §7): an upload link on a folder takes files from anyone holding it,
// one per POST, into that folder, and shows them nothing of what is there. Each file is stored
// under the name it was sent with, numbered on a clash ("name (1).ext"), within the link's
// limits (largest file, total bytes, number of files: an empty file counts too) and the server's, with the same all-or-nothing rule as any
// upload: the row commits only once the blob is durable, and a refusal leaves nothing.
// Resumable (tus) uploads through the link follow the same rules (`tus`, `linkUploads`): the
// protocol is services/drive/resumable-uploads.ts's; a tus upload reserves its length of the link's
// total (and one of its files) when it is created, so parallel uploads cannot pass it together,
// and gives it back if it ends unfinished. What the visitor is told of a full quota names none of
// the owner's numbers.
import type { FileRow, Folder, ShareLink, UploadRow } from '../../db/schema.ts'
import { AppError, errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { StoredBlob } from '../../storage/blob-store.ts'
import type { Vault } from '../../storage/vault.ts'
import { randomId } from '../../util/crypto.ts'
import { mimeFor } from '../../util/mime.ts'
import { checkName, nameKey } from '../../util/names.ts'
import type { AdmitUpload, LinkUploadRules } from '../drive/resumable-uploads.ts'
import type { SharedAccess } from './link-access.ts'
import type { FileRequestReply } from '../../schemas/sharing.ts'
import {
  checkFilePart,
  type FormLimits,
  type Multipart,
  type MultipartBody,
  parserOptions,
  readField,
  type UploadForm,
} from '../drive/upload-form.ts'
import type { QuotaService } from '../drive/quota.ts'
import { fileRow } from '../drive/uploads.ts'

/** The spec's file upload form minus parent (currentID is taken and ignored, as clients send it). */
const requestForm = (limits: FormLimits): UploadForm => ({
  once: ['filename', 'currentID', 'size'],
  files: 1,
  fieldBytes: limits.uploadFieldBytes,
  perFileBytes: 0,
})

/** "a.txt", "a (1).txt", "a (2).txt", …: the first `n` candidates for a name. */
export function numberedNames(name: string, n: number): string[] {
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  return Array.from({ length: n }, (_, i) => (i === 0 ? name : `${stem} (${i})${ext}`))
}

/** Numbered names tried per query; past that, a random suffix. */
const CANDIDATES = 50

/**
 * The folder an upload through `linkId` lands in, locked (PostgreSQL) so that uploads into it pick
 * their names one at a time; 404 when the folder was trashed or the link revoked meanwhile.
 */
async function lockedFolder(trx: DriveTransaction, owner: string, linkId: string, folderId: string): Promise<Folder> {
  const current = await trx.links.lockFolder(owner, folderId)
  // A revoked link, or one whose owner was disabled meanwhile, stops the upload here too.
  if (!current || current.trashed || !(await trx.links.liveLink(owner, linkId))) throw errors.notFound('Link')
  return current
}

/** The name a file sent as `name` gets in the folder: as sent, numbered on a clash. Run after lockedFolder. */
async function freeName(trx: DriveTransaction, owner: string, folderId: string, name: string): Promise<string> {
  const candidates = numberedNames(name, CANDIDATES).filter((c) => c.length <= 255)
  const taken = await trx.links.takenNames(owner, folderId, candidates.map(nameKey))
  const free = candidates.find((c) => !taken.has(nameKey(c)))
  if (free) return free
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot) : ''
  return `${name.slice(0, 255 - ext.length - 12).replace(/\.[^.]*$/, '')} (${randomId(6)})${ext}`
}

export function createFileRequests(deps: {
  repo: DriveRepository
  vault: Vault
  janitor: BlobJanitor
  shared: SharedAccess
  maxUploadBytes: number | undefined
  limits: FormLimits
  /** The link owner's storage quota, held for each multipart upload's length (services/drive/quota.ts). */
  quota: Pick<QuotaService, 'around'>
  onStored?: (file: FileRow) => void
  /** A file arrived through `link` into `folder` (the owner's mail per batch). */
  onReceived?: (link: ShareLink, folder: Folder, file: FileRow) => void
  now?: () => number
}) {
  const { repo, vault, janitor } = deps
  const now = deps.now ?? Date.now
  const form = requestForm(deps.limits)

  /** The upload link a token opens, past its password: 404 / 410, 401, or 403 on a view link. */
  async function openLink(token: string, pass: string | undefined): Promise<{ link: ShareLink; folder: Folder }> {
    const { link, item } = await deps.shared.find(token)
    if (item.type !== 'folder' || link.access !== 'upload') throw errors.shareViewOnly()
    if (!deps.shared.opens(link, pass)) throw errors.sharePasswordRequired()
    return { link, folder: item.row }
  }

  /** `openLink` for a new file: none left to take is refused before any byte is read. */
  async function openForUpload(token: string, pass: string | undefined): Promise<{ link: ShareLink; folder: Folder }> {
    const { link, folder } = await openLink(token, pass)
    if (link.max_files !== null && link.uploaded_files >= link.max_files) throw errors.shareFileLimit(link.max_files)
    return { link, folder }
  }

  /** The refusals that name the link's limits. */
  function linkLimits(link: ShareLink) {
    const left = link.max_total_bytes === null ? null : Math.max(0, link.max_total_bytes - link.uploaded_bytes)
    const tooBigForTotal = () => errors.shareTotalTooLarge(link.max_total_bytes ?? 0, left ?? 0)
    return {
      left,
      tooBigForFile: () => errors.shareFileTooLarge(link.max_file_size ?? 0),
      tooBigForTotal,
      /** Counts one file of `bytes` on the link (in `trx`), or the refusal that names the limit it would pass. */
      async count(trx: DriveTransaction, bytes: number): Promise<void> {
        if (await trx.links.addUploaded(link.id, bytes)) return
        const now = await trx.links.link(link.owner_id, link.id)
        if (now?.max_files != null && now.uploaded_files >= now.max_files) throw errors.shareFileLimit(now.max_files)
        throw tooBigForTotal()
      },
    }
  }

  /**
   * The most a multipart upload through `link` can store: the tightest of the link's per-file
   * limit, what is left of its total and the server's cap (null: none). The owner's quota holds
   * no more than that for it, however long the request says it is.
   */
  function mostStored(link: ShareLink): number | null {
    const { left } = linkLimits(link)
    const caps = [link.max_file_size, left, deps.maxUploadBytes].filter((n): n is number => typeof n === 'number')
    return caps.length ? Math.min(...caps) : null
  }

  /** Resumable uploads through a link: where they go and what they give back (services/drive/resumable-uploads.ts). */
  const linkUploads: LinkUploadRules = {
    async place(trx, row: UploadRow) {
      const folder = await lockedFolder(trx, row.owner_id, row.link_id!, row.parent_id!)
      return { folderId: folder.id, name: await freeName(trx, row.owner_id, folder.id, row.filename) }
    },
    release: (row) => repo.links.releaseUploaded(row.link_id!, row.length),
    stored(row, file) {
      if (!deps.onReceived) return
      // The link and folder as they are now, for the mail (best effort: it may be gone).
      void (async () => {
        const link = await repo.links.link(row.owner_id, row.link_id!)
        const folder = await repo.folders.folder(row.owner_id, row.parent_id!)
        if (link && folder) deps.onReceived!(link, folder, file)
      })().catch(() => undefined)
    },
  }

  return {
    parser: parserOptions(form),
    linkUploads,

    /** tus through the link: whose uploads a request reaches, checked afresh each time (a revoke or a disabled owner holds at once). */
    async tusPrincipal(token: string, pass: string | undefined): Promise<{ owner: string; linkId: string }> {
      // An upload begun before the link filled up already holds its file: its link opens it.
      const { link } = await openLink(token, pass)
      return { owner: link.owner_id, linkId: link.id }
    },

    /** tus through the link: a new upload goes into the link's folder, within its limits, its length reserved of the total. */
    tusTarget(token: string, pass: string | undefined): AdmitUpload {
      return async (length, meta) => {
        const { link, folder } = await openForUpload(token, pass)
        for (const key of ['parent', 'relativePath']) {
          if (meta.has(key))
            throw errors.badRequest(
              `Upload links take single files into their folder: Upload-Metadata "${key}" is not accepted`,
            )
        }
        const limits = linkLimits(link)
        if (link.max_file_size !== null && length > link.max_file_size) throw limits.tooBigForFile()
        if (limits.left !== null && length > limits.left) throw limits.tooBigForTotal()
        return {
          owner: link.owner_id,
          linkId: link.id,
          parentId: folder.id,
          relativePath: null,
          reserve: (trx, bytes) => limits.count(trx, bytes),
        }
      }
    },

    /** One file through the link, counted against the owner's quota (the link's own limits are checked here). */
    async upload(token: string, pass: string | undefined, body: MultipartBody): Promise<FileRequestReply> {
      const { owner, length } = await quotaFor(token, pass, body.length)
      return deps.quota.around(owner, length, () => store(token, pass, body.parts()), true)
    },
  }

  /**
   * A multipart upload's reservation of the owner's quota: whose, and how many bytes (the
   * request's Content-Length, but never more than the link lets it store).
   */
  async function quotaFor(
    token: string,
    pass: string | undefined,
    contentLength: number | undefined,
  ): Promise<{ owner: string; length: number | undefined }> {
    const { link } = await openForUpload(token, pass)
    const most = mostStored(link)
    const length = most !== null && !(contentLength !== undefined && contentLength <= most) ? most : contentLength
    return { owner: link.owner_id, length }
  }

  async function store(
    token: string,
    pass: string | undefined,
    parts: AsyncIterable<Multipart>,
  ): Promise<{ filename: string; size: number }> {
    const { link, folder } = await openForUpload(token, pass)
    const owner = link.owner_id
    const fileLimit = link.max_file_size
    const limits = linkLimits(link)
    const { left, tooBigForFile, tooBigForTotal } = limits
    const tooBigForServer = () => errors.fileTooLarge(deps.maxUploadBytes)
    // The tightest of the three limits, and the refusal that names it.
    const caps = [
      ...(fileLimit !== null ? [{ bytes: fileLimit, refuse: tooBigForFile }] : []),
      ...(left !== null ? [{ bytes: left, refuse: tooBigForTotal }] : []),
      ...(deps.maxUploadBytes !== undefined ? [{ bytes: deps.maxUploadBytes, refuse: tooBigForServer }] : []),
    ].sort((a, b) => a.bytes - b.bytes)
    const cap = caps[0]

    const fields = new Map<string, string>()
    const written: string[] = []
    let stored: { name: string; mime: string; blob: StoredBlob } | undefined
    let row: FileRow
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          const text = readField(form, part, fields)
          if (stored) throw errors.badRequest(`Field "${part.fieldname}" must come before the file`)
          fields.set(part.fieldname, text)
          continue
        }
        checkFilePart(part)
        if (stored) throw errors.badRequest('Send one file per upload')
        const name = checkName(fields.get('filename') || part.filename || '', 'File name')
        const declared = fields.get('size')
        if (declared !== undefined && cap) {
          const over = caps.find((c) => Number(declared) > c.bytes)
          if (over) throw over.refuse()
        }
        const key = await janitor.takeKey()
        written.push(key)
        let blob: StoredBlob
        try {
          blob = await vault.put(part.file, { key, ...(cap ? { maxBytes: cap.bytes } : {}) })
        } catch (err) {
          if (cap && err instanceof AppError && err.statusCode === 413) throw cap.refuse()
          throw err
        }
        if (part.file.truncated) throw tooBigForServer()
        stored = { name, mime: mimeFor(name, part.mimetype), blob }
      }
      if (!stored) throw errors.badRequest('The upload has no file')
      const { name, mime, blob } = stored
      row = await repo.transaction(async (trx) => {
        // The folder may have been trashed, or the link revoked, while the bytes arrived.
        await lockedFolder(trx, owner, link.id, folder.id)
        await limits.count(trx, blob.size)
        const file = fileRow(owner, folder.id, await freeName(trx, owner, folder.id, name), mime, blob, now())
        await trx.files.insertFile(file)
        await janitor.settle(trx.outbox, [blob.key])
        return file
      })
      written.length = 0
    } catch (err) {
      await janitor.abandon(written)
      throw err
    }
    deps.onStored?.(row)
    deps.onReceived?.(link, folder, row)
    return { filename: row.filename, size: row.size }
  }
}
export type FileRequests = ReturnType<typeof createFileRequests>
