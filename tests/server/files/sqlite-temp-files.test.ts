// SQLite keeps its statement journals in memory (db/database.ts, temp_store): with the default,
// two of three small uploads created, wrote and unlinked a temp file for the commit's statement
// journal (issue #18's many small files). SQLite makes those files in SQLITE_TMPDIR and unlinks
// them at once, so they are caught by watching the folder, not by listing it.
import { watch, type FSWatcher } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'

describe.skipIf(pgUrl)('SQLite temp files (SQLite only: PostgreSQL has none of its own here)', () => {
  let server: TestServer
  let alice: Browser
  let dir: string
  let watcher: FSWatcher
  const made: string[] = []
  const before = process.env.SQLITE_TMPDIR
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cumulus-sqlite-tmp-'))
    // Read by SQLite each time it makes a temp file: this process's server uses it.
    process.env.SQLITE_TMPDIR = dir
    watcher = watch(dir, (_event, name) => made.push(String(name)))
    server = await startServer()
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('sqlite-tmp'))
  })
  afterAll(async () => {
    watcher.close()
    if (before === undefined) delete process.env.SQLITE_TMPDIR
    else process.env.SQLITE_TMPDIR = before
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('given small files uploaded whole (multipart, then 150 through tus: the journal spilled once the tables had grown a little), then their commits make no temp file', async () => {
    for (let i = 0; i < 3; i++) expect((await alice.upload(`small-${i}.txt`, `file ${i}`)).status).toBe(201)
    for (let i = 0; i < 150; i++) {
      const body = `tus file ${i}`
      const created = await alice.request('POST', '/file-service/uploads', {
        body,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(body.length),
          'upload-metadata': `filename ${Buffer.from(`tus-${i}.txt`).toString('base64')}`,
          'content-type': 'application/offset+octet-stream',
        },
      })
      expect(created.status).toBe(201)
      expect(created.headers.get('cumulus-file-id')).toBeTruthy()
    }
    // inotify events arrive on the event loop: give them a turn.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(made).toEqual([])
  })
})
