// Relevance search (DESIGN.md §8 "Search inside files"): sortBy=relevance ranks names exact >
// prefix > every word > one typo > content, folds accents and case, forgives word order, says
// where each result is (path) and why (snippet), keeps each scope (Home, trash, media, a shared
// folder), filters by kind and date, pages without gaps, and takes any text as data.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { member, shareWith, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let b: Browser

const q = encodeURIComponent

async function signedIn(tag: string) {
  const browser = new Browser(server.url)
  await browser.signup(uniqueEmail(tag))
  return browser
}

async function upload(browser: Browser, name: string, data: string | Uint8Array = 'x', parent = '/') {
  const r = await browser.upload(name, data, parent)
  expect(r.status, r.text).toBe(201)
  return r.body._id as string
}

async function folder(browser: Browser, name: string, parent?: string) {
  const r = await browser.post('/folder-service/create', { name, ...(parent ? { parent } : {}) })
  expect(r.status, r.text).toBe(201)
  return r.body._id as string
}

/** Waits until the content queue has ended this file's job. */
async function indexed(id: string) {
  await expect
    .poll(
      async () => {
        const s = (await server.app.cumulus.drive.contentIndex.state(id))?.state
        return s !== undefined && s !== 'pending' && !s.startsWith('working:')
      },
      { timeout: 30_000 },
    )
    .toBe(true)
}

const files = async (browser: Browser, search: string, extra = '') => {
  const r = await browser.get(`/file-service/list?search=${q(search)}&sortBy=relevance${extra}`)
  expect(r.status, r.text).toBe(200)
  return r.body as any[]
}
const folders = async (browser: Browser, search: string, extra = '') => {
  const r = await browser.get(`/folder-service/list?search=${q(search)}&sortBy=relevance${extra}`)
  expect(r.status, r.text).toBe(200)
  return r.body as any[]
}
const ranked = (list: any[]) => list.map((f) => [f.filename ?? f.name, f.rank])

beforeAll(async () => {
  server = await startServer()
  b = await signedIn('relevance')
})
afterAll(() => server?.close())

