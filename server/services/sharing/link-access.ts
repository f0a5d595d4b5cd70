// Share links, the visitor's side (DESIGN.md §7): what a token opens, read afresh on every
// request (no cache, so a revoke or a move holds on every instance at once).
//
// A link opens its item only while its owner's account is enabled, the item exists and is not
// trashed, the link has not expired (410) and has downloads left; anything else is the same 404
// as an unknown token (a used-up link's 404 says so: its visitor holds the token already). `find`
// is the one place a token becomes a link, for every anonymous route (the spec's public routes,
// file requests and their tus uploads too). A folder link
// reaches only what lies inside the shared folder now (a file moved out a moment ago is gone),
// never anything trashed, and its replies carry no owner data: no owner id, no share tokens of
// the files inside, no ancestors above the shared folder.
import type { Readable } from 'node:stream'
import type { FileRow, Folder, ShareLink } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { FileSummary } from '../../repositories/files.ts'
import { subtreePrefix } from '../../repositories/folders.ts'
import type { FileJson, PublicInfo } from '../../schemas/files.ts'
import type { PublicFolderJson, PublicListQuery, PublicListReply, PublicShareInfo } from '../../schemas/sharing.ts'
import type { Vault } from '../../storage/vault.ts'
import { isoDate } from '../../util/iso-date.ts'
import { isAudioType, isHeifType, isImageType, isVideoType } from '../../util/mime.ts'
import { type BlobDownload, blobEtag } from '../drive/downloads.ts'
import { fileJson } from '../drive/json.ts'
import type { ListingService } from '../drive/listing.ts'
import type { FullImage, MediaService } from '../media/previews.ts'
import type { ShareUnlock } from './link-passwords.ts'
import { expired, spent, tokenHash } from './links.ts'
import { planZip, type ZipEntry } from '../drive/zip.ts'

/** An open link and its item; `pass` is the unlock cookie's value, if any. */
export interface Opened {
  link: ShareLink
  item: { type: 'file'; row: FileRow } | { type: 'folder'; row: Folder }
}

/** What a visitor sees of a file: the spec's JSON without the file's own share state. */
function visitorFileJson(f: FileSummary): FileJson {
  const json = fileJson(f)
  delete json.metadata.link
  delete json.metadata.linkType
  return json
}

const visitorFolderJson = (f: Folder): PublicFolderJson => ({
  _id: f.id,
  name: f.name,
  parent: f.parent_id ?? '/',
  createdAt: isoDate(f.created_at),
  updatedAt: isoDate(f.updated_at),
})

/** Whether `folder` is `root` or lies below it (the ancestors path's prefix rule of the tree). */
const within = (root: Folder, folder: Folder) =>
  folder.id === root.id || folder.ancestors.startsWith(subtreePrefix(root))

