// Zip downloads of a selection, streamed entry by entry (one blob open at a time) with ZIP64
// for large files. Already-compressed formats are stored, the rest deflated. Paths start at the
// selected folder; names that collide in one directory get " (1)", " (2)", ….
import { once } from 'node:events'
import type { ZipArchive } from 'archiver'
import type { FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { Vault } from '../../storage/vault.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import { isCompressed } from '../../util/mime.ts'
import type { Readable } from 'node:stream'

export interface ZipEntry {
  path: string
  file?: FileRow
}

/**
 * One stored name as a single, literal path segment of a zip entry. Names may hold `\` and dots
 * (only "/" is refused), but extractors, and archiver itself, read `\` as a separator: a file
 * named `..\..\evil.txt` inside a folder became the entry `Folder/../../evil.txt`, which naive
 * unzippers write outside their target. So `\` and control characters become `_`, a segment of
 * dots only is made literal, and a leading `C:` (a drive to Windows tools; archiver strips it)
 * loses its colon.
 */
export function zipSegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  let s = name.replace(/[\\/\x00-\x1f\x7f]/g, '_')
  if (/^\.+$/.test(s)) s = s.replace(/\./g, '_')
  s = s.replace(/^(\w+):/, '$1_')
  return s || '_'
}

/** "a.txt" → "a (1).txt"; unique per directory, case-insensitively (as most file systems are). */
function uniqueNamer() {
  const used = new Map<string, Set<string>>()
  return (dir: string, raw: string) => {
    const name = zipSegment(raw)
    const names = used.get(dir) ?? new Set<string>()
    used.set(dir, names)
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let i = 1; names.has(candidate.toLowerCase()); i++) candidate = `${stem} (${i})${ext}`
    names.add(candidate.toLowerCase())
    return dir ? `${dir}/${candidate}` : candidate
  }
}

/** Resolves a selection to zip entries; any unknown, foreign or trashed id is a 404. */
export async function planZip(repo: DriveRepository, owner: string, folderIds: string[], fileIds: string[]) {
  if (folderIds.length + fileIds.length === 0) throw errors.badRequest('Select at least one file or folder')
  const folders = await repo.folders.foldersByIds(owner, folderIds)
  const files = await repo.files.filesByIds(owner, fileIds)
  if (
    folders.length !== folderIds.length ||
    files.length !== fileIds.length ||
    [...folders, ...files].some((x) => x.trashed)
  ) {
    throw errors.notFound('Item')
  }
  const name = uniqueNamer()
  const entries: ZipEntry[] = []
  for (const top of folders) {
    const paths = new Map<string, string>([[top.id, name('', top.name)]])
    entries.push({ path: `${paths.get(top.id)}/` })
    const below = (await repo.folders.descendants(owner, top)).filter((f) => !f.trashed)
    below.sort((a, b) => a.ancestors.length - b.ancestors.length || a.name_key.localeCompare(b.name_key))
    for (const f of below) {
      const parentPath = paths.get(f.parent_id!)
      if (parentPath === undefined) continue
      paths.set(f.id, name(parentPath, f.name))
      entries.push({ path: `${paths.get(f.id)}/` })
    }
    const inside = await repo.files.activeInFolders(owner, [...paths.keys()])
    for (const file of inside) entries.push({ path: name(paths.get(file.folder_id!)!, file.filename), file })
  }
  for (const file of files) entries.push({ path: name('', file.filename), file })
  const zipName = folders.length === 1 && files.length === 0 ? `${folders[0]!.name}.zip` : 'Cumulus.zip'
  return { entries, zipName }
}

/** Starts the archive stream and feeds it; errors after the first byte abort the stream. */
export async function streamZip(entries: ZipEntry[], open: (file: FileRow) => Promise<Readable>): Promise<ZipArchive> {
  // archiver is loaded on the first zip, not at start: most servers rarely make one.
  const { ZipArchive } = await import('archiver')
  const archive = new ZipArchive({ zlib: { level: 6 } })
  void (async () => {
    try {
      for (const e of entries) {
        const done = once(archive, 'entry')
        if (!e.file) archive.append(Buffer.alloc(0), { name: e.path, type: 'directory' })
        else
          archive.append(await open(e.file), {
            name: e.path,
            store: isCompressed(e.path),
            date: new Date(e.file.upload_date),
          })
        await done
      }
      await archive.finalize()
    } catch (err) {
      archive.destroy(err as Error)
    }
  })()
  return archive
}

/** The owner's zips: a selection planned (404 before any byte), then streamed from the vault. */
export function createZipService(deps: { repo: DriveRepository; vault: Pick<Vault, 'open'> }) {
  return {
    async plan(owner: string, folderIds: string[], fileIds: string[]) {
      const { entries, zipName } = await planZip(deps.repo, owner, folderIds, fileIds)
      return { zipName, stream: () => streamZip(entries, (file) => deps.vault.open(file)) }
    },
  }
}
export type ZipService = ReturnType<typeof createZipService>
