// What a new file does when its folder already holds its name (DESIGN.md §8 "Versions"): the
// upload's `conflict` — replace the file (its content becomes a version), keep both (the new one
// is `name (1).ext`), or fail with 409 NAME_EXISTS. Decided in the transaction that stores the
// file, under the owner's naming lock, so two uploads of one name settle one after the other.
import type { FileRow, UploadConflict } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveTransaction } from '../../repositories/drive.ts'
import { nameWithSuffix } from '../../util/names.ts'

const CHOICES: readonly UploadConflict[] = ['replace', 'keep-both', 'fail']

/** A `conflict` field or metadata value; undefined stays undefined (the caller's default). */
export function parseConflict(raw: string | undefined): UploadConflict | undefined {
  if (raw === undefined || raw === '') return undefined
  if ((CHOICES as readonly string[]).includes(raw)) return raw as UploadConflict
  throw errors.badRequest('conflict must be one of replace, keep-both, fail')
}

/** `report.pdf` → `report (n).pdf`. */
export const numberedName = (name: string, n: number): string => nameWithSuffix(name, ` (${n})`)

/** Where a new file goes: under its own name or a numbered one, or over the file it replaces. */
export type Placement = { name: string; replace?: undefined } | { name: string; replace: FileRow }

/**
 * In `trx`: how a new file named `name` lands in `folderId` (null = Home). `conflict` undefined
 * is the spec's multipart behaviour: a second file of the same name.
 */
export async function placeNew(
  trx: DriveTransaction,
  owner: string,
  folderId: string | null,
  name: string,
  conflict: UploadConflict | undefined,
): Promise<Placement> {
  if (conflict === undefined) return { name }
  await trx.folders.lockNaming(owner)
  const same = await trx.files.named(owner, folderId, name)
  if (same.length === 0) return { name }
  if (conflict === 'fail') throw errors.nameExists(name)
  if (conflict === 'replace') return { name, replace: same[0]! }
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n)
    if ((await trx.files.named(owner, folderId, candidate)).length === 0) return { name: candidate }
  }
}
