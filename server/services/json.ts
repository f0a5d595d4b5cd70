// Row → wire JSON. Internal columns (owner, blob keys, hashes, wrapped keys) never leave here.
import type { Folder } from '../db/schema.ts'
import type { FileSummary } from '../repositories/files.ts'
import type { FileJson, FolderJson } from '../schemas/files.ts'
import { isoDate } from '../util/iso-date.ts'

export function fileJson(f: FileSummary): FileJson {
  return {
    _id: f.id,
    filename: f.filename,
    length: f.size,
    uploadDate: isoDate(f.upload_date),
    metadata: {
      parent: f.folder_id ?? '/',
      size: f.size,
      hasThumbnail: f.has_thumbnail === 1,
      isVideo: f.is_video === 1,
      thumbnailID: f.thumbnail_id ?? '',
      ...(f.link_type && f.link_token ? { linkType: f.link_type, link: f.link_token } : {}),
      ...(f.trashed ? { trashed: true } : {}),
    },
  }
}

/** parentList: "/" then every ancestor id, root first. */
export function parentList(ancestors: string): string[] {
  return ['/', ...ancestors.split('/').filter(Boolean)]
}

export function folderJson(f: Folder): FolderJson {
  return {
    _id: f.id,
    name: f.name,
    parent: f.parent_id ?? '/',
    parentList: parentList(f.ancestors),
    createdAt: isoDate(f.created_at),
    updatedAt: isoDate(f.updated_at),
    ...(f.trashed ? { trashed: true } : {}),
  }
}
