// Real WebDAV clients against the real server (Debian's litmus and cadaver; .ci/run installs
// them): the litmus compliance suites, and a scripted cadaver session. One server for the file.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectConsistent } from '../helpers/drive.ts'
import { type DavAccount, startDav, type TestServer } from './dav-helpers.ts'

const run = promisify(execFile)

let server: TestServer
let account: DavAccount
let dir: string
beforeAll(async () => {
  ;({ server, account } = await startDav())
  dir = await mkdtemp(join(tmpdir(), 'cumulus-dav-clients-'))
})
afterAll(async () => {
  await server.close()
  await rm(dir, { recursive: true, force: true })
})

describe('litmus 0.13', () => {
  it(
    'given the basic, copymove, props, locks and http suites, then every test passes with no warning',
    { timeout: 180_000 },
    async () => {
      // "--": an app password may start with "-", which litmus would take for an option.
      const { stdout } = await run(
        'litmus',
        ['--keep-going', '--', `${server.url}/dav/`, account.email, account.write],
        {
          cwd: dir,
          env: { ...process.env, TESTS: 'basic copymove props locks http' },
          maxBuffer: 16 << 20,
        },
      ).catch((err: { stdout?: string; message: string }) => ({ stdout: err.stdout ?? err.message }))
      const summaries = [
        ...stdout.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g),
      ].map((m) => ({
        suite: m[1],
        run: Number(m[2]),
        failed: Number(m[4]),
      }))
      expect(summaries.map((s) => s.suite)).toEqual(['basic', 'copymove', 'props', 'locks', 'http'])
      for (const s of summaries) expect(s, stdout).toMatchObject({ failed: 0 })
      expect(summaries.reduce((n, s) => n + s.run, 0)).toBeGreaterThanOrEqual(100)
      expect(stdout.match(/WARNING.*/g) ?? []).toEqual([])
      await expectConsistent(server, expect)
    },
  )
})

describe('cadaver', () => {
  it('given a scripted session (mkcol, put, move, get, propget, ls, delete), then each step succeeds and the bytes come back', async () => {
    const home = join(dir, 'cadaver-home')
    await run('mkdir', ['-p', home])
    // cadaver reads its credentials from ~/.netrc, by host.
    await writeFile(join(home, '.netrc'), `machine 127.0.0.1\nlogin ${account.email}\npassword ${account.write}\n`, {
      mode: 0o600,
    })
    await writeFile(join(home, 'local.txt'), 'hello from cadaver\n')
    const script = [
      'mkcol docs',
      'cd docs',
      'put local.txt note.txt',
      'move note.txt renamed.txt',
      'get renamed.txt back.txt',
      'propget renamed.txt',
      'ls',
      'delete renamed.txt',
      'ls',
      'quit',
    ].join('\n')
    const child = execFile('cadaver', [`${server.url}/dav/`], {
      cwd: home,
      env: { ...process.env, HOME: home },
      timeout: 60_000,
    })
    let out = ''
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (out += d))
    child.stdin!.end(`${script}\n`)
    await new Promise((resolve) => child.on('close', resolve))
    expect(out).toContain("Creating `docs': succeeded.")
    expect(out).toMatch(/Uploading local\.txt to `\/dav\/docs\/note\.txt':.*succeeded\./)
    expect(out).toMatch(/Moving `\/dav\/docs\/note\.txt' to `\/dav\/docs\/renamed\.txt':\s+succeeded\./)
    expect(out).toMatch(/Downloading `\/dav\/docs\/renamed\.txt' to back\.txt:.*succeeded\./)
    expect(out).toContain('DAV: getcontentlength = 19')
    expect(out).toMatch(/renamed\.txt\s+19/)
    expect(out).toContain("Deleting `renamed.txt': succeeded.")
    expect(out).toContain('collection is empty')
    expect(await readFile(join(home, 'back.txt'), 'utf8')).toBe('hello from cadaver\n')
    // The web app sees what cadaver did: the folder, and the file in its trash.
    const trash = await account.browser.get('/file-service/list?trashMode=true')
    expect(trash.body.map((f: { filename: string }) => f.filename)).toContain('renamed.txt')
  })
})
