// Talks to the real server through the page's own request context, so cookies are shared with
// the browser exactly as after a sign-in in the app.
import { randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'

export const uuid = randomUUID()

export async function signUp(request: APIRequestContext, email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`) {
  const r = await request.post('/user-service/create', { data: { email, password: 'secret123' }, headers: { uuid } })
  if (r.status() !== 201) throw new Error(`sign-up failed: ${r.status()} ${await r.text()}`)
  return email
}

export async function upload(request: APIRequestContext, name: string, body: Buffer | string, parent = '/') {
  const r = await request.post('/file-service/upload', {
    headers: { uuid },
    multipart: { filename: name, parent, currentID: parent, size: String(Buffer.byteLength(body)), file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) } },
  })
  if (r.status() !== 201) throw new Error(`upload failed: ${r.status()} ${await r.text()}`)
  return (await r.json()) as { _id: string; filename: string; metadata: { link?: string } }
}
