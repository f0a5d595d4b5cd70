// WebDAV's "Shared with me" (issue #39 point 7, services/dav/shared.ts) over real HTTP with app
// passwords: the collection in Home, what a viewer reads and may not write, what an editor writes
// into the owner's drive (quota, added_by, trash), the refusals across namespaces and on the
// shared item itself, locks that meet the owner's, a share ended, and rclone against it.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shareNames } from '../../../server/services/dav/shared.ts'
import { shareWith } from '../helpers/members.ts'
import { basic, dav, type DavAccount, davAccount, hrefs, startDav, type TestServer } from './dav-helpers.ts'

const run = promisify(execFile)
const SHARED = '/dav/Shared%20with%20me'
const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>'

let server: TestServer
let anna: DavAccount
let ben: DavAccount
let carla: DavAccount
let holidays: string
let work: string
let report: string
let annaName: string
let asBen: (method: string, path: string, opts?: Parameters<typeof dav>[4]) => ReturnType<typeof dav>
let asAnna: typeof asBen

const nameOf = (a: DavAccount) => a.email.split('@')[0]!
const depth1 = { headers: { depth: '1' } }
const row = (table: 'files' | 'folders', id: string) =>
  server.app.cumulus.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()
async function annaFile(folder: string, name: string) {
  const list = await anna.browser.get(`/file-service/list?parent=${folder}`)
  return (list.body as Array<{ _id: string; filename: string; addedBy?: { _id: string } }>).find(
    (f) => f.filename === name,
  )
}

