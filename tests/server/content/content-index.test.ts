// The content index (migration 030, services/content/): documents created through the HTTP API
// get their text extracted by the background queue, and contentMatch finds their words — every
// type, accents and case, encrypted files, replaced and deleted content, hostile search text,
// bombs, the backfill across a restart, CONTENT_INDEX=off. On SQLite and on PostgreSQL + S3.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { makePdf } from '../helpers/pdf.ts'
import { pgUrl, startServer, type TestServer } from '../helpers/server.ts'
import { makeDocx, makeOdt, makeZip } from '../helpers/zip.ts'

const KEY = 'ab'.repeat(32)

async function signedIn(server: TestServer) {
  const b = new Browser(server.url)
  await b.signup(uniqueEmail('content'))
  return b
}

const cumulus = (s: TestServer) => s.app.cumulus

/** Ids of files whose content matches `text`. */
async function matching(server: TestServer, text: string): Promise<string[]> {
  const { db, drive } = cumulus(server)
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where(await drive.contentIndex.contentMatch(text))
    .execute()
  return rows.map((r) => r.id)
}

const state = async (server: TestServer, id: string) => (await cumulus(server).drive.contentIndex.state(id))?.state

/** Waits until the file's job has ended (indexed, not indexed or skipped). */
async function settled(server: TestServer, id: string): Promise<string | undefined> {
  await expect
    .poll(
      async () => {
        const s = await state(server, id)
        return s !== undefined && s !== 'pending' && !s.startsWith('working:')
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  return state(server, id)
}

async function upload(b: Browser, server: TestServer, name: string, data: Uint8Array | string, extra = {}) {
  const r = await b.upload(name, data, '/', extra)
  expect(r.status).toBe(201)
  const id = r.body._id as string
  await settled(server, id)
  return id
}

describe('the content index', () => {
  let server: TestServer
  let b: Browser
  beforeAll(async () => {
    server = await startServer()
    b = await signedIn(server)
  })
  afterAll(() => server?.close())

  it('given a file of each type, then each is indexed and a word inside it is found in it alone', async () => {
    const files: Array<[string, Uint8Array | string, string]> = [
      ['notes.txt', 'my garden has a sunflower', 'sunflower'],
      ['readme.md', '# Title\n\nSome *tulipbold* words', 'tulipbold'],
      ['script.py', 'def orchid_helper():\n    return 42\n', 'orchid'],
      ['table.csv', 'name,colour\nmagnolia,white\n', 'magnolia'],
      ['data.json', '{"flower": "lavender"}', 'lavender'],
      ['server.log', '2024-01-01 INFO begonia started\n', 'begonia'],
      ['paper.pdf', await makePdf({ words: { 1: 'a gardenia report' } }), 'gardenia'],
      ['letter.docx', makeDocx(['Dear friend,', 'the hyacinth bloomed']), 'hyacinth'],
      ['letter.odt', makeOdt(['the peony bloomed']), 'peony'],
    ]
    const ids = []
    for (const [name, data] of files) ids.push(await upload(b, server, name, data))
    for (const [k, [name, , word]] of files.entries()) {
      expect(await state(server, ids[k]!), name).toBe('indexed')
      expect(await matching(server, word), name).toEqual([ids[k]])
    }
  })

  it('given accents and capitals, then a search in any case and without accents finds the word, the last word as a prefix', async () => {
    const id = await upload(b, server, 'cafe.txt', 'Le CAFÉ de la Rue Crème brûlée')
    expect(await matching(server, 'cafe')).toContain(id)
    expect(await matching(server, 'Café')).toContain(id)
    expect(await matching(server, 'creme BRULEE')).toContain(id)
    expect(await matching(server, 'rue bru')).toContain(id)
    expect(await matching(server, 'brulee absent')).not.toContain(id)
    const snippets = await cumulus(server).drive.contentIndex.snippets([id], 'creme brulee')
    const s = snippets.get(id)!
    expect(s.text.length).toBeLessThanOrEqual(200)
    expect(s.marks.map(([a, z]) => s.text.slice(a, z))).toEqual(['Crème', 'brûlée'])
  })

  it('given content replaced, then the new words are found and the old ones are gone', async () => {
    const id = await upload(b, server, 'plan.txt', 'the old word is marigold')
    expect(await matching(server, 'marigold')).toEqual([id])
    const r = await b.upload('plan.txt', 'the new word is snapdragon', '/', { conflict: 'replace' })
    expect(r.status).toBe(201)
    await settled(server, id)
    expect(await matching(server, 'snapdragon')).toEqual([id])
    expect(await matching(server, 'marigold')).toEqual([])
  })

  it('given a deleted file, then its index row goes with it and its words match nothing', async () => {
    const id = await upload(b, server, 'gone.txt', 'a word like edelweiss')
    expect(await matching(server, 'edelweiss')).toEqual([id])
    expect((await b.patch('/file-service/trash', { id })).status).toBeLessThan(300)
    expect((await b.delete('/file-service/remove', { id })).status).toBe(200)
    expect(await state(server, id)).toBeUndefined()
    expect(await matching(server, 'edelweiss')).toEqual([])
  })

  it('given any search text (operators, quotes, NUL, 10 KB, any Unicode), then contentMatch and snippets never throw', async () => {
    const id = await upload(b, server, 'ops.txt', 'alpha beta gamma NEAR delta')
    const hostile = [
      '"',
      'alpha"',
      'NEAR(alpha beta)',
      '-alpha',
      'alpha*',
      '(((',
      'a OR b',
      "'; drop",
      '\0',
      'x'.repeat(10_240),
      ':*',
      '&|!',
      '^alpha',
    ]
    for (const t of hostile) {
      await matching(server, t)
      await cumulus(server).drive.contentIndex.snippets([id], t)
    }
    expect(await matching(server, 'NEAR(alpha beta)')).toContain(id)
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom(...hostile)),
        async (t) => {
          await matching(server, t)
          await cumulus(server).drive.contentIndex.snippets([id], t)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('given a text file larger than 1 MiB, then only its first 1 MiB is read and indexed', async () => {
    const head = 'earlyword ' + 'filler '.repeat(160_000) // ~1.1 MB
    const id = await upload(b, server, 'big.log', head + ' lateword\n' + 'x'.repeat(2_000_000))
    expect(await matching(server, 'earlyword')).toEqual([id])
    expect(await matching(server, 'lateword')).toEqual([])
    const row = await cumulus(server)
      .db.selectFrom('content_index')
      .select('body_bytes')
      .where('file_id', '=', id)
      .executeTakeFirstOrThrow()
    expect(Number(row.body_bytes)).toBeLessThanOrEqual(1024 * 1024)
  })

  it('given a PDF with a large text layer, then its text stops at the limit', async () => {
    const words: Record<number, string> = {}
    for (let n = 1; n <= 400; n++) words[n] = `page${n}word ` + 'lorem ipsum dolor sit amet '.repeat(3)
    const id = await upload(b, server, 'long.pdf', await makePdf({ pages: 400, words }), {})
    expect(await state(server, id)).toBe('indexed')
    expect(await matching(server, 'page1word')).toEqual([id])
  })

  it('given writes in flight, then the queue gives way to them but never stops, and reads do not count as writes', async () => {
    const c = cumulus(server)
    // Reads alone leave the server quiet: no write ended in the last 100 ms after a pause.
    await new Promise((r) => setTimeout(r, 150))
    expect((await b.get('/healthz')).status).toBe(200)
    expect(c.writes.busy(100)).toBe(false)
    // A write (a folder made) is seen.
    expect((await b.post('/folder-service/create', { name: `w ${Date.now()}` })).status).toBeLessThan(300)
    expect(c.writes.busy(5_000)).toBe(true)

    // A write held open for the whole test: jobs wait for it at most their share, then go on.
    c.writes.begin()
    try {
      const words = ['anemone', 'bluebell', 'crocus']
      const ids: string[] = []
      for (const w of words) {
        const r = await b.upload(`held ${w}.txt`, `a ${w} under a held write`, '/')
        expect(r.status).toBe(201)
        ids.push(r.body._id as string)
      }
      for (const id of ids) expect(await settled(server, id)).toBe('indexed')
      for (const [k, w] of words.entries()) expect(await matching(server, w)).toEqual([ids[k]])
    } finally {
      c.writes.end()
    }
  })

  it('given a few documents with a word, then PostgreSQL reads exactly their ids through the index, within its bound', async () => {
    const ids: string[] = []
    for (const k of [1, 2, 3]) ids.push(await upload(b, server, `few ${k}.txt`, `the wisteria number ${k}`))
    await upload(b, server, 'few none.txt', 'no such flower here')
    const { contentIndex } = cumulus(server).drive
    if (!pgUrl) {
      // SQLite counts its matches through FTS5 (the relevance repository); this read is PostgreSQL's.
      expect(await contentIndex.fewMatchingIds('wisteria', 100)).toBeUndefined()
      return
    }
    expect((await contentIndex.fewMatchingIds('Wistéria', 100))?.sort()).toEqual([...ids].sort())
    // Found more than the bound: the caller walks names instead.
    expect(await contentIndex.fewMatchingIds('wisteria', 2)).toBeUndefined()
    expect(await contentIndex.fewMatchingIds('', 100)).toEqual([])
    expect(await contentIndex.fewMatchingIds(`'a' & !b | (c:* <-> "NEAR" \\ ''`, 100)).toBeDefined()
  })

  it('given a zip bomb renamed .docx, then it is not indexed and the queue goes on', async () => {
    const bomb = makeZip({ 'word/document.xml': Buffer.alloc(64 * 1024 * 1024, 0x41) })
    const bombId = await upload(b, server, 'bomb.docx', bomb)
    const row = await cumulus(server).drive.contentIndex.state(bombId)
    expect(row?.state).toBe('not_indexed')
    expect(row?.reason).toMatch(/unpacks past/)
    const after = await upload(b, server, 'after.txt', 'the queue went on to zinnia')
    expect(await matching(server, 'zinnia')).toEqual([after])
  })
})

describe('the content index of encrypted files', () => {
  let server: TestServer
  afterAll(() => server?.close())
  it('given ENCRYPTION_KEY, then a word inside an encrypted file is found', async () => {
    server = await startServer({ env: { ENCRYPTION_KEY: KEY } })
    const b = await signedIn(server)
    const id = await upload(b, server, 'secret.txt', 'the hidden word is amaryllis')
    const row = await cumulus(server)
      .db.selectFrom('files')
      .select('enc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.enc).not.toBeNull()
    expect(await matching(server, 'amaryllis')).toEqual([id])
    const pdf = await upload(b, server, 'secret.pdf', await makePdf({ words: { 1: 'foxglove' } }))
    expect(await matching(server, 'foxglove')).toEqual([pdf])
  })
})

// Restarts keep their blobs on disk in the data dir (a test's S3 server does not outlive it).
const DISK = { BLOB_STORE: 'fs' }

describe('the content backfill and CONTENT_INDEX=off', () => {
  it('given files made while indexing was off, then turned on the backfill indexes them all, resuming after a restart', async () => {
    const first = await startServer({ env: { ...DISK, CONTENT_INDEX: 'off' }, keepData: true })
    const { dataDir } = first
    const schema = first.config.databaseSchema
    const b = await signedIn(first)
    const ids: string[] = []
    for (let k = 0; k < 30; k++) ids.push((await b.upload(`doc-${k}.txt`, `backfill word${k} crocus`)).body._id)
    for (let k = 0; k < 10; k++) await b.upload(`pic-${k}.bin`, 'not a document')
    // Off: nothing indexed, nothing found.
    expect(await matching(first, 'crocus')).toEqual([])
    expect(await state(first, ids[0]!)).toBe('pending')
    await first.close()
    // As a server upgraded from before the index: the rows of the documents are gone.
    const second = await startServer({
      dataDir,
      ...(schema && { schema }),
      env: DISK,
      keepData: true,
      limits: { contentBackfillPerPass: 4 },
    })
    await cumulus(second).db.deleteFrom('content_index').execute()
    await cumulus(second).db.deleteFrom('settings').where('key', '=', 'content-index-backfill').execute()
    cumulus(second).contentIndex.wake()
    // Stopped mid-backfill: some indexed, not all.
    await expect.poll(async () => (await matching(second, 'crocus')).length, { timeout: 30_000 }).toBeGreaterThan(0)
    await second.close()
    const cursor = await (async () => {
      const third = await startServer({
        dataDir,
        ...(schema && { schema }),
        env: DISK,
        limits: { contentBackfillPerPass: 4 },
      })
      try {
        const c = await cumulus(third).drive.contentIndex.backfillCursor()
        await expect.poll(async () => (await matching(third, 'crocus')).length, { timeout: 30_000 }).toBe(30)
        await expect.poll(() => cumulus(third).drive.contentIndex.backfillCursor(), { timeout: 30_000 }).toBeNull()
        return c
      } finally {
        await third.close()
      }
    })()
    // The third server went on from a cursor the second left, not from the start.
    expect(cursor).not.toBe('')
  }, 120_000)

  it('given CONTENT_INDEX=off on start, then the indexed text is dropped and contentMatch matches nothing', async () => {
    const on = await startServer({ env: DISK, keepData: true })
    const b = await signedIn(on)
    const id = await upload(b, on, 'kept.txt', 'a word like bluebell')
    expect(await matching(on, 'bluebell')).toEqual([id])
    const schema = on.config.databaseSchema
    await on.close()
    const off = await startServer({
      dataDir: on.dataDir,
      ...(schema && { schema }),
      env: { ...DISK, CONTENT_INDEX: 'off' },
    })
    try {
      expect(await matching(off, 'bluebell')).toEqual([])
      const rows = await cumulus(off)
        .db.selectFrom('content_index')
        .select('body')
        .where('body', 'is not', null)
        .execute()
      expect(rows).toEqual([])
      expect((await cumulus(off).drive.contentIndex.snippets([id], 'bluebell')).size).toBe(0)
    } finally {
      await off.close()
    }
  }, 60_000)
})
