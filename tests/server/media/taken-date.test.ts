// When a photo was taken (issue #23): the thumbnail queue reads EXIF DateTimeOriginal into
// taken_date, the wire carries it as metadata.takenDate when it differs from the upload date, and
// the gallery's date sorts order and page by it. Photos come out upright (EXIF Orientation).
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { makeImage, makePhoto } from '../helpers/media.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  // A small edge cap, so a modest photo is re-encoded as the viewer's WebP.
  server = await startServer({ limits: { previewMaxEdge: 256 } })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('taken'))
})
afterAll(() => server.close())

interface Listed {
  _id: string
  filename: string
  uploadDate: string
  metadata: { takenDate?: string }
}

async function upload(name: string, data: Buffer, parent = '/'): Promise<string> {
  const r = await alice.upload(name, data, parent)
  expect(r.status).toBe(201)
  return r.body._id
}

async function uploadAndWait(name: string, data: Buffer, parent = '/'): Promise<Listed> {
  const id = await upload(name, data, parent)
  await server.app.cumulus.thumbnails.idle()
  return (await alice.get(`/file-service/info/${id}`)).body
}

/** The media list in full, page by page, each next page starting at the last item's (takenDate ?? uploadDate, id). */
async function pagedMedia(query: string, limit: number): Promise<Listed[]> {
  const out: Listed[] = []
  // Bounded: a cursor that does not move on would loop forever.
  for (let cursor = '', pages = 0; pages < 20; pages++) {
    const r = await alice.get(`/file-service/list?mediaMode=true&${query}&limit=${limit}${cursor}`)
    expect(r.status).toBe(200)
    out.push(...r.body)
    if (r.body.length < limit) return out
    const last = r.body.at(-1) as Listed
    cursor = `&startAtDate=${encodeURIComponent(last.metadata.takenDate ?? last.uploadDate)}&startAtId=${encodeURIComponent(last._id)}`
  }
  return out
}

const galleryDate = (f: Listed) => Date.parse(f.metadata.takenDate ?? f.uploadDate)

describe('the taken date', () => {
  it('given a photo with DateTimeOriginal and no zone, then /info and the lists carry it as takenDate, the wall clock read as UTC', async () => {
    const folder = (await alice.post('/folder-service/create', { name: 'Holiday' })).body._id
    const id = await upload('beach.jpg', await makePhoto({ taken: '2019:07:14 18:30:05' }), folder)
    // Asked twice before and after the job, so a kept reply (the list cache) would show if stale.
    for (let i = 0; i < 2; i++) await alice.get(`/file-service/list?parent=${folder}`)
    await server.app.cumulus.thumbnails.idle()
    const info = (await alice.get(`/file-service/info/${id}`)).body as Listed
    expect(info.metadata.takenDate).toBe('2019-07-14T18:30:05.000Z')
    expect(info.uploadDate).not.toBe(info.metadata.takenDate)
    const listed = (await alice.get(`/file-service/list?parent=${folder}`)).body as Listed[]
    expect(listed.find((f) => f._id === id)?.metadata.takenDate).toBe('2019-07-14T18:30:05.000Z')
    const media = (await alice.get('/file-service/list?mediaMode=true&limit=1000')).body as Listed[]
    expect(media.find((f) => f._id === id)?.metadata.takenDate).toBe('2019-07-14T18:30:05.000Z')
  })

  it('given OffsetTimeOriginal, then the instant is exact', async () => {
    const file = await uploadAndWait('zoned.jpg', await makePhoto({ taken: '2021:03:01 00:30:00', offset: '+02:00' }))
    expect(file.metadata.takenDate).toBe('2021-02-28T22:30:00.000Z')
  })

  it('given only DateTimeDigitized (CreateDate), then that is the taken date', async () => {
    const file = await uploadAndWait('scanned.jpg', await makePhoto({ digitized: '2005:11:20 08:00:00' }))
    expect(file.metadata.takenDate).toBe('2005-11-20T08:00:00.000Z')
  })

  it('given a photo without EXIF, then it has no takenDate', async () => {
    const file = await uploadAndWait('plain.png', await makeImage('png'))
    expect(file.metadata).not.toHaveProperty('takenDate')
  })

  it.each([
    ['an unset camera clock', '0000:00:00 00:00:00'],
    ['a date before 1900', '1850:01:01 00:00:00'],
    ['a date in the future', '2999:01:01 00:00:00'],
    ['no date at all', 'not a date'],
  ])('given %s, then it is ignored and the upload date stands', async (_, taken) => {
    const file = await uploadAndWait('odd.jpg', await makePhoto({ taken }))
    expect(file.metadata).not.toHaveProperty('takenDate')
  })
})