beforeAll(async () => {
  ;({ server, account: anna } = await startDav())
  ben = await davAccount(server, 'ben')
  carla = await davAccount(server, 'carla')
  annaName = nameOf(anna)
  asBen = (method, path, opts) => dav(server, basic(ben.email, ben.write), method, path, opts)
  asAnna = (method, path, opts) => dav(server, basic(anna.email, anna.write), method, path, opts)
  holidays = (await anna.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
  await anna.browser.upload('beach.txt', 'sand', holidays)
  work = (await anna.browser.post('/folder-service/create', { name: 'Work' })).body._id
  await anna.browser.upload('plan.txt', 'v1', work)
  report = (await anna.browser.upload('report.txt', 'numbers', '/')).body._id
  await anna.browser.upload('diary.txt', 'mine', '/')
  await shareWith(server, { id: anna.userId }, { type: 'folder', id: holidays }, { id: ben.userId }, 'viewer')
  await shareWith(server, { id: anna.userId }, { type: 'folder', id: work }, { id: ben.userId }, 'editor')
  await shareWith(server, { id: anna.userId }, { type: 'file', id: report }, { id: ben.userId }, 'viewer')
})
afterAll(() => server.close())

describe('Shared with me, listed', () => {
  it('given shares, then Home lists the collection and the collection lists each shared item under its name', async () => {
    const home = await asBen('PROPFIND', '/dav/', depth1)
    expect(home.status).toBe(207)
    expect(hrefs(home.text)).toContain('/dav/Shared with me/')
    const list = await asBen('PROPFIND', `${SHARED}/`, depth1)
    expect(list.status).toBe(207)
    expect(hrefs(list.text).sort()).toEqual(
      [
        '/dav/Shared with me/',
        '/dav/Shared with me/Holidays/',
        '/dav/Shared with me/Work/',
        '/dav/Shared with me/report.txt',
      ].sort(),
    )
    // Nothing of the owner's quota, and nothing of hers outside what she shared.
    expect(list.text).not.toContain('diary.txt')
    const quota = await asBen('PROPFIND', `${SHARED}/Work/`, {
      headers: { depth: '0' },
      body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-used-bytes/></D:prop></D:propfind>',
    })
    expect(quota.text).toContain('404 Not Found')
  })

  it('given nothing shared with an account, then its Home is as before, and the URL is an empty collection', async () => {
    const auth = basic(carla.email, carla.write)
    expect(hrefs((await dav(server, auth, 'PROPFIND', '/dav/', depth1)).text)).toEqual(['/dav/'])
    const empty = await dav(server, auth, 'PROPFIND', `${SHARED}/`, depth1)
    expect(empty.status).toBe(207)
    expect(hrefs(empty.text)).toEqual(['/dav/Shared with me/'])
    expect((await dav(server, auth, 'GET', `${SHARED}/Holidays/beach.txt`)).status).toBe(404)
  })

  it('given a shared folder, then PROPFIND lists inside it and GET reads a file, as a viewer', async () => {
    const inside = await asBen('PROPFIND', `${SHARED}/Holidays/`, depth1)
    expect(inside.status).toBe(207)
    expect(hrefs(inside.text)).toEqual(['/dav/Shared with me/Holidays/', '/dav/Shared with me/Holidays/beach.txt'])
    const get = await asBen('GET', `${SHARED}/Holidays/beach.txt`)
    expect(get.status).toBe(200)
    expect(get.text).toBe('sand')
    expect((await asBen('GET', `${SHARED}/report.txt`)).text).toBe('numbers')
    const page = await asBen('GET', `${SHARED}/`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Holidays/')
  })

  it("given two shared items of one name, then each gets its owner's name, deterministically", async () => {
    const carlaHolidays = (await carla.browser.post('/folder-service/create', { name: 'Holidays' })).body._id
    await shareWith(server, { id: carla.userId }, { type: 'folder', id: carlaHolidays }, { id: ben.userId }, 'viewer')
    const list = hrefs((await asBen('PROPFIND', `${SHARED}/`, depth1)).text)
    expect(list).toContain(`/dav/Shared with me/Holidays (${annaName})/`)
    expect(list).toContain(`/dav/Shared with me/Holidays (${nameOf(carla)})/`)
    expect(list).not.toContain('/dav/Shared with me/Holidays/')
    expect((await asBen('GET', `${SHARED}/Holidays%20(${annaName})/beach.txt`)).text).toBe('sand')
    expect(hrefs((await asBen('PROPFIND', `${SHARED}/`, depth1)).text)).toEqual(list)
    await server.app.cumulus.db.deleteFrom('member_shares').where('item_id', '=', carlaHolidays).execute()
  })

  it('given an own item named "Shared with me" at the root, then it wins and the collection is not shown', async () => {
    const dana = await davAccount(server, 'dana')
    const own = (await dana.browser.post('/folder-service/create', { name: 'Shared with me' })).body._id
    await dana.browser.upload('mine.txt', 'dana', own)
    await shareWith(server, { id: anna.userId }, { type: 'folder', id: holidays }, { id: dana.userId }, 'viewer')
    const auth = basic(dana.email, dana.write)
    const home = hrefs((await dav(server, auth, 'PROPFIND', '/dav/', depth1)).text)
    expect(home.filter((h) => h === '/dav/Shared with me/')).toHaveLength(1)
    const inside = hrefs((await dav(server, auth, 'PROPFIND', `${SHARED}/`, depth1)).text)
    expect(inside).toEqual(['/dav/Shared with me/', '/dav/Shared with me/mine.txt'])
  })
})

describe('shareNames', () => {
  it("given clashing names, then owners' names and then counters tell them apart, whatever the order", () => {
    const items = [
      { name: 'Photos', folder: true, ownerName: 'Ann', id: 'b' },
      { name: 'photos', folder: true, ownerName: 'Ann', id: 'a' },
      { name: 'Photos', folder: true, ownerName: 'Bob', id: 'c' },
      { name: 'Photos (Bob)', folder: true, ownerName: 'Cy', id: 'd' },
      { name: 'a.txt', folder: false, ownerName: 'Ann', id: 'e' },
      { name: 'a.txt', folder: false, ownerName: 'Bob', id: 'f' },
      { name: 'v1.0', folder: true, ownerName: 'Ann', id: 'g' },
    ]
    const shown = (list: typeof items) => Object.fromEntries(shareNames(list).map((i) => [i.id, i.shown]))
    const expected = {
      a: 'photos (Ann)',
      b: 'Photos (Ann 2)',
      c: 'Photos (Bob 2)',
      d: 'Photos (Bob)',
      e: 'a (Ann).txt',
      f: 'a (Bob).txt',
      g: 'v1.0',
    }
    expect(shown(items)).toEqual(expected)
    expect(shown([...items].reverse())).toEqual(expected)
  })
})

describe('Shared with me, written', () => {
  it('given a viewer share, then every write is refused with 403 and a reason', async () => {
    const put = await asBen('PUT', `${SHARED}/Holidays/new.txt`, { body: 'x' })
    expect(put.status).toBe(403)
    expect(put.text).toContain('VIEWER_ROLE')
    expect((await asBen('PUT', `${SHARED}/Holidays/beach.txt`, { body: 'x' })).status).toBe(403)
    expect((await asBen('MKCOL', `${SHARED}/Holidays/sub`)).status).toBe(403)
    expect((await asBen('DELETE', `${SHARED}/Holidays/beach.txt`)).status).toBe(403)
    expect((await asBen('LOCK', `${SHARED}/Holidays/beach.txt`, { body: LOCK_BODY })).status).toBe(403)
    expect(
      (
        await asBen('PROPPATCH', `${SHARED}/Holidays/beach.txt`, {
          body: '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:a>1</Z:a></D:prop></D:set></D:propertyupdate>',
        })
      ).status,
    ).toBe(403)
    const options = await asBen('OPTIONS', `${SHARED}/Holidays/`)
    expect(options.headers.get('allow')).toBe('OPTIONS, GET, HEAD, PROPFIND')
    expect((await asBen('GET', `${SHARED}/Holidays/beach.txt`)).text).toBe('sand')
  })

  it('given the collection itself, then nothing is written there and it cannot be locked', async () => {
    for (const [method, path] of [
      ['PUT', `${SHARED}/x.txt`],
      ['MKCOL', `${SHARED}/new`],
      ['DELETE', `${SHARED}/`],
      ['LOCK', `${SHARED}/`],
      ['PROPPATCH', `${SHARED}/`],
      ['MOVE', `${SHARED}/`],
    ] as const) {
      const res = await asBen(method, path, {
        body: method === 'LOCK' ? LOCK_BODY : method === 'PUT' ? 'x' : undefined,
        headers: { destination: '/dav/elsewhere' },
      })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
  })

  it("given an editor share, then PUT and MKCOL land in the owner's drive, on her quota, added by the member", async () => {
    const before = (await anna.browser.get('/user-service/user-detailed')).body.used as number
    const put = await asBen('PUT', `${SHARED}/Work/notes.txt`, { body: 'from ben' })
    expect(put.status).toBe(201)
    const file = await annaFile(work, 'notes.txt')
    expect(file?.addedBy?._id).toBe(ben.userId)
    expect((await anna.browser.get('/user-service/user-detailed')).body.used).toBe(before + 8)
    expect((await asBen('PUT', `${SHARED}/Work/plan.txt`, { body: 'v2' })).status).toBe(204)
    expect(
      (await anna.browser.bytes(`/file-service/download/${(await annaFile(work, 'plan.txt'))!._id}`)).body.toString(),
    ).toBe('v2')
    expect((await asBen('MKCOL', `${SHARED}/Work/drafts`)).status).toBe(201)
    const folders = await anna.browser.get(`/folder-service/list?parent=${work}`)
    const drafts = (folders.body as Array<{ _id: string; name: string }>).find((f) => f.name === 'drafts')!
    expect((await row('folders', drafts._id)).added_by).toBe(ben.userId)
    expect((await row('folders', drafts._id)).owner_id).toBe(anna.userId)
    expect((await asBen('PUT', `${SHARED}/Work/drafts/a.txt`, { body: 'a' })).status).toBe(201)
  })

  it("given an editor share, then DELETE sends to the owner's trash and MOVE and COPY work inside it", async () => {
    await asBen('PUT', `${SHARED}/Work/old.txt`, { body: 'old' })
    const old = (await annaFile(work, 'old.txt'))!
    expect((await asBen('DELETE', `${SHARED}/Work/old.txt`)).status).toBe(204)
    expect((await row('files', old._id)).trashed).toBe(1)
    const move = await asBen('MOVE', `${SHARED}/Work/notes.txt`, {
      headers: { destination: `${SHARED}/Work/drafts/notes-moved.txt` },
    })
    expect(move.status).toBe(201)
    const folders = await anna.browser.get(`/folder-service/list?parent=${work}`)
    const drafts = (folders.body as Array<{ _id: string; name: string }>).find((f) => f.name === 'drafts')!
    expect(await annaFile(drafts._id, 'notes-moved.txt')).toBeDefined()
    const copy = await asBen('COPY', `${SHARED}/Work/plan.txt`, {
      headers: { destination: `${SHARED}/Work/plan-copy.txt` },
    })
    expect(copy.status).toBe(201)
    expect((await annaFile(work, 'plan-copy.txt'))?.addedBy?._id).toBe(ben.userId)
  })

  it('given a MOVE or COPY across namespaces, then 403, and nothing moved', async () => {
    await dav(server, basic(ben.email, ben.write), 'PUT', '/dav/ben.txt', { body: 'ben' })
    const out = await asBen('MOVE', `${SHARED}/Work/plan.txt`, { headers: { destination: '/dav/stolen.txt' } })
    expect(out.status).toBe(403)
    expect(out.text).toContain('OUTSIDE_SHARE')
    expect((await asBen('COPY', '/dav/ben.txt', { headers: { destination: `${SHARED}/Work/ben.txt` } })).status).toBe(
      403,
    )
    expect(
      (await asBen('COPY', `${SHARED}/Work/plan.txt`, { headers: { destination: `${SHARED}/Holidays/plan.txt` } }))
        .status,
    ).toBe(403)
    expect(await annaFile(work, 'plan.txt')).toBeDefined()
    expect((await asBen('GET', '/dav/stolen.txt')).status).toBe(404)
  })

  it('given the shared item itself, then it cannot be deleted, moved, renamed or replaced', async () => {
    const del = await asBen('DELETE', `${SHARED}/Work/`)
    expect(del.status).toBe(403)
    expect(del.text).toContain('OUTSIDE_SHARE')
    expect((await asBen('MOVE', `${SHARED}/Work/`, { headers: { destination: `${SHARED}/Job/` } })).status).toBe(403)
    expect(
      (await asBen('COPY', `${SHARED}/Work/plan.txt`, { headers: { destination: `${SHARED}/Work/` } })).status,
    ).toBe(403)
    expect((await row('folders', work)).trashed).toBe(0)
    expect((await asBen('OPTIONS', `${SHARED}/Work/`)).headers.get('allow')).not.toMatch(/DELETE|MOVE/)
  })

  it('given a read-only app password, then a member cannot write into an editor share', async () => {
    const put = await dav(server, basic(ben.email, ben.read), 'PUT', `${SHARED}/Work/ro.txt`, { body: 'x' })
    expect(put.status).toBe(403)
    expect(put.text).toContain('READ_ONLY')
    expect((await dav(server, basic(ben.email, ben.read), 'GET', `${SHARED}/Work/plan.txt`)).status).toBe(200)
  })
})

describe('Shared with me, locked', () => {
  it("given an editor, then LOCK, a PUT with its token, UNLOCK work, and the lock meets the owner's", async () => {
    const lock = await asBen('LOCK', `${SHARED}/Work/locked.txt`, {
      body: LOCK_BODY,
      headers: { timeout: 'Second-60' },
    })
    expect(lock.status).toBe(201)
    const token = lock.headers.get('lock-token')!
    expect(lock.text).toContain('<D:href>/dav/Shared%20with%20me/Work/locked.txt</D:href>')
    expect((await asBen('PUT', `${SHARED}/Work/locked.txt`, { body: 'x' })).status).toBe(423)
    expect(
      (await asBen('PUT', `${SHARED}/Work/locked.txt`, { body: 'locked', headers: { if: `(${token})` } })).status,
    ).toBe(204)
    // The lock is the owner's namespace's: her own WebDAV write there waits for it too.
    expect((await asAnna('PUT', '/dav/Work/locked.txt', { body: 'hers' })).status).toBe(423)
    const discovery = await asAnna('PROPFIND', '/dav/Work/locked.txt', { headers: { depth: '0' } })
    expect(discovery.text).toContain('<D:href>/dav/Work/locked.txt</D:href></D:lockroot>')
    expect((await asBen('UNLOCK', `${SHARED}/Work/locked.txt`, { headers: { 'lock-token': token } })).status).toBe(204)
    expect((await asAnna('PUT', '/dav/Work/locked.txt', { body: 'hers' })).status).toBe(204)
  })

  it("given the owner holds a lock, then the editor's write is refused 423 naming the share's URL", async () => {
    const lock = await asAnna('LOCK', '/dav/Work/', { body: LOCK_BODY, headers: { timeout: 'Second-60' } })
    expect(lock.status).toBe(200)
    const put = await asBen('PUT', `${SHARED}/Work/during.txt`, { body: 'x' })
    expect(put.status).toBe(423)
    expect(put.text).toContain('/dav/Shared%20with%20me/Work')
    expect(put.text).not.toContain('<D:href>/dav/Work')
    await asAnna('UNLOCK', '/dav/Work/', { headers: { 'lock-token': lock.headers.get('lock-token')! } })
  })
})

describe('Shared with me, ended and measured', () => {
  it('given a share removed, then the next request is a 404', async () => {
    const temp = (await anna.browser.post('/folder-service/create', { name: 'Temp' })).body._id
    const id = await shareWith(server, { id: anna.userId }, { type: 'folder', id: temp }, { id: ben.userId }, 'editor')
    expect((await asBen('PROPFIND', `${SHARED}/Temp/`, { headers: { depth: '0' } })).status).toBe(207)
    await server.app.cumulus.drive.memberShares.remove(id)
    expect((await asBen('PROPFIND', `${SHARED}/Temp/`, { headers: { depth: '0' } })).status).toBe(404)
    expect((await asBen('PUT', `${SHARED}/Temp/x.txt`, { body: 'x' })).status).toBe(403)
    expect(hrefs((await asBen('PROPFIND', `${SHARED}/`, depth1)).text)).not.toContain('/dav/Shared with me/Temp/')
  })

  it('given a shared folder trashed, or its owner disabled, then it is gone from the collection and 404', async () => {
    const gone = (await anna.browser.post('/folder-service/create', { name: 'Gone' })).body._id
    await shareWith(server, { id: anna.userId }, { type: 'folder', id: gone }, { id: ben.userId }, 'editor')
    const fay = await davAccount(server, 'fay')
    const hers = (await fay.browser.post('/folder-service/create', { name: 'Fays' })).body._id
    await shareWith(server, { id: fay.userId }, { type: 'folder', id: hers }, { id: ben.userId }, 'editor')
    expect((await asBen('PROPFIND', `${SHARED}/Gone/`, { headers: { depth: '0' } })).status).toBe(207)
    expect((await asBen('PROPFIND', `${SHARED}/Fays/`, { headers: { depth: '0' } })).status).toBe(207)
    await server.app.cumulus.db.updateTable('folders').set({ trashed: 1 }).where('id', '=', gone).execute()
    await server.app.cumulus.db.updateTable('users').set({ disabled: 1 }).where('id', '=', fay.userId).execute()
    expect((await asBen('PROPFIND', `${SHARED}/Gone/`, { headers: { depth: '0' } })).status).toBe(404)
    expect((await asBen('PROPFIND', `${SHARED}/Fays/`, { headers: { depth: '0' } })).status).toBe(404)
    const list = hrefs((await asBen('PROPFIND', `${SHARED}/`, depth1)).text)
    expect(list).not.toContain('/dav/Shared with me/Gone/')
    expect(list).not.toContain('/dav/Shared with me/Fays/')
  })

  it('given 50 shares received, then a request inside one stays quick', async () => {
    const erin = await davAccount(server, 'erin')
    for (let i = 0; i < 50; i++) {
      const f = (await anna.browser.post('/folder-service/create', { name: `Many ${i}` })).body._id
      await shareWith(server, { id: anna.userId }, { type: 'folder', id: f }, { id: erin.userId }, 'editor')
    }
    const auth = basic(erin.email, erin.write)
    await dav(server, auth, 'PROPFIND', `${SHARED}/Many%2042/`, depth1)
    const t = performance.now()
    for (let i = 0; i < 20; i++)
      expect((await dav(server, auth, 'PROPFIND', `${SHARED}/Many%2042/`, depth1)).status).toBe(207)
    const each = (performance.now() - t) / 20
    await dav(server, auth, 'MKCOL', '/dav/Mine')
    const t0 = performance.now()
    for (let i = 0; i < 20; i++) await dav(server, auth, 'PROPFIND', '/dav/Mine/', depth1)
    const own = (performance.now() - t0) / 20
    console.info(`PROPFIND inside one of 50 shares: ${each.toFixed(1)} ms each; of an own folder: ${own.toFixed(1)} ms`)
    expect(each).toBeLessThan(250)
  })
})

describe('Shared with me, with litmus', () => {
  it(
    'given an editor share as the URL, then litmus basic, copymove, props, locks and http all pass',
    { timeout: 180_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cumulus-litmus-shared-'))
      const lab = (await anna.browser.post('/folder-service/create', { name: 'Lab' })).body._id
      await shareWith(server, { id: anna.userId }, { type: 'folder', id: lab }, { id: ben.userId }, 'editor')
      try {
        const { stdout } = await run(
          'litmus',
          ['--keep-going', '--', `${server.url}${SHARED}/Lab/`, ben.email, ben.write],
          {
            cwd: dir,
            env: { ...process.env, TESTS: 'basic copymove props locks http' },
            maxBuffer: 16 << 20,
          },
        ).catch((err: { stdout?: string; message: string }) => ({ stdout: err.stdout ?? err.message }))
        const summaries = [
          ...stdout.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g),
        ].map((m) => ({ suite: m[1], failed: Number(m[4]) }))
        expect(summaries.map((s) => s.suite)).toEqual(['basic', 'copymove', 'props', 'locks', 'http'])
        for (const s of summaries) expect(s, stdout).toMatchObject({ failed: 0 })
        expect(stdout.match(/WARNING.*/g) ?? []).toEqual([])
        // What litmus made was the owner's, added by the member.
        const made = await server.app.cumulus.db
          .selectFrom('folders')
          .select(['owner_id', 'added_by'])
          .where('parent_id', '=', lab)
          .execute()
        expect(made.length).toBeGreaterThan(0)
        for (const f of made) expect(f).toEqual({ owner_id: anna.userId, added_by: ben.userId })
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})

describe('Shared with me, with rclone', () => {
  it(
    'given rclone, then it lists the collection and copies a file into an editor share',
    { timeout: 60_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cumulus-rclone-shared-'))
      try {
        const { stdout: obscured } = await run('rclone', ['obscure', '--', ben.write])
        const config = join(dir, 'rclone.conf')
        await writeFile(
          config,
          `[cumulus]\ntype = webdav\nurl = ${server.url}/dav/\nvendor = other\nuser = ${ben.email}\npass = ${obscured.trim()}\n`,
        )
        const rclone = (...args: string[]) => run('rclone', ['--config', config, ...args])
        const { stdout: top } = await rclone('lsf', 'cumulus:Shared with me')
        expect(top.split('\n')).toEqual(expect.arrayContaining(['Holidays/', 'Work/', 'report.txt']))
        await writeFile(join(dir, 'from-rclone.txt'), 'hello from rclone')
        await rclone('copy', join(dir, 'from-rclone.txt'), 'cumulus:Shared with me/Work')
        const file = await annaFile(work, 'from-rclone.txt')
        expect(file?.addedBy?._id).toBe(ben.userId)
        await rclone('copy', 'cumulus:Shared with me/Holidays', join(dir, 'down'))
        expect(await readFile(join(dir, 'down', 'beach.txt'), 'utf8')).toBe('sand')
        // A viewer share refuses the upload: rclone fails.
        await expect(rclone('copy', join(dir, 'from-rclone.txt'), 'cumulus:Shared with me/Holidays')).rejects.toThrow()
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
})