describe('relevance ranking', () => {
  it('given names of every tier and a document, then they come exact, prefix, words, typo, content, each once', async () => {
    const browser = await signedIn('tiers')
    for (const name of ['garden.jpg', 'garden plan.pdf', 'my garden.png', 'gardne.jpg', 'other.jpg', 'Garden'])
      await upload(browser, name)
    const doc = await upload(browser, 'notes.txt', 'we planted a GARDEN of roses')
    // Its name and its text both match: it appears once, by name.
    const both = await upload(browser, 'garden diary.txt', 'the garden grows')
    await indexed(doc)
    await indexed(both)
    expect(ranked(await files(browser, 'garden'))).toEqual([
      ['Garden', 0],
      ['garden.jpg', 0],
      ['garden diary.txt', 1],
      ['garden plan.pdf', 1],
      ['my garden.png', 2],
      ['gardne.jpg', 3],
      ['notes.txt', 4],
    ])
  })

  it('given holiday.jpg, then holday, hollyday and hoilday find it by typo, and a 3-letter word does not fuzz', async () => {
    const browser = await signedIn('typo')
    const holiday = await folder(browser, 'Trips')
    await upload(browser, 'holiday.jpg', 'x', holiday)
    await upload(browser, 'cat.jpg')
    for (const typo of ['holday', 'hollyday', 'hoilday', 'HOLIDYA']) {
      const list = await files(browser, typo)
      expect(ranked(list), typo).toEqual([['holiday.jpg', 3]])
      expect(list[0].path).toEqual([{ _id: holiday, name: 'Trips' }])
    }
    expect(await files(browser, 'cot')).toEqual([])
    expect(ranked(await files(browser, 'cat'))).toEqual([['cat.jpg', 0]])
    expect(await files(browser, 'holidaysx')).toEqual([])
  })

  it('given accented names, then a search without accents (and with other capitals) finds them, and word order does not matter', async () => {
    const browser = await signedIn('accents')
    await upload(browser, 'Café Menu 2024.pdf')
    await folder(browser, 'Crème Brûlée')
    expect(ranked(await files(browser, 'cafe'))).toEqual([['Café Menu 2024.pdf', 1]])
    expect(ranked(await files(browser, 'CAFÉ'))).toEqual([['Café Menu 2024.pdf', 1]])
    expect(ranked(await files(browser, '2024 menu'))).toEqual([['Café Menu 2024.pdf', 2]])
    expect(ranked(await files(browser, 'menu cafe'))).toEqual([['Café Menu 2024.pdf', 2]])
    expect(ranked(await folders(browser, 'brulee creme'))).toEqual([['Crème Brûlée', 2]])
    expect(ranked(await folders(browser, 'creme brulee'))).toEqual([['Crème Brûlée', 0]])
    // A rename keeps the folded name.
    const id = (await files(browser, 'cafe'))[0]._id
    expect((await browser.patch('/file-service/rename', { id, title: 'Thé.pdf' })).status).toBe(200)
    expect(ranked(await files(browser, 'the'))).toEqual([['Thé.pdf', 0]])
    expect(await files(browser, 'cafe')).toEqual([])
  })

  it('given folders, then they rank by tiers 0–3 with their paths', async () => {
    const browser = await signedIn('folders')
    const top = await folder(browser, 'Projects')
    const mid = await folder(browser, 'Archive', top)
    await folder(browser, 'Budget', mid)
    await folder(browser, 'Budget 2025', top)
    await folder(browser, 'Old budget')
    await folder(browser, 'Budgte')
    const list = await folders(browser, 'budget')
    expect(ranked(list)).toEqual([
      ['Budget', 0],
      ['Budget 2025', 1],
      ['Old budget', 2],
      ['Budgte', 3],
    ])
    expect(list[0].path).toEqual([
      { _id: top, name: 'Projects' },
      { _id: mid, name: 'Archive' },
    ])
    expect(list[1].path).toEqual([{ _id: top, name: 'Projects' }])
    expect(list[2].path).toEqual([])
  })
})

