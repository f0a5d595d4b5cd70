// Backups of a running server: `backup`, `verify` and `restore` through the console, onto an
// empty data directory (or PostgreSQL schema and bucket), then the restored server is used as the
// old one was: same sessions, same links, every file byte-exact. One source server for the file.
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../../server/cli/admin.ts'
import { loadConfig, type Config } from '../../../server/config.ts'
import { readLastBackup } from '../../../server/services/operations/last-backup.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { expectConsistent, randomBytes } from '../helpers/drive.ts'
import { dropSchema, pgUrl, startS3, startServer, type TestServer, useS3 } from '../helpers/server.ts'

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

const adminConsole = (config: Config, ...args: string[]) => {
  const out: string[] = []
  const err: string[] = []
  return runAdminCommand(
    args,
    config,
    (l) => out.push(l),
    (l) => err.push(l),
  ).then((code) => ({ code, out, err }))
}

/** An empty place to restore into: a data dir, the schema (dropped first) and a bucket of its own. */
async function emptyTarget(schema: string | undefined) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-restore-'))
  const s3 = useS3 ? await startS3(await mkdtemp(join(tmpdir(), 'cumulus-s3-'))) : undefined
  if (pgUrl && schema) await dropSchema(schema)
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    ...s3?.env,
  }
  return {
    dataDir,
    env: s3?.env ?? {},
    config: loadConfig(env),
    async close() {
      await s3?.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

let source: TestServer
let s3Source: Awaited<ReturnType<typeof startS3>> | undefined
let root: string
const email = uniqueEmail('backup')
let alice: Browser
const contents = new Map<string, Buffer>()
let linkToken: string
let firstBackup: string

beforeAll(async () => {
  s3Source = useS3 ? await startS3(await mkdtemp(join(tmpdir(), 'cumulus-s3-'))) : undefined
  source = await startServer({ keepData: true, env: { ...s3Source?.env } })
  root = await mkdtemp(join(tmpdir(), 'cumulus-backups-'))
  alice = new Browser(source.url)
  await alice.signup(email)
  for (let i = 0; i < 6; i++) {
    const data = randomBytes(10_000 + i * 7_000, i + 1)
    const r = await alice.upload(`file-${i}.bin`, data)
    expect(r.status).toBe(201)
    contents.set(r.body._id, data)
  }
  // A file written over: its earlier content is a version, in the backup too.
  const over = await alice.upload('file-0.bin', 'replaced', '/', { conflict: 'replace' })
  if (over.status === 201) contents.set(over.body._id, Buffer.from('replaced'))
  const link = await alice.post('/share-service/links', { itemType: 'file', itemId: [...contents.keys()][1] })
  expect(link.status).toBe(201)
  linkToken = link.body.link.token
  const made = await adminConsole(source.config, 'backup', root)
  expect(made.err).toEqual([])
  expect(made.code).toBe(0)
  firstBackup = (await readdir(root)).map((n) => join(root, n))[0]!
}, 60_000)

afterAll(async () => {
  await source?.close()
  await s3Source?.close()
  await rm(source.dataDir, { recursive: true, force: true })
  await rm(root, { recursive: true, force: true })
})

describe('npm run admin -- backup DIR', () => {
  it('given a running server, then the backup folder is 0700, its files 0600, and backup.last records it', async () => {
    expect((await stat(root)).mode & 0o777).toBe(0o700)
    expect((await stat(firstBackup)).mode & 0o777).toBe(0o700)
    const manifest = JSON.parse(await readFile(join(firstBackup, 'manifest.json'), 'utf8'))
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(6)
    expect(manifest.migrations).toContain('001-accounts')
    for (const f of ['manifest.json', manifest.database.file, 'secret', manifest.blobs[0].file])
      expect((await stat(join(firstBackup, f))).mode & 0o777).toBe(0o600)
    const last = await readLastBackup(source.app.cumulus.settings)
    expect(last).toMatchObject({ ok: true, dir: firstBackup, files: manifest.blobs.length })
    expect(last!.bytes).toBeGreaterThan(60_000)
  })

  it('given a second backup with nothing changed, then it copies no blob: each is a hard link to the first', async () => {
    const again = await adminConsole(source.config, 'backup', root)
    expect(again.code).toBe(0)
    expect(again.out[0]).toMatch(/\(0 copied, \d+ unchanged\)/)
    const second = (await readdir(root)).sort().at(-1)!
    const manifest = JSON.parse(await readFile(join(root, second, 'manifest.json'), 'utf8'))
    expect((await stat(join(root, second, manifest.blobs[0].file))).nlink).toBe(2)
    await rm(join(root, second), { recursive: true })
  })
})

describe('npm run admin -- verify DIR', () => {
  it('given a whole backup, then 0; given a changed and a missing blob, then it names both and exits 1', async () => {
    expect((await adminConsole(source.config, 'verify', root)).code).toBe(0)
    const copy = await mkdtemp(join(tmpdir(), 'cumulus-damaged-'))
    try {
      await cp(firstBackup, copy, { recursive: true })
      const manifest = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8'))
      const [changed, missing] = manifest.blobs
      await rm(join(copy, changed.file))
      await writeFile(join(copy, changed.file), 'not what it was')
      await rm(join(copy, missing.file))
      const r = await adminConsole(source.config, 'verify', copy)
      expect(r.code).toBe(1)
      expect(r.err).toEqual(
        expect.arrayContaining([
          expect.stringContaining(`Blob ${changed.key} differs from the manifest`),
          expect.stringContaining(`Blob ${missing.key} is missing`),
          expect.stringContaining('2 problems'),
        ]),
      )
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})

describe('npm run admin -- restore DIR refuses', () => {
  /** A copy of the first backup with its manifest changed by `edit`, restored into an empty target. */
  async function restoreEdited(edit: (m: any, dir: string) => Promise<void> | void) {
    const copy = await mkdtemp(join(tmpdir(), 'cumulus-edited-'))
    const target = await emptyTarget(undefined)
    try {
      await cp(firstBackup, copy, { recursive: true })
      const manifest = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8'))
      await edit(manifest, copy)
      await writeFile(join(copy, 'manifest.json'), JSON.stringify(manifest))
      const r = await adminConsole(target.config, 'restore', copy)
      const wrote = await readdir(target.dataDir)
      return { ...r, wrote }
    } finally {
      await target.close()
      await rm(copy, { recursive: true, force: true })
    }
  }

  it('given a manifest path leaving the folder, then 1 and nothing restored', async () => {
    const r = await restoreEdited((m) => void (m.blobs[0].file = '../../etc/passwd'))
    expect(r.code).toBe(1)
    expect(r.err.join('\n')).toContain('path outside the backup folder: ../../etc/passwd')
    expect(r.wrote.filter((n) => n !== 'secret')).toEqual([])
  })

  it('given a blob whose hash differs, then 1 and nothing restored', async () => {
    const r = await restoreEdited(async (m, dir) => writeFile(join(dir, m.blobs[1].file), 'tampered'))
    expect(r.code).toBe(1)
    expect(r.err.join('\n')).toMatch(/damaged; nothing was restored[\s\S]*differs from the manifest/)
    expect(r.wrote.filter((n) => n !== 'secret')).toEqual([])
  })

  it('given a backup of a newer schema, then 1 with a clear line', async () => {
    const r = await restoreEdited((m) => void m.migrations.push('999-from-the-future'))
    expect(r.code).toBe(1)
    expect(r.err).toEqual([
      'This backup is of a newer Cumulus (its database ran 999-from-the-future); restore it with that version or later',
    ])
  })
})

describe('backup during uploads and deletes → wipe → restore', () => {
  it('given 50 uploads and deletes running during the backup, then the restore has every file byte-exact, no row without its blob and no blob without a row; the session and the link work as before', async () => {
    const bob = new Browser(source.url)
    await bob.signup(uniqueEmail('busy'))
    const doomed: string[] = []
    for (let i = 0; i < 10; i++) doomed.push((await bob.upload(`old-${i}.bin`, randomBytes(4000, 100 + i))).body._id)
    const busy = await mkdtemp(join(tmpdir(), 'cumulus-busy-'))
    const work = [
      ...Array.from({ length: 40 }, (_, i) => bob.upload(`new-${i}.bin`, randomBytes(3000 + i, 200 + i))),
      ...doomed.map((id) => bob.delete('/file-service/remove', { id })),
    ]
    const made = adminConsole(source.config, 'backup', busy)
    await Promise.all(work)
    expect((await made).err).toEqual([])

    const schema = source.config.databaseSchema
    await source.close()
    await s3Source?.close()
    const target = await emptyTarget(schema)
    let restored: TestServer | undefined
    try {
      const r = await adminConsole(target.config, 'restore', busy)
      expect(r.err).toEqual([])
      expect(r.code).toBe(0)
      // A second restore onto what is now full is refused.
      expect((await adminConsole(target.config, 'restore', busy)).code).toBe(1)
      restored = await startServer({
        dataDir: target.dataDir,
        keepData: true,
        env: target.env,
        ...(schema ? { schema } : {}),
      })
      const same = new Browser(restored.url, alice.uuid)
      for (const [k, v] of alice.cookies) same.cookies.set(k, v)
      expect((await same.get('/file-service/list')).status).toBe(200)
      for (const [id, data] of contents) {
        const got = await same.bytes(`/file-service/download/${id}`)
        expect(got.status).toBe(200)
        expect(sha(got.body)).toBe(sha(data))
      }
      expect((await new Browser(restored.url).get(`/share-service/public/${linkToken}`)).status).toBe(200)
      expect((await new Browser(restored.url).login(email)).status).toBe(200)
      await expectConsistent(restored, expect)
      // Every row's blob is there and holds the row's bytes (no ENCRYPTION_KEY here: stored = plain).
      const rows = await restored.app.cumulus.db.selectFrom('files').select(['blob_key', 'sha256']).execute()
      expect(rows.length).toBeGreaterThan(contents.size)
      for (const row of rows) {
        const chunks: Buffer[] = []
        for await (const c of await restored.app.cumulus.store.get(row.blob_key)) chunks.push(c as Buffer)
        expect(sha(Buffer.concat(chunks))).toBe(row.sha256)
      }
    } finally {
      await restored?.close()
      await target.close()
      await rm(busy, { recursive: true, force: true })
    }
  }, 90_000)
})