export function createSharedAccess(deps: {
  repo: DriveRepository
  listing: ListingService
  vault: Vault
  unlock: ShareUnlock
  media: Pick<MediaService, 'fullImage'>
  /** The server's own cap on one upload (MAX_UPLOAD_BYTES), which an upload link's page states too. */
  maxUploadBytes?: number | undefined
  now?: () => number
}) {
  const { repo, vault } = deps
  const now = deps.now ?? Date.now

  /** The link a token names and its live item, before any password: 404 / 410 otherwise. */
  async function find(token: string): Promise<Opened> {
    const link = await repo.links.byTokenHash(tokenHash(token))
    if (!link) throw errors.notFound('Link')
    if (spent(link)) throw errors.shareLimitReached()
    const owner = link.owner_id
    const row =
      link.item_type === 'file'
        ? await repo.files.file(owner, link.item_id)
        : await repo.folders.folder(owner, link.item_id)
    if (!row || row.trashed) throw errors.notFound('Link')
    if (expired(link, now())) throw errors.shareExpired()
    return {
      link,
      item: link.item_type === 'file' ? { type: 'file', row: row as FileRow } : { type: 'folder', row: row as Folder },
    }
  }

  /** `find`, and past the password when the link has one. */
  async function open(token: string, pass: string | undefined): Promise<Opened> {
    const opened = await find(token)
    if (!deps.unlock.opens(opened.link, pass)) throw errors.sharePasswordRequired()
    return opened
  }

  /** An upload link shows nothing of its folder. */
  function viewOnly(link: ShareLink) {
    if (link.access !== 'view') throw errors.shareUploadOnly()
  }

  async function openFolder(token: string, pass: string | undefined): Promise<{ link: ShareLink; root: Folder }> {
    const { link, item } = await open(token, pass)
    if (item.type !== 'folder') throw errors.notFound('Folder')
    viewOnly(link)
    return { link, root: item.row }
  }

  /** A folder inside the shared subtree and not trashed (the root when `id` is absent). */
  async function folderInside(root: Folder, id: string | undefined): Promise<Folder> {
    if (id === undefined || id === root.id) return root
    const folder = await repo.folders.folder(root.owner_id, id)
    if (!folder || folder.trashed || !within(root, folder)) throw errors.notFound('Folder')
    return folder
  }

  /** A file inside the shared subtree and not trashed. */
  async function fileInside(root: Folder, id: string): Promise<FileRow> {
    const file = await repo.files.file(root.owner_id, id)
    if (!file || file.trashed || file.folder_id === null) throw errors.notFound('File')
    if (file.folder_id !== root.id)
      await folderInside(root, file.folder_id).catch(() => Promise.reject(errors.notFound('File')))
    return file
  }

  /**
   * Spends one download of a limited link (a GET, not a HEAD): one conditional update, so with a
   * limit of N exactly N downloads get through whatever the concurrency. The last one takes a
   * file's link off its row too, as the spec's spent one-time link did.
   */
  async function spend(link: ShareLink): Promise<void> {
    await repo.transaction(async (trx) => {
      const count = await trx.links.spendDownload(link.id)
      if (count === undefined) throw errors.notFound('Link')
      if (link.item_type === 'file' && link.max_downloads !== null && count >= link.max_downloads)
        await trx.links.clearMirror(link.item_id, link.token)
    })
  }

  /**
   * A shared file's bytes. A limited link serves the whole file, never a range (each range
   * request would spend a download on a slice); a look (HEAD) spends nothing.
   */
  async function fileDownload(link: ShareLink, file: FileRow, look: boolean): Promise<BlobDownload> {
    const limited = link.max_downloads !== null
    if (!look && limited) await spend(link)
    const options = {
      size: file.size,
      ...(limited ? { wholeOnly: true } : {}),
      contentType: 'application/octet-stream',
      disposition: 'attachment',
      filename: file.filename,
      etag: blobEtag(file),
      // A share link's bytes stay out of every cache, shared or private.
      cacheControl: 'no-store',
    } as const
    return { options, open: (range) => vault.open(file, range) }
  }

  /**
   * What a file link's page can preview: an image, a video played in place, or nothing. A video
   * is its very bytes, so a link with a download limit gets none (playing would be a download
   * that spends nothing); its page shows the thumbnail instead.
   */
  function previewKind(link: ShareLink, file: FileRow): 'image' | 'video' | null {
    if (isImageType(file.mime) || isHeifType(file.mime)) return 'image'
    if (isVideoType(file.mime) && link.max_downloads === null) return 'video'
    return null
  }

  const hasThumbnail = (file: FileRow) => Boolean(file.thumbnail_key && file.thumbnail_id)

  /**
   * What a file link's page, or a folder link's viewer, previews: the viewer's full-size image
   * (made by the thumbnail queue, services/media/previews.ts), or a video or a song itself with
   * ranges, inline under its own type (a player's source). Never a download, and never past a
   * limit: a limited link does not hand out the original's bytes this way (when the stored preview
   * is the original, a small browser-safe image, it gets the thumbnail instead), and a video or a
   * song on it gets nothing (404).
   */
  async function previewOf(link: ShareLink, file: FileRow): Promise<{ image: FullImage } | { video: BlobDownload }> {
    const kind = previewKind(link, file)
    const song = isAudioType(file.mime) && link.max_downloads === null
    if (kind === 'video' || song) {
      const options = {
        size: file.size,
        contentType: file.mime,
        disposition: 'inline',
        filename: file.filename,
        etag: blobEtag(file),
        cacheControl: 'no-store',
      } as const
      return { video: { options, open: (range) => vault.open(file, range) } }
    }
    if (kind !== 'image') throw errors.notFound('Preview')
    const image = await deps.media.fullImage(file)
    const original = image.etag === blobEtag(file)
    return { image: link.max_downloads !== null && original ? thumbnailImage(file) : image }
  }

  /** The limits an upload link's page states: per file the tightest of the link's and the server's. */
  function uploadLimits(link: ShareLink) {
    const caps = [link.max_file_size, deps.maxUploadBytes].filter((n): n is number => typeof n === 'number')
    return {
      maxFileSize: caps.length ? Math.min(...caps) : null,
      maxTotalBytes: link.max_total_bytes,
      remainingBytes: link.max_total_bytes === null ? null : Math.max(0, link.max_total_bytes - link.uploaded_bytes),
      maxFiles: link.max_files,
      remainingFiles: link.max_files === null ? null : Math.max(0, link.max_files - link.uploaded_files),
    }
  }

  /** The file's thumbnail (a small WebP the queue made), as an image to send. */
  function thumbnailImage(file: FileRow): FullImage {
    if (!file.thumbnail_key || !file.thumbnail_id) throw errors.notFound('Preview')
    const blob = { blob_key: file.thumbnail_key, size: file.thumb_size ?? 0, enc: file.thumb_enc }
    return { contentType: 'image/webp', size: blob.size, etag: file.thumbnail_id, open: () => vault.open(blob) }
  }

  /** The spec's routes name the file and its link's token: the token must open that very file. */
  async function legacyFile(id: string, token: string): Promise<Opened & { item: { type: 'file'; row: FileRow } }> {
    const opened = await find(token)
    if (opened.item.type !== 'file' || opened.item.row.id !== id || opened.link.access !== 'view')
      throw errors.notFound('File')
    // The spec's client has no way to send a password: it is asked for, as on the link's page.
    if (!deps.unlock.opens(opened.link, undefined)) throw errors.sharePasswordRequired()
    return opened as Opened & { item: { type: 'file'; row: FileRow } }
  }

  return {
    find,
    /** Whether the unlock cookie's value opens the link (always, without a password). */
    opens: (link: ShareLink, pass: string | undefined) => deps.unlock.opens(link, pass),

    /** GET /file-service/public/info/{id}/{token} (SPEC §7): the spec's level of the file's link. */
    async legacyInfo(id: string, token: string): Promise<PublicInfo> {
      const { link, item } = await legacyFile(id, token)
      return {
        filename: item.row.filename,
        uploadDate: isoDate(item.row.upload_date),
        metadata: { size: item.row.size, linkType: link.max_downloads === 1 ? ('one' as const) : ('public' as const) },
      }
    },

    /** GET /file-service/public/download/{id}/{token} (SPEC §7). */
    async legacyDownload(id: string, token: string, look: boolean): Promise<BlobDownload> {
      const { link, item } = await legacyFile(id, token)
      return fileDownload(link, item.row, look)
    },

    /** GET /share-service/public/{token}: what the page shows, nothing more. */
    async info(token: string, pass: string | undefined): Promise<PublicShareInfo> {
      const { link, item } = await open(token, pass)
      return {
        itemType: link.item_type,
        name: item.type === 'file' ? item.row.filename : item.row.name,
        access: link.access,
        expiresAt: link.expires_at === null ? null : isoDate(link.expires_at),
        ...(item.type === 'file'
          ? { size: item.row.size, preview: previewKind(link, item.row), thumbnail: hasThumbnail(item.row) }
          : {}),
        ...(item.type === 'folder' && link.access === 'view' ? { videoPreview: link.max_downloads === null } : {}),
        ...(link.access === 'upload' ? uploadLimits(link) : {}),
      }
    },

    /** GET …/preview of a file link (`previewOf`). */
    async preview(token: string, pass: string | undefined): Promise<{ image: FullImage } | { video: BlobDownload }> {
      const { link, item } = await open(token, pass)
      if (item.type !== 'file') throw errors.notFound('Preview')
      return previewOf(link, item.row)
    },

    /** GET …/preview/{fileId} of a folder link: a file inside, for the viewer (`previewOf`, same rules). */
    async folderPreview(
      token: string,
      pass: string | undefined,
      fileId: string,
    ): Promise<{ image: FullImage } | { video: BlobDownload }> {
      const { link, root } = await openFolder(token, pass)
      return previewOf(link, await fileInside(root, fileId))
    },

    /** A right password's pass for the cookie (401 wrong, 429 too many). */
    async unlock(token: string, password: string, ip: string) {
      const { link } = await find(token)
      return deps.unlock.unlock(link, password, ip)
    },

    /** A file link's download. */
    async download(token: string, pass: string | undefined, look: boolean): Promise<BlobDownload> {
      const { link, item } = await open(token, pass)
      if (item.type !== 'file') throw errors.notFound('File')
      return fileDownload(link, item.row, look)
    },

    /** A folder link's listing: one folder inside the subtree, files paged as SPEC §3, and the breadcrumbs from the shared root. */
    async list(token: string, pass: string | undefined, q: PublicListQuery): Promise<PublicListReply> {
      const { root } = await openFolder(token, pass)
      const folder = await folderInside(root, q.folder)
      const owner = root.owner_id
      // Only the paging fields, named one by one: anything else in the query string (a search,
      // the trash or gallery modes) would widen the listing past the shared folder.
      const sortBy = q.sortBy ? { sortBy: q.sortBy } : {}
      const paging = {
        ...sortBy,
        ...(q.limit !== undefined ? { limit: q.limit } : {}),
        ...(q.startAtDate !== undefined ? { startAtDate: q.startAtDate } : {}),
        ...(q.startAtName !== undefined ? { startAtName: q.startAtName } : {}),
        ...(q.startAt !== undefined ? { startAt: q.startAt } : {}),
        ...(q.startAtId !== undefined ? { startAtId: q.startAtId } : {}),
      }
      const [folders, files] = await Promise.all([
        deps.listing.folders(owner, { parent: folder.id, ...sortBy }),
        deps.listing.files(owner, { ...paging, parent: folder.id }),
      ])
      // The ids from the shared root down to this folder: the tail of its ancestors path.
      const ancestors = folder.ancestors.split('/').filter(Boolean)
      const between = folder.id === root.id ? [] : ancestors.slice(ancestors.indexOf(root.id) + 1)
      const names = new Map((await repo.folders.foldersByIds(owner, between)).map((f) => [f.id, f.name]))
      const path = [
        root,
        ...between.map((id) => ({ id, name: names.get(id) ?? '' })),
        ...(folder.id === root.id ? [] : [folder]),
      ]
      return {
        path: path.map((f) => ({ _id: f.id, name: f.name })),
        folders: folders.map(visitorFolderJson),
        files: files.map(visitorFileJson),
      }
    },

    /** A file of a folder link. */
    async folderFile(token: string, pass: string | undefined, fileId: string, look: boolean): Promise<BlobDownload> {
      const { link, root } = await openFolder(token, pass)
      return fileDownload(link, await fileInside(root, fileId), look)
    },

    /**
     * The thumbnail of a file of a folder link, or of a file link's own file (`fileId` its id or
     * absent: the page's stand-in when there is no preview, as for a video on a limited link).
     * A thumbnail is never the file's bytes, so it spends nothing, limit or not.
     */
    async thumbnail(
      token: string,
      pass: string | undefined,
      fileId: string | undefined,
    ): Promise<{ etag: string; open: () => Promise<Readable> }> {
      const { link, item } = await open(token, pass)
      let file: FileRow
      if (item.type === 'file') {
        if (fileId !== undefined && item.row.id !== fileId) throw errors.notFound('Thumbnail')
        file = item.row
      } else {
        viewOnly(link)
        if (fileId === undefined) throw errors.notFound('Thumbnail')
        file = await fileInside(item.row, fileId)
      }
      if (!file.thumbnail_key || !file.thumbnail_id) throw errors.notFound('Thumbnail')
      const blob = { blob_key: file.thumbnail_key, size: file.thumb_size ?? 0, enc: file.thumb_enc }
      return { etag: file.thumbnail_id, open: () => vault.open(blob) }
    },

    /**
     * A zip of a selection inside a folder link (the whole shared folder when nothing is
     * selected). Every id must lie inside the subtree; a limited link spends one download.
     */
    async zip(
      token: string,
      pass: string | undefined,
      folderIds: string[],
      fileIds: string[],
      look: boolean,
    ): Promise<{ entries: ZipEntry[]; zipName: string; open: (file: FileRow) => Promise<Readable> }> {
      const { link, root } = await openFolder(token, pass)
      const whole = folderIds.length + fileIds.length === 0
      for (const id of folderIds) await folderInside(root, id)
      for (const id of fileIds) await fileInside(root, id)
      const plan = await planZip(repo, root.owner_id, whole ? [root.id] : folderIds, fileIds)
      if (!look && link.max_downloads !== null) await spend(link)
      return { ...plan, open: (file) => vault.open(file) }
    },
  }
}
export type SharedAccess = ReturnType<typeof createSharedAccess>