describe('paths, scopes and snippets', () => {
  it('given nested files, then every search result and suggestion has its path, Home = [], with any sortBy', async () => {
    const browser = await signedIn('paths')
    const a = await folder(browser, 'A')
    const bb = await folder(browser, 'B', a)
    await upload(browser, 'report deep.txt', 'x', bb)
    await upload(browser, 'report home.txt')
    for (const sortBy of ['relevance', 'alp_asc', 'date_desc', 'size_asc']) {
      const r = await browser.get(`/file-service/list?search=report&sortBy=${sortBy}`)
      const byName = Object.fromEntries((r.body as any[]).map((f) => [f.filename, f.path]))
      expect(byName, sortBy).toEqual({
        'report deep.txt': [
          { _id: a, name: 'A' },
          { _id: bb, name: 'B' },
        ],
        'report home.txt': [],
      })
      if (sortBy !== 'relevance') expect(r.body[0].rank).toBeUndefined()
    }
    const s = await browser.get('/file-service/suggested-list?search=reprt')
    expect(s.status).toBe(200)
    expect(s.body.fileList.map((f: any) => [f.filename, f.path.length, f.rank])).toEqual([
      ['report deep.txt', 2, 3],
      ['report home.txt', 0, 3],
    ])
    const sf = await browser.get('/file-service/suggested-list?search=b')
    expect(sf.body.folderList.map((f: any) => [f.name, f.path])).toEqual([['B', [{ _id: a, name: 'A' }]]])
    // A plain listing carries no path.
    expect((await browser.get(`/file-service/list?parent=${bb}`)).body[0].path).toBeUndefined()
  })

  it('given trashed items, then Home search leaves them out and the trash search finds them with the place they were', async () => {
    const browser = await signedIn('trash')
    const place = await folder(browser, 'Place')
    const id = await upload(browser, 'binned holiday.jpg', 'x', place)
    await upload(browser, 'kept holiday.jpg')
    expect((await browser.patch('/file-service/trash', { id })).status).toBe(200)
    expect(ranked(await files(browser, 'holiday'))).toEqual([['kept holiday.jpg', 2]])
    const trash = await files(browser, 'holday', '&trashMode=true')
    expect(ranked(trash)).toEqual([['binned holiday.jpg', 3]])
    expect(trash[0].path).toEqual([{ _id: place, name: 'Place' }])
  })

  it('given a document with markup, then its snippet is plain text with the words marked, and an unreachable one gives none', async () => {
    const browser = await signedIn('snippets')
    const doc = await upload(
      browser,
      'page.txt',
      `${'lead '.repeat(40)}<img src=x onerror=alert(1)> the Sunflower field <b>sunflower</b> ${'tail '.repeat(60)}`,
    )
    await indexed(doc)
    const [hit] = await files(browser, 'sunflower')
    expect(hit.rank).toBe(4)
    expect(hit.snippet.text.length).toBeLessThanOrEqual(200)
    expect(hit.snippet.text).toContain('<img src=x onerror=alert(1)>')
    expect(hit.snippet.marks.map(([s, e]: [number, number]) => hit.snippet.text.slice(s, e))).toEqual([
      'Sunflower',
      'sunflower',
    ])
    // Another account's search never sees it.
    const other = await signedIn('stranger')
    expect(await files(other, 'sunflower')).toEqual([])
    expect((await other.get('/file-service/suggested-list?search=sunflower')).body.fileList).toEqual([])
    // Media search has no content tier.
    expect(await files(browser, 'sunflower', '&mediaMode=true')).toEqual([])
  })

  it('given a folder shared with a member, then their search stays inside it and paths start at the shared folder', async () => {
    const owner: Member = await member(server, 'owner')
    const guest: Member = await member(server, 'guest')
    const top = await folder(owner.browser, 'Family')
    const shared = await folder(owner.browser, 'Photos', top)
    await upload(owner.browser, 'beach holiday.jpg', 'x', shared)
    await upload(owner.browser, 'secret holiday.jpg', 'x', top)
    await shareWith(server, { id: owner.id }, { type: 'folder', id: shared }, guest, 'viewer')
    const list = await files(guest.browser, 'holday', `&parent=${shared}`)
    expect(ranked(list)).toEqual([['beach holiday.jpg', 3]])
    expect(list[0].path).toEqual([{ _id: shared, name: 'Photos' }])
    expect(list[0].owner._id).toBe(owner.id)
    expect((await guest.browser.get(`/file-service/list?search=holiday&sortBy=relevance&parent=${top}`)).status).toBe(
      404,
    )
  })
})

