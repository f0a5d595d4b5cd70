// Share links, the owner's side (DESIGN.md §7 "Share links"): create, list, change, revoke.
// The spec's three levels (SPEC §4 "Share state": private, public, one) are views of one link per
// file: public = a view link, one = a view link with maxDownloads 1, private = no link. Both APIs
// change the same row, and the file row's link_type / link_token mirror it in the same
// transaction, so the spec's file JSON and lists (cached by drive version) show the same state.
//
// Nothing here is cached: every visitor request reads the link afresh, so a revoke or a change
// holds on every instance at once.
import { hash as argonHash } from '@node-rs/argon2'
import type { FileRow, Folder, LinkType, ShareLink } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import type { ShareLinkChanges } from '../../repositories/links.ts'
import type { CreateLinkBody, LinkUploadJson, ShareLinkJson, UpdateLinkBody } from '../../schemas/sharing.ts'
import { randomId, sha256 } from '../../util/crypto.ts'
import { isoDate } from '../../util/iso-date.ts'
import type { ResumableUploads } from '../drive/resumable-uploads.ts'

/** 24 random bytes: 192 bits, base64url (32 characters). */
const TOKEN_BYTES = 24
export const PASSWORD_MIN = 4
export const PASSWORD_MAX = 256

/**
 * How a token is looked up: by its SHA-256, so no comparison ever runs on the secret itself.
 * Migration 012 hashes the links it moves the same way.
 */
export const tokenHash = (token: string) => sha256(token)

/** The link is there but used up: it counts as gone (the spec's spent one-time link). */
export const spent = (link: Pick<ShareLink, 'max_downloads' | 'downloads'>) =>
  link.max_downloads !== null && link.downloads >= link.max_downloads
export const expired = (link: Pick<ShareLink, 'expires_at'>, now: number) =>
  link.expires_at !== null && link.expires_at <= now

/** What the spec's file JSON shows for a file's link. */
const mirrorType = (link: Pick<ShareLink, 'max_downloads'>): LinkType => (link.max_downloads === 1 ? 'one' : 'public')

type Item = { type: 'file'; row: FileRow } | { type: 'folder'; row: Folder }
const itemName = (item: Item) => (item.type === 'file' ? item.row.filename : item.row.name)

export interface SharingDeps {
  repo: Pick<DriveRepository, 'files' | 'folders' | 'links' | 'transaction'>
  publicUrl: string
  /** An upload link's unfinished resumable uploads: listed and cancelled by the owner, ended by a revoke. */
  uploads: Pick<ResumableUploads, 'linkUploads' | 'endLinkUploads' | 'terminate'>
  now?: () => number
}

