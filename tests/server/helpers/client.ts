// A tiny HTTP client with a cookie jar and a browser id, standing in for one browser.
import { randomUUID } from 'node:crypto'

export interface Reply<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

export class Browser {
  readonly cookies = new Map<string, string>()
  constructor(
    readonly baseUrl: string,
    public uuid: string | null = randomUUID(),
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    opts: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers }
    if (this.uuid && !('uuid' in headers)) headers.uuid = this.uuid
    if (this.cookies.size && !('cookie' in headers))
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    let body = opts.body
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.json)
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' })
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const text = await res.text()
    let parsed: unknown = text
    if (res.headers.get('content-type')?.includes('application/json')) {
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = text
      }
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, { headers })
  post = <T = any>(path: string, json?: unknown) => this.request<T>('POST', path, { json })
  patch = <T = any>(path: string, json?: unknown) => this.request<T>('PATCH', path, { json })
  delete = <T = any>(path: string, json?: unknown) => this.request<T>('DELETE', path, { json })

  /** POST /file-service/upload as the spec's client sends it. */
  async upload(filename: string, data: Uint8Array | string, parent = '/', extra: Record<string, string> = {}) {
    const form = new FormData()
    form.append('filename', filename)
    form.append('parent', parent)
    form.append('currentID', parent)
    form.append('size', String(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength))
    for (const [k, v] of Object.entries(extra)) form.append(k, v)
    form.append('file', new Blob([data as BlobPart]), filename)
    return this.request('POST', '/file-service/upload', { body: form })
  }

  /** POST /folder-service/upload: `files` maps relative paths ("top/sub/a.txt") to contents. */
  async uploadFolder(files: Record<string, Uint8Array | string>, parent = '/') {
    const form = new FormData()
    const entries = Object.entries(files)
    form.append('parent', parent)
    form.append('total-files', String(entries.length))
    entries.forEach(([path, data], index) => {
      const name = path.split('/').at(-1)!
      const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
      form.append('file-data', JSON.stringify({ name, size, type: 'application/octet-stream', path, index }))
      form.append('file', new Blob([data as BlobPart]), name)
    })
    return this.request('POST', '/folder-service/upload', { body: form })
  }

  async bytes(path: string, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await fetch(this.baseUrl + path, { headers: { cookie, ...headers } })
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }

  /** Signs up and keeps the cookies. */
  async signup(email: string, password = 'secret123') {
    const r = await this.post('/user-service/create', { email, password })
    if (r.status !== 201) throw new Error(`signup failed: ${r.status} ${r.text}`)
    return r.body
  }
  async login(email: string, password = 'secret123') {
    return this.post('/user-service/login', { email, password })
  }
}

let counter = 0
/** A unique address per call, so tests never collide. */
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${++counter}@example.com`
