// What the sharing suites share: a signed-in owner with a small tree, an anonymous visitor, and
// the calls of /share-service as a client makes them.
import { expect } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import type { TestServer } from '../helpers/server.ts'

export const anon = (server: TestServer) => new Browser(server.url)

export async function owner(server: TestServer, tag = 'sharer') {
  const b = new Browser(server.url)
  const { user } = await b.signup(uniqueEmail(tag))
  return Object.assign(b, { userId: user._id as string, email: user.email as string })
}

export async function folder(b: Browser, name: string, parent?: string): Promise<string> {
  const r = await b.post('/folder-service/create', { name, ...(parent ? { parent } : {}) })
  expect(r.status, r.text).toBe(201)
  return r.body._id
}

export async function file(b: Browser, name: string, data: Uint8Array | string, parent = '/'): Promise<string> {
  const r = await b.upload(name, data, parent)
  expect(r.status, r.text).toBe(201)
  return r.body._id
}

/** POST /share-service/links, expecting 201; returns the link JSON. */
export async function share(b: Browser, body: Record<string, unknown>) {
  const r = await b.post('/share-service/links', body)
  expect(r.status, r.text).toBe(201)
  return r.body.link
}

/** Moves a link's expiry into the past behind the API (the API refuses a past expiry). */
export async function expire(server: TestServer, linkId: string) {
  await server.app.cumulus.db
    .updateTable('share_links')
    .set({ expires_at: Date.now() - 1000 })
    .where('id', '=', linkId)
    .execute()
}