describe('paging and filters', () => {
  it('given many matches across tiers, then pages by startAtRank/startAtName/startAt have no duplicate and no gap', async () => {
    const browser = await signedIn('paging')
    const names = [
      'tree',
      'tree.txt',
      ...Array.from({ length: 7 }, (_, i) => `tree ${i}.jpg`),
      ...Array.from({ length: 6 }, (_, i) => `a tree ${i}.jpg`),
      ...Array.from({ length: 5 }, (_, i) => `a tre ${i}.jpg`),
    ]
    for (const name of names) await upload(browser, name)
    const all = await files(browser, 'tree', '&limit=1000')
    expect(all).toHaveLength(names.length)
    const seen: string[] = []
    let extra = ''
    for (let n = 0; n < 20; n++) {
      const page = await files(browser, 'tree', `&limit=4${extra}`)
      if (!page.length) break
      seen.push(...page.map((f) => f._id))
      const last = page.at(-1)
      extra = `&startAtRank=${last.rank}&startAtName=${q(last.filename)}&startAt=${last._id}`
    }
    expect(seen).toEqual(all.map((f) => f._id))
    expect(new Set(seen).size).toBe(names.length)
  })

  it('given kinds and dates, then the filters keep what they name and bad values are 400s', async () => {
    const browser = await signedIn('filters')
    await upload(browser, 'plan.jpg', new Uint8Array([0xff, 0xd8, 0xff]))
    await upload(browser, 'plan.txt', 'text')
    await upload(browser, 'plan.mp3', 'id3')
    await folder(browser, 'plan folder')
    const kinds = async (kind: string) => ranked(await files(browser, 'plan', `&kind=${kind}`)).map(([n]) => n)
    expect(await kinds('photos')).toEqual(['plan.jpg'])
    expect(await kinds('documents')).toEqual(['plan.txt'])
    expect(await kinds('audio')).toEqual(['plan.mp3'])
    expect(await kinds('folders')).toEqual([])
    expect(ranked(await folders(browser, 'plan', '&kind=folders'))).toEqual([['plan folder', 1]])
    expect(await folders(browser, 'plan', '&kind=photos')).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    expect(await files(browser, 'plan', `&from=${today}&to=${today}`)).toHaveLength(3)
    expect(await files(browser, 'plan', '&to=2000-01-01')).toEqual([])
    expect(await folders(browser, 'plan', '&from=2999-01-01')).toEqual([])
    // Without relevance, the filters apply to today's substring search too.
    const plain = await browser.get('/file-service/list?search=plan&sortBy=alp_asc&kind=photos')
    expect(plain.body.map((f: any) => f.filename)).toEqual(['plan.jpg'])
    for (const bad of [
      'kind=pictures',
      'from=2024-13-01',
      'from=2024-02-30',
      'to=yesterday',
      'from=2024-02-02&to=2024-02-01',
    ]) {
      const r = await browser.get(`/file-service/list?search=plan&sortBy=relevance&${bad}`)
      expect(r.status, bad).toBe(400)
      expect(r.body.message, bad).toBeTruthy()
    }
    const none = await browser.get('/file-service/list?sortBy=relevance')
    expect(none.status).toBe(400)
    expect(none.body.message).toMatch(/search/)
    expect((await browser.get('/folder-service/list?sortBy=relevance')).status).toBe(400)
  })
})

describe('search text is data', () => {
  it('given operators, quotes, NUL, 10 KB and random Unicode, then 200 and never 500', async () => {
    await upload(b, 'near minus star.txt')
    const hostile = [
      'NEAR(a b)',
      '"unbalanced',
      'a* OR b',
      '-minus',
      '((((',
      'a & b | !c',
      "it's:* <-> x",
      'AND OR NOT',
      'é'.repeat(1000),
      'word '.repeat(2048),
      '%_\\',
    ]
    for (const text of hostile) {
      for (const path of ['/file-service/list', '/folder-service/list', '/file-service/suggested-list']) {
        const r = await b.get(`${path}?search=${q(text)}&sortBy=relevance`)
        expect(r.status, `${path} ${text.slice(0, 20)}`).toBe(200)
      }
    }
    // A NUL is refused before any route, as in every other parameter: a 400 that says so.
    const nul = await b.get(`/file-service/list?search=${q('x\u0000y')}&sortBy=relevance`)
    expect(nul.status).toBe(400)
    expect(nul.body.message).toMatch(/NUL/)
    expect(ranked(await files(b, 'near* "minus"'))).toEqual([['near minus star.txt', 2]])
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), async (text) => {
        const r = await b.get(`/file-service/list?search=${q(text)}&sortBy=relevance`)
        // Blank text with sortBy=relevance and a NUL are the two 400s; anything else is data.
        const refused = !text.trim() || text.includes('\u0000')
        expect(r.status).toBe(refused ? 400 : 200)
      }),
      { numRuns: 60 },
    )
  })
})