describe('the gallery sorted by date', () => {
  let ids: Record<string, string>
  let folder: string
  beforeAll(async () => {
    // Its own user, so the gallery holds exactly these.
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('gallery'))
    folder = (await alice.post('/folder-service/create', { name: 'Camera roll' })).body._id
    ids = {}
    // Uploaded in an order unlike the one they were taken in.
    const photos: Array<[string, Buffer]> = [
      ['newer.jpg', await makePhoto({ taken: '2020:01:01 00:00:00' })],
      ['tie-1.jpg', await makePhoto({ taken: '2015:08:08 08:08:08' })],
      ['old.jpg', await makePhoto({ taken: '2010:06:01 12:00:00' })],
      ['tie-2.jpg', await makePhoto({ taken: '2015:08:08 08:08:08' })],
      ['plain.png', await makeImage('png')],
      ['tie-3.jpg', await makePhoto({ taken: '2015:08:08 08:08:08' })],
      ['bad.jpg', await makePhoto({ taken: '2999:12:31 00:00:00' })],
    ]
    for (const [name, data] of photos) ids[name] = await upload(name, data, folder)
    await server.app.cumulus.thumbnails.idle()
  })

  it('given photos taken long before their upload, then date_desc puts the un-dated uploads first, then the photos by when they were taken', async () => {
    const list = (await alice.get('/file-service/list?mediaMode=true&sortBy=date_desc&limit=100')).body as Listed[]
    expect(list).toHaveLength(7)
    const names = list.map((f) => f.filename)
    expect(new Set(names.slice(0, 2))).toEqual(new Set(['plain.png', 'bad.jpg']))
    expect(names.slice(2)).toEqual(['newer.jpg', ...names.slice(3, 6), 'old.jpg'])
    expect(new Set(names.slice(3, 6))).toEqual(new Set(['tie-1.jpg', 'tie-2.jpg', 'tie-3.jpg']))
    // The tie breaks on the id, descending with the sort.
    const tie = list.slice(3, 6).map((f) => f._id)
    expect(tie).toEqual([...tie].sort().reverse())
    const dates = list.map(galleryDate)
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
  })

  it('given date_asc, then the exact reverse', async () => {
    const desc = (await alice.get('/file-service/list?mediaMode=true&sortBy=date_desc&limit=100')).body as Listed[]
    const asc = (await alice.get('/file-service/list?mediaMode=true&sortBy=date_asc&limit=100')).body as Listed[]
    expect(asc.map((f) => f._id)).toEqual(desc.map((f) => f._id).reverse())
  })

  it.each(['date_desc', 'date_asc'])(
    'given pages of one and two under %s, with the cursor at takenDate ?? uploadDate, then no photo is skipped or repeated across the tie',
    async (sort) => {
      const whole = (await alice.get(`/file-service/list?mediaMode=true&sortBy=${sort}&limit=100`)).body as Listed[]
      for (const limit of [1, 2])
        expect((await pagedMedia(`sortBy=${sort}`, limit)).map((f) => f._id)).toEqual(whole.map((f) => f._id))
    },
  )

  it('given a cursor of a taken date alone, then the page starts after that date', async () => {
    const r = await alice.get(
      `/file-service/list?mediaMode=true&sortBy=date_desc&limit=100&startAtDate=${encodeURIComponent('2015-08-08T08:08:08.000Z')}`,
    )
    expect(r.body.map((f: Listed) => f.filename)).toEqual(['old.jpg'])
  })

  it('given a search in the gallery, then it sorts by the taken date too', async () => {
    const r = await alice.get('/file-service/list?mediaMode=true&search=jpg&sortBy=date_asc&limit=100')
    const names = r.body.map((f: Listed) => f.filename.replace(/^tie-\d/, 'tie'))
    expect(names).toEqual(['old.jpg', 'tie.jpg', 'tie.jpg', 'tie.jpg', 'newer.jpg', 'bad.jpg'])
  })

  it('given the folder, the drive and a search outside the gallery, then they keep the upload order', async () => {
    const uploadOrder = Object.values(ids).reverse()
    for (const path of [`/file-service/list?parent=${folder}`, '/file-service/list?search=.&limit=100']) {
      const list = (await alice.get(`${path}&sortBy=date_desc`)).body as Listed[]
      const dates = list.map((f) => Date.parse(f.uploadDate))
      expect(dates, path).toEqual([...dates].sort((a, b) => b - a))
      expect(new Set(list.map((f) => f._id)), path).toEqual(new Set(uploadOrder))
      expect(list[0]!.filename, path).toBe('bad.jpg')
    }
  })

  it('given a name sort, then the gallery is unchanged by the taken date', async () => {
    const r = await alice.get('/file-service/list?mediaMode=true&sortBy=alp_asc&limit=100')
    expect(r.body.map((f: Listed) => f.filename)).toEqual([
      'bad.jpg',
      'newer.jpg',
      'old.jpg',
      'plain.png',
      'tie-1.jpg',
      'tie-2.jpg',
      'tie-3.jpg',
    ])
  })
})

describe('orientation', () => {
  it('given a rotated phone photo (EXIF Orientation 6), then its thumbnail is upright: taller than wide', async () => {
    const file = await uploadAndWait('portrait.jpg', await makePhoto({ width: 200, height: 100, orientation: 6 }))
    const thumb = await alice.bytes(`/file-service/thumbnail/${(file as any).metadata.thumbnailID}`)
    const meta = await sharp(thumb.body).metadata()
    expect(meta.height).toBeGreaterThan(meta.width)
    expect(meta.orientation ?? 1).toBe(1)
  })

  it('given one past the edge cap, then the viewer gets a WebP turned upright', async () => {
    const file = await uploadAndWait('big-portrait.jpg', await makePhoto({ width: 600, height: 300, orientation: 6 }))
    const r = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(r.headers.get('content-type')).toBe('image/webp')
    const meta = await sharp(r.body).metadata()
    expect([meta.width, meta.height]).toEqual([128, 256])
    expect(meta.orientation ?? 1).toBe(1)
  })

  it('given one within the cap, then the viewer gets the original with its Orientation tag, which browsers apply to an <img>', async () => {
    const photo = await makePhoto({ width: 200, height: 100, orientation: 6 })
    const file = await uploadAndWait('small-portrait.jpg', photo)
    const r = await alice.bytes(`/file-service/full-thumbnail/${file._id}`)
    expect(r.headers.get('content-type')).toBe('image/jpeg')
    expect(r.body.equals(photo)).toBe(true)
    expect((await sharp(r.body).metadata()).orientation).toBe(6)
  })
})
