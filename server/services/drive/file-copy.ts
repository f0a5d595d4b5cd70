// "Make a copy": a new file beside the original, named `name (copy).ext`, sharing its blob (an
// exact duplicate costs no new bytes: storage/blob-janitor.ts `settle`), so a copy of any size is
// one row and no byte is read or written.
// The name keeps the extension last (the type, the preview and the badge stay the same) and sorts
// beside the original by name, as the keep-both rule's `name (1).ext` does; "Copy of name" would
// file it under C. Folders are not copied here (WebDAV's COPY copies a tree).
import type { FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import { nameWithSuffix } from '../../util/names.ts'
import { fileRow } from './uploads.ts'

export interface FileCopyDeps {
  repo: DriveRepository
  /** A file row committed: the thumbnail queue is woken. */
  onStored?: (file: FileRow) => void
  now?: () => number
}

/** `report.pdf` → `report (copy).pdf`. */
export const copyName = (name: string): string => nameWithSuffix(name, ' (copy)')

export function createFileCopies(deps: FileCopyDeps) {
  const { repo } = deps
  const now = deps.now ?? Date.now

  return {
    /**
     * A copy of the owner's file in its folder (404 for anything the owner can't reach or has
     * trashed), naming the original's blob and its wrapped data key. The original's row is held
     * (PostgreSQL: locked) until the copy commits, so its blob cannot be condemned in between.
     * `addedBy`: the member who made it in the owner's shared folder (null: the owner).
     */
    async copyFile(owner: string, id: string, addedBy: string | null = null): Promise<FileRow> {
      const made = await repo.transaction(async (trx) => {
        const source = await trx.files.file(owner, id)
        if (!source || source.trashed || !(await trx.outbox.hold(source.blob_key))) throw errors.notFound('File')
        if (source.folder_id !== null) {
          const folder = await trx.folders.folder(owner, source.folder_id)
          if (!folder || folder.trashed) throw errors.notFound('Folder')
        }
        const blob = {
          key: source.blob_key,
          size: source.size,
          sha256: source.sha256,
          ...(source.enc ? { enc: source.enc } : {}),
        }
        const row = fileRow(owner, source.folder_id, copyName(source.filename), source.mime, blob, now(), addedBy)
        await trx.files.insertFile(row)
        return row
      })
      deps.onStored?.(made)
      return made
    },
  }
}
export type FileCopies = ReturnType<typeof createFileCopies>
