// "Make a copy": a file's bytes copied into a new blob beside it, named `name (copy).ext`.
// The name keeps the extension last (the type, the preview and the badge stay the same) and sorts
// beside the original by name, as the keep-both rule's `name (1).ext` does; "Copy of name" would
// file it under C. Folders are not copied here (WebDAV's COPY copies a tree).
import type { FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { Vault } from '../../storage/vault.ts'
import type { QuotaService } from './quota.ts'
import { fileRow } from './uploads.ts'

export interface FileCopyDeps {
  repo: DriveRepository
  vault: Vault
  janitor: BlobJanitor
  quota: Pick<QuotaService, 'reserve' | 'settleIn' | 'release'>
  /** A file row committed: the thumbnail queue is woken. */
  onStored?: (file: FileRow) => void
  now?: () => number
}

/** `report.pdf` → `report (copy).pdf`; a name without an extension (or a dot file) gets it at the end. */
export function copyName(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)} (copy)${name.slice(dot)}` : `${name} (copy)`
}

export function createFileCopies(deps: FileCopyDeps) {
  const { repo, vault, janitor, quota } = deps
  const now = deps.now ?? Date.now

  return {
    /**
     * A copy of the owner's file in its folder (404 for anything the owner can't reach or has
     * trashed). Its bytes are held in the quota before one is read (507), written under a key the
     * janitor holds, so a failure or a crash before the commit leaves no blob, and re-sealed when
     * blobs are encrypted (vault.open decrypts, vault.put seals with a new data key). `addedBy`:
     * the member who made it in the owner's shared folder (null: the owner).
     */
    async copyFile(owner: string, id: string, addedBy: string | null = null): Promise<FileRow> {
      const source = await repo.files.file(owner, id)
      if (!source || source.trashed) throw errors.notFound('File')
      const reservation = await quota.reserve(owner, source.size)
      const written: string[] = []
      try {
        const key = await janitor.takeKey()
        written.push(key)
        const blob = await vault.put(await vault.open(source), { key })
        const made = await repo.transaction(async (trx) => {
          // The folder may have gone to the trash while the bytes were copied.
          if (source.folder_id !== null) {
            const folder = await trx.folders.folder(owner, source.folder_id)
            if (!folder || folder.trashed) throw errors.notFound('Folder')
          }
          const row = fileRow(owner, source.folder_id, copyName(source.filename), source.mime, blob, now(), addedBy)
          await trx.files.insertFile(row)
          await janitor.settle(trx.outbox, written)
          await quota.settleIn(trx, reservation, blob.size)
          return row
        })
        written.length = 0
        deps.onStored?.(made)
        return made
      } catch (err) {
        await janitor.abandon(written)
        await quota.release(reservation)
        throw err
      }
    },
  }
}
export type FileCopies = ReturnType<typeof createFileCopies>
