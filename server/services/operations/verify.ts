// `verify DIR`: re-hashes a backup against its manifest and names every problem (a path leaving
// the folder, a file missing, a hash that differs), so a bad backup is found before it is needed.
import { join } from 'node:path'
import { BackupError, hashFile, inside, type Manifest, readManifest, resolveBackup } from './manifest.ts'
import { eachInFlight } from '../../util/in-flight.ts'

export interface Verified {
  dir: string
  manifest: Manifest
  /** One line per problem; empty when the backup is whole. */
  problems: string[]
}

/** Files re-hashed at once. */
const IN_FLIGHT = 4

async function check(dir: string, rel: string, sha256: string, what: string, problems: string[]): Promise<void> {
  let path: string
  try {
    path = inside(dir, rel)
  } catch (e) {
    problems.push(`${what}: ${(e as Error).message}`)
    return
  }
  const found = await hashFile(path).catch((e: NodeJS.ErrnoException) => e)
  if (found instanceof Error) {
    problems.push(found.code === 'ENOENT' ? `${what} is missing (${rel})` : `${what} cannot be read: ${found.message}`)
  } else if (found.sha256 !== sha256) {
    problems.push(`${what} differs from the manifest (${rel}: sha256 ${found.sha256}, expected ${sha256})`)
  }
}

export async function verifyBackup(
  given: string,
  onProgress?: (done: number, total: number) => void,
): Promise<Verified> {
  const dir = await resolveBackup(given)
  const manifest = await readManifest(dir)
  const problems: string[] = []
  await check(dir, manifest.database.file, manifest.database.sha256, 'The database', problems)
  if (manifest.secret) await check(dir, manifest.secret.file, manifest.secret.sha256, 'The secret', problems)
  const blobs = manifest.blobs
  let done = 0
  await eachInFlight(blobs, IN_FLIGHT, async (b) => {
    await check(dir, b.file, b.sha256, `Blob ${b.key}`, problems)
    onProgress?.(++done, blobs.length)
  })
  for (const key of manifest.missing)
    problems.push(
      `Blob ${key} was missing from the store when the backup was made (${join('blobs', key.slice(0, 2), key)})`,
    )
  return { dir, manifest, problems }
}

export { BackupError }
