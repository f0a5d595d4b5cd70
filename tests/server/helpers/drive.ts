// Looks behind the API: what the store and the database hold, to prove nothing leaks or is lost.
import type { TestServer } from './server.ts'

export async function blobKeys(server: TestServer): Promise<string[]> {
  const keys: string[] = []
  for await (const k of server.app.cumulus.store.keys()) keys.push(k)
  return keys.sort()
}

export async function fileRows(server: TestServer) {
  return server.app.cumulus.db
    .selectFrom('files')
    .select(['id', 'blob_key', 'thumbnail_key', 'preview_key', 'owner_id'])
    .execute()
}

/** Every blob belongs to a row and every row has its blob (rows sharing one, exact duplicates, name it once). */
export async function expectConsistent(server: TestServer, expect: (v: unknown) => any) {
  await server.app.cumulus.thumbnails.idle()
  // A duplicate's own bytes are condemned when it adopts its twin's blob, and swept later.
  await server.app.cumulus.janitor.sweep()
  const keys = await blobKeys(server)
  const rows = await fileRows(server)
  const versions = await server.app.cumulus.db.selectFrom('file_versions').select('blob_key').execute()
  const referenced = rows
    .flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
    .concat(versions.map((v) => v.blob_key))
  expect(keys).toEqual([...new Set(referenced)].sort())
}

export const randomBytes = (n: number, seed = 1) => {
  const b = Buffer.alloc(n)
  let x = seed * 2654435761
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    b[i] = x >>> 24
  }
  return b
}