export function createSharingService(deps: SharingDeps) {
  const { repo } = deps
  const now = deps.now ?? Date.now

  function linkJson(link: ShareLink, name: string): ShareLinkJson {
    return {
      _id: link.id,
      token: link.token,
      url: `${deps.publicUrl}/s/${link.token}`,
      itemType: link.item_type,
      itemId: link.item_id,
      name,
      access: link.access,
      expiresAt: link.expires_at === null ? null : isoDate(link.expires_at),
      hasPassword: link.password_hash !== null,
      maxDownloads: link.max_downloads,
      downloads: link.downloads,
      createdAt: isoDate(link.created_at),
      ...(link.access === 'upload'
        ? {
            maxFileSize: link.max_file_size,
            maxTotalBytes: link.max_total_bytes,
            uploadedBytes: link.uploaded_bytes,
            maxFiles: link.max_files,
            uploadedFiles: link.uploaded_files,
          }
        : {}),
    }
  }

  async function ownItem(
    owner: string,
    type: 'file' | 'folder',
    id: string,
    q: Pick<DriveTransaction, 'files' | 'folders'> = repo,
  ): Promise<Item> {
    if (type === 'file') {
      const row = await q.files.file(owner, id)
      if (!row) throw errors.notFound('File')
      return { type, row }
    }
    const row = await q.folders.folder(owner, id)
    if (!row) throw errors.notFound('Folder')
    return { type, row }
  }

  async function ownLink(owner: string, id: string): Promise<ShareLink> {
    const link = await repo.links.link(owner, id)
    if (!link) throw errors.notFound('Link')
    return link
  }

  /** An ISO date and time in the future; null clears. */
  function expiry(value: string | null | undefined): number | null | undefined {
    if (value === undefined || value === null) return value
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : NaN
    if (Number.isNaN(at))
      throw errors.badRequest('expiresAt must be an ISO date and time, such as 2030-01-31T18:00:00Z')
    if (at <= now()) throw errors.badRequest('expiresAt must be in the future')
    return at
  }

  async function passwordHash(value: string | null | undefined): Promise<string | null | undefined> {
    if (value === undefined || value === null) return value
    const length = [...value].length
    if (length < PASSWORD_MIN || length > PASSWORD_MAX)
      throw errors.badRequest(`Link passwords must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
    return argonHash(value)
  }

  function checkUploadOptions(
    access: 'view' | 'upload',
    body: Pick<CreateLinkBody, 'maxFileSize' | 'maxTotalBytes' | 'maxFiles' | 'maxDownloads'>,
  ) {
    if (access === 'upload') {
      if (body.maxDownloads != null) throw errors.badRequest('Upload links have no download limit')
    } else if (body.maxFileSize != null || body.maxTotalBytes != null || body.maxFiles != null) {
      throw errors.badRequest('maxFileSize, maxTotalBytes and maxFiles are options of upload links')
    }
  }

  /**
   * Makes a link on an item. A file has one link: a new one replaces the old (whose URL dies at
   * once), as the spec's make-public and make-one always did.
   */
  async function create(owner: string, body: CreateLinkBody): Promise<ShareLinkJson> {
    const access = body.access ?? 'view'
    if (access === 'upload' && body.itemType !== 'folder')
      throw errors.badRequest('Upload links can only be made on folders')
    checkUploadOptions(access, body)
    const expiresAt = expiry(body.expiresAt)
    const password = await passwordHash(body.password)
    const token = randomId(TOKEN_BYTES)
    const link: ShareLink = {
      id: randomId(),
      owner_id: owner,
      item_type: body.itemType,
      item_id: body.itemId,
      token,
      token_hash: tokenHash(token),
      access,
      expires_at: expiresAt ?? null,
      password_hash: password ?? null,
      max_downloads: body.maxDownloads ?? null,
      downloads: 0,
      max_file_size: body.maxFileSize ?? null,
      max_total_bytes: body.maxTotalBytes ?? null,
      uploaded_bytes: 0,
      max_files: body.maxFiles ?? null,
      uploaded_files: 0,
      created_at: now(),
    }
    const item = await repo.transaction(async (trx) => {
      const found = await ownItem(owner, body.itemType, body.itemId, trx)
      if (found.row.trashed) throw errors.badRequest(`Restore the ${body.itemType} before sharing it`)
      if (found.type === 'file') {
        await trx.links.setMirror(owner, found.row.id, mirrorType(link), token)
        await trx.links.removeFileLinks(owner, found.row.id)
      }
      await trx.links.insert(link)
      return found
    })
    return linkJson(link, itemName(item))
  }

  return {
    create,

    /** Every live link of the owner (not expired, not used up, on an item that still exists), newest first. */
    async list(owner: string): Promise<ShareLinkJson[]> {
      const t = now()
      const live = (await repo.links.links(owner)).filter((l) => !expired(l, t) && !spent(l))
      const fileIds = live.filter((l) => l.item_type === 'file').map((l) => l.item_id)
      const folderIds = live.filter((l) => l.item_type === 'folder').map((l) => l.item_id)
      const names = new Map<string, string>()
      for (const f of await repo.files.filesByIds(owner, fileIds)) names.set(`file:${f.id}`, f.filename)
      for (const f of await repo.folders.foldersByIds(owner, folderIds)) names.set(`folder:${f.id}`, f.name)
      return live.flatMap((l) => {
        const name = names.get(`${l.item_type}:${l.item_id}`)
        return name === undefined ? [] : [linkJson(l, name)]
      })
    },

    /** Changes options; the token (and so the URL) stays. */
    async update(owner: string, id: string, body: UpdateLinkBody): Promise<ShareLinkJson> {
      const link = await ownLink(owner, id)
      checkUploadOptions(link.access, body)
      const changes: ShareLinkChanges = {}
      const expiresAt = expiry(body.expiresAt)
      if (expiresAt !== undefined) changes.expires_at = expiresAt
      const password = await passwordHash(body.password)
      if (password !== undefined) changes.password_hash = password
      if (body.maxDownloads !== undefined) {
        if (body.maxDownloads !== null && body.maxDownloads <= link.downloads) {
          throw errors.badRequest(
            `maxDownloads must be more than the ${link.downloads} download${link.downloads === 1 ? '' : 's'} already made`,
          )
        }
        changes.max_downloads = body.maxDownloads
      }
      if (body.maxFileSize !== undefined) changes.max_file_size = body.maxFileSize
      if (body.maxTotalBytes !== undefined) changes.max_total_bytes = body.maxTotalBytes
      if (body.maxFiles !== undefined) changes.max_files = body.maxFiles
      const item = await repo.transaction(async (trx) => {
        const found = await ownItem(owner, link.item_type, link.item_id, trx)
        // The spec's level follows the limit (1 = "one"); a mirror showing another link stays.
        if (found.type === 'file' && changes.max_downloads !== undefined && found.row.link_token === link.token) {
          await trx.links.setMirror(
            owner,
            found.row.id,
            mirrorType({ max_downloads: changes.max_downloads }),
            link.token,
          )
        }
        if (Object.keys(changes).length) await trx.links.update(owner, id, changes)
        return found
      })
      return linkJson((await repo.links.link(owner, id)) ?? { ...link, ...changes }, itemName(item))
    },

    /**
     * Revokes: the row goes, so the next request for the token, on any instance, is a 404. An
     * upload link's unfinished uploads end with it, giving back what they held of the owner's quota.
     */
    async revoke(owner: string, id: string): Promise<void> {
      const link = await ownLink(owner, id)
      await repo.transaction(async (trx) => {
        if (link.item_type === 'file') await trx.links.clearMirror(link.item_id, link.token)
        await trx.links.remove(owner, id)
      })
      if (link.access === 'upload') await deps.uploads.endLinkUploads(owner, id)
    },

    /** An upload link's unfinished resumable uploads, oldest first (404 for another user's link). */
    async uploads(owner: string, id: string): Promise<LinkUploadJson[]> {
      const link = await ownLink(owner, id)
      if (link.access !== 'upload') return []
      return (await deps.uploads.linkUploads(owner, id)).map(({ row, offset }) => ({
        _id: row.id,
        filename: row.filename,
        length: row.length,
        offset,
        createdAt: isoDate(row.created_at),
        expiresAt: isoDate(row.expires_at),
      }))
    },

    /** Cancels one unfinished upload of the owner's link: its bytes go, its reservations end (423 while a piece is arriving). */
    async cancelUpload(owner: string, id: string, uploadId: string): Promise<void> {
      const link = await ownLink(owner, id)
      await deps.uploads.terminate(owner, uploadId, link.id)
    },

    /**
     * Housekeeping: removes links nobody can use any more (expired more than `graceMs` ago, used
     * up, or on an item deleted for good), clearing a file's mirror with its link and ending an
     * upload link's unfinished uploads as a revoke does. Returns how many went.
     */
    async sweep(graceMs: number): Promise<number> {
      const BATCH = 200
      let removed = 0
      for (;;) {
        const dead = await repo.transaction(async (trx) => {
          const rows = await trx.links.sweep(now() - graceMs, BATCH)
          for (const l of rows) if (l.item_type === 'file') await trx.links.clearMirror(l.item_id, l.token)
          return rows
        })
        for (const l of dead) if (l.access === 'upload') await deps.uploads.endLinkUploads(l.owner_id, l.id)
        removed += dead.length
        if (dead.length < BATCH) return removed
      }
    },

    /** The spec's make-public / make-one / remove-link on the file's one link. */
    async setLink(owner: string, fileId: string, type: LinkType | null): Promise<FileRow> {
      if (type) {
        await create(owner, {
          itemType: 'file',
          itemId: fileId,
          access: 'view',
          ...(type === 'one' ? { maxDownloads: 1 } : {}),
        })
      } else {
        await repo.transaction(async (trx) => {
          if (!(await trx.links.setMirror(owner, fileId, null, null))) throw errors.notFound('File')
          await trx.links.removeFileLinks(owner, fileId)
        })
      }
      return (await repo.files.file(owner, fileId)) ?? Promise.reject(errors.notFound('File'))
    },
  }
}
export type SharingService = ReturnType<typeof createSharingService>
