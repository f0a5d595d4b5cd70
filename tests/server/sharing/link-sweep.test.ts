// Housekeeping's link sweep (server/housekeeping.ts → sharing.sweep): links nobody can use any
// more go — expired longer than the grace period, used up, or on an item deleted for good — and
// a file's link goes from its row too; live links, freshly expired ones and links on trashed
// items (a restore brings them back) stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHousekeeping } from '../../../server/housekeeping.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, file, folder, owner, share } from './share-helpers.ts'

const DAY = 24 * 3_600_000
const GRACE = 30 * DAY

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server, 'sweeper')
})
afterAll(() => server.close())

const setLink = (id: string, values: { expires_at?: number; downloads?: number }) =>
  server.app.cumulus.db.updateTable('share_links').set(values).where('id', '=', id).execute()
const linkIds = async () =>
  (await server.app.cumulus.db.selectFrom('share_links').select('id').where('owner_id', '=', alice.userId).execute())
    .map((r) => r.id)
    .sort()

describe('the dead-link sweep', () => {
  it('removes expired-past-grace, used-up and deleted-item links, clears a swept file link from its row, and keeps the rest', async () => {
    const f = (name: string) => file(alice, name, name)
    const live = await share(alice, { itemType: 'file', itemId: await f('live.txt') })
    const recent = await share(alice, { itemType: 'file', itemId: await f('recent.txt') })
    const oldFile = await f('old.txt')
    const old = await share(alice, { itemType: 'file', itemId: oldFile })
    const spentFile = await f('spent.txt')
    const spent = await share(alice, { itemType: 'file', itemId: spentFile, maxDownloads: 1 })
    const deletedFile = await f('deleted.txt')
    await share(alice, { itemType: 'file', itemId: deletedFile })
    const trashedFile = await f('trashed.txt')
    const trashed = await share(alice, { itemType: 'file', itemId: trashedFile })
    const gone = await folder(alice, 'Gone')
    const goneLink = await share(alice, { itemType: 'folder', itemId: gone, access: 'upload' })
    const kept = await folder(alice, 'Kept')
    const keptLink = await share(alice, { itemType: 'folder', itemId: kept })

    const now = Date.now()
    await setLink(recent._id, { expires_at: now - GRACE + DAY })
    await setLink(old._id, { expires_at: now - GRACE - DAY })
    expect((await anon(server).bytes(`/share-service/public/${spent.token}/download`)).status).toBe(200)
    expect((await alice.delete('/file-service/remove', { id: deletedFile })).status).toBe(200)
    expect((await alice.patch('/file-service/trash', { id: trashedFile })).status).toBe(200)
    expect((await alice.delete('/folder-service/remove', { id: gone })).status).toBe(200)
    expect((await alice.get(`/file-service/info/${oldFile}`)).body.metadata.linkType).toBe('public')

    expect(await server.app.cumulus.sharing.sweep(GRACE)).toBe(4)
    expect(await linkIds()).toEqual([live._id, recent._id, trashed._id, keptLink._id].sort())
    expect(await linkIds()).not.toContain(goneLink._id)
    // The swept link of a file no longer shows on the file, and its URL is dead.
    const info = (await alice.get(`/file-service/info/${oldFile}`)).body
    expect(info.metadata.linkType).toBeUndefined()
    expect((await anon(server).get(`/share-service/public/${old.token}`)).status).toBe(404)
    // A trashed file's link comes back with the file.
    expect((await alice.patch('/file-service/restore', { id: trashedFile })).status).toBe(200)
    expect((await anon(server).get(`/share-service/public/${trashed.token}`)).status).toBe(200)
    // Nothing left to sweep.
    expect(await server.app.cumulus.sharing.sweep(GRACE)).toBe(0)
  })

  it('given more dead links than one batch, then one sweep removes them all', async () => {
    const bob = await owner(server, 'many-links')
    const dir = await folder(bob, 'Many')
    for (let i = 0; i < 205; i++) await share(bob, { itemType: 'folder', itemId: dir })
    await server.app.cumulus.db
      .updateTable('share_links')
      .set({ expires_at: Date.now() - GRACE - DAY })
      .where('owner_id', '=', bob.userId)
      .execute()
    expect(await server.app.cumulus.sharing.sweep(GRACE)).toBe(205)
    expect(
      await server.app.cumulus.db.selectFrom('share_links').select('id').where('owner_id', '=', bob.userId).execute(),
    ).toEqual([])
  })
  it('given housekeeping started, then its first run sweeps dead links with the grace it was given', async () => {
    const carol = await owner(server, 'housekept')
    const dead = await share(carol, { itemType: 'folder', itemId: await folder(carol, 'Dead') })
    const fresh = await share(carol, { itemType: 'folder', itemId: await folder(carol, 'Fresh') })
    await setLink(dead._id, { expires_at: Date.now() - 2 * DAY })
    await setLink(fresh._id, { expires_at: Date.now() - DAY / 2 })
    const warnings: object[] = []
    const stop = startHousekeeping({
      sessions: { deleteExpired: async () => undefined },
      tree: { purgeTrash: async () => 0 },
      trashRetentionDays: 30,
      uploads: { sweep: async () => 0, stagedIds: async function* () {} },
      links: { sweep: server.app.cumulus.sharing.sweep, graceMs: DAY },
      log: { info: () => undefined, warn: (obj) => void warnings.push(obj), error: (obj) => void warnings.push(obj) },
    })
    try {
      const ids = async () =>
        (
          await server.app.cumulus.db
            .selectFrom('share_links')
            .select('id')
            .where('owner_id', '=', carol.userId)
            .execute()
        ).map((r) => r.id)
      for (let i = 0; i < 50 && (await ids()).length > 1; i++) await new Promise((r) => setTimeout(r, 50))
      expect(await ids()).toEqual([fresh._id])
      expect(warnings).toEqual([])
    } finally {
      stop()
    }
  })
})

describe('an upload link swept', () => {
  it('given an expired upload link with an unfinished tus upload, then the sweep ends the upload with the link', async () => {
    const inbox = await folder(alice, 'Swept inbox')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const created = await anon(server).request('POST', `/share-service/public/${link.token}/uploads`, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '5000',
        'upload-metadata': `filename ${Buffer.from('late.bin').toString('base64')}`,
      },
    })
    expect(created.status, created.text).toBe(201)
    await setLink(link._id, { expires_at: Date.now() - GRACE - DAY })
    await server.app.cumulus.sharing.sweep(GRACE)
    expect(
      await server.app.cumulus.db.selectFrom('uploads').select('id').where('link_id', '=', link._id).execute(),
    ).toEqual([])
  })
})
