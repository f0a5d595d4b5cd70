// Talks to the real server through the page's own request context, so cookies are shared with
// the browser exactly as after a sign-in in the app.
import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import type { FileJson, FolderJson } from '../../server/schemas/files.ts'

export const uuid = randomUUID()

/** The password every API-made account gets. */
export const PASSWORD = 'secret123'

/** The server's admin: the first account, made by the e2e server before any spec runs (DESIGN §7). */
export const ADMIN_EMAIL = 'admin@cumulus.test'

/** A fresh address per call, so every spec signs up its own user. */
export const freshEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`

/** What else a sign-up may say: the name other people of the server see (DESIGN.md §8 "Names"). */
export interface SignUpOptions {
  displayName?: string
}

export async function signUp(
  request: APIRequestContext,
  email = freshEmail(),
  password = PASSWORD,
  { displayName }: SignUpOptions = {},
) {
  const data = { email, password, ...(displayName === undefined ? {} : { displayName }) }
  const r = await request.post('/user-service/create', { data, headers: { uuid } })
  if (r.status() !== 201) throw new Error(`sign-up failed: ${r.status()} ${await r.text()}`)
  return email
}

export async function logIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const r = await request.post('/user-service/login', { data: { email, password }, headers: { uuid } })
  if (r.status() !== 200) throw new Error(`login failed: ${r.status()} ${await r.text()}`)
}

export async function upload(request: APIRequestContext, name: string, body: Buffer | string, parent = '/') {
  const r = await request.post('/file-service/upload', {
    headers: { uuid },
    multipart: {
      filename: name,
      parent,
      currentID: parent,
      size: String(Buffer.byteLength(body)),
      file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) },
    },
  })
  if (r.status() !== 201) throw new Error(`upload failed: ${r.status()} ${await r.text()}`)
  return (await r.json()) as { _id: string; filename: string; metadata: { link?: string } }
}

export async function createFolder(request: APIRequestContext, name: string, parent = '/') {
  const r = await request.post('/folder-service/create', { data: { name, parent }, headers: { uuid } })
  if (r.status() !== 201) throw new Error(`create folder failed: ${r.status()} ${await r.text()}`)
  return (await r.json()) as FolderJson
}

export async function fileInfo(request: APIRequestContext, id: string) {
  const r = await request.get(`/file-service/info/${id}`)
  if (r.status() !== 200) throw new Error(`file info failed: ${r.status()} ${await r.text()}`)
  return (await r.json()) as FileJson
}

async function share(request: APIRequestContext, kind: 'make-public' | 'make-one', id: string) {
  const r = await request.patch(`/file-service/${kind}/${id}`, { headers: { uuid } })
  if (r.status() !== 200) throw new Error(`${kind} failed: ${r.status()} ${await r.text()}`)
  return ((await r.json()) as { file: FileJson }).file
}

/** Shares the file with anyone holding its link; the token is `metadata.link`. */
export const makePublic = (request: APIRequestContext, id: string) => share(request, 'make-public', id)

/** A temporary link, good for one download. */
export const makeOne = (request: APIRequestContext, id: string) => share(request, 'make-one', id)
