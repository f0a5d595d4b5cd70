// rclone's webdav backend against the real server: a tree of 1,000 files in nested folders
// synced up, then down to an empty folder, byte-exact (rclone check), and a second sync that
// transfers nothing. The config is the README's snippet. On PostgreSQL + S3 (the second CI pass)
// the same flow runs on a 100-file tree: the 1,000-file run costs a minute of CI on 2 cores.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectConsistent } from '../helpers/drive.ts'
import { pgUrl, useS3 } from '../helpers/server.ts'
import { type DavAccount, startDav, type TestServer } from './dav-helpers.ts'

const run = promisify(execFile)
const FILES = pgUrl || useS3 ? 100 : 1000

let server: TestServer
let account: DavAccount
let dir: string
let rclone: (...args: string[]) => Promise<{ stdout: string; stderr: string }>
beforeAll(async () => {
  ;({ server, account } = await startDav())
  dir = await mkdtemp(join(tmpdir(), 'cumulus-rclone-'))
  const { stdout: obscured } = await run('rclone', ['obscure', '--', account.write])
  const config = join(dir, 'rclone.conf')
  await writeFile(
    config,
    `[cumulus]\ntype = webdav\nurl = ${server.url}/dav/\nvendor = other\nuser = ${account.email}\npass = ${obscured.trim()}\n`,
  )
  rclone = (...args) =>
    run('rclone', ['--config', config, '--transfers', '8', '--checkers', '16', ...args], { maxBuffer: 32 << 20 })
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('rclone (webdav backend)', () => {
  it(
    `given a ${FILES}-file nested tree, then sync up and down is byte-exact and a second sync transfers nothing`,
    { timeout: 240_000 },
    async () => {
      const src = join(dir, 'src')
      for (let i = 0; i < FILES; i++) {
        const folder = join(src, `year-${i % 10}`, `month ${(i >> 4) % 4}`, ...(i % 7 === 0 ? ['deep', 'er'] : []))
        await mkdir(folder, { recursive: true })
        // Sizes from empty to 6 KB, and names with spaces and non-ASCII letters.
        await writeFile(join(folder, `file ${i} é.bin`), randomBytes(i % 50 === 0 ? 0 : (i * 37) % 6000))
      }
      await rclone('sync', src, 'cumulus:backup')
      const down = join(dir, 'down')
      await rclone('sync', 'cumulus:backup', down)
      // Exit code 0 is a clean check: every file on both sides, the same size and MD5.
      const check = await rclone('check', src, down)
      expect(check.stderr).toContain(`${FILES} matching files`)
      expect(check.stderr).toContain('0 differences found')
      const again = await rclone('sync', src, 'cumulus:backup', '-v')
      expect(again.stderr).not.toMatch(/Copied|Deleted|Updated/)
      expect(again.stderr).toContain('There was nothing to transfer')
      const rows = await (server.app.cumulus.db as any)
        .selectFrom('files')
        .select('id')
        .where('owner_id', '=', account.userId)
        .where('trashed', '=', 0)
        .execute()
      expect(rows).toHaveLength(FILES)
      await expectConsistent(server, expect)
    },
  )

  it('given a sync that overwrites a changed file, then the old content stays as a version of it', async () => {
    const src = join(dir, 'versioned')
    await mkdir(src, { recursive: true })
    await writeFile(join(src, 'budget.csv'), 'rent,900\n')
    await rclone('sync', src, 'cumulus:versioned')
    await writeFile(join(src, 'budget.csv'), 'rent,950\nfood,300\n')
    await rclone('sync', src, 'cumulus:versioned')
    const b = account.browser
    const [folder] = (await b.get('/folder-service/list?parent=/&search=versioned')).body.filter(
      (f: { name: string }) => f.name === 'versioned',
    )
    const [file] = (await b.get(`/file-service/list?parent=${folder._id}`)).body
    expect((await b.bytes(`/file-service/download/${file._id}`)).body.toString()).toBe('rent,950\nfood,300\n')
    const { versions } = (await b.get(`/file-service/${file._id}/versions`)).body
    expect(versions).toHaveLength(1)
    const old = await b.bytes(`/file-service/${file._id}/versions/${versions[0]._id}/download`)
    expect(old.body.toString()).toBe('rent,900\n')
  })
})
