// Enough of a tus 1.0.0 server (DESIGN §7 "Resumable uploads") for the app's upload tests and stories, as msw
// handlers: creation (with upload), HEAD, PATCH with offset checks, termination, Cumulus-File-Id.
// A test can hold requests until it lets them go (to count what is in flight, or pause mid-request),
// refuse one (with an error code, e.g. 409 NAME_EXISTS), fail one at the network level, or accept
// only part of a body. Each upload keeps its `conflict` metadata.
import { http, HttpResponse } from 'msw'

export interface TusUpload {
  id: string
  filename: string
  parent: string
  relativePath?: string
  /** The `conflict` metadata: replace, keep-both or fail (absent: not sent). */
  conflict?: string
  length: number
  offset: number
  /** Bytes received in total, resent ones included (what "only the missing bytes" is measured by). */
  received: number
  fileId?: string
  terminated: boolean
}

type Plan =
  | { kind: 'refuse'; status: number; message: string; code?: string }
  | { kind: 'network' }
  | { kind: 'accept'; bytes: number }

interface Held {
  name: string
  method: string
  release: () => void
}

const decode = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))

function metadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const pair of (header ?? '').split(',').filter(Boolean)) {
    const [key, value = ''] = pair.trim().split(' ')
    out[key!] = decode(value)
  }
  return out
}

// Ids never repeat across tests, so an upload left over from one test cannot pass for another's.
let nextId = 0

/** `base`: where the uploads live (the drive's, or a file request's `…/public/{token}/uploads`). */
export function createTusServer(base = '/file-service/uploads') {
  const uploads = new Map<string, TusUpload>()
  const plans = new Map<string, Plan[]>()
  const held: Held[] = []
  const log: Array<{ method: string; name: string; offset?: number; bytes: number; uuid: string | null }> = []
  let holding = false
  let inFlight = 0
  let maxInFlight = 0

  const headers = (u: TusUpload) => ({
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(u.offset),
    ...(u.fileId
      ? { 'Cumulus-File-Id': u.fileId }
      : { 'Upload-Expires': new Date(Date.now() + 86_400_000).toUTCString() }),
  })

  /** Takes the next plan for `name`, if any. */
  const planFor = (name: string) => plans.get(name)?.shift()

  async function receive(u: TusUpload, request: Request, method: string): Promise<Response> {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    try {
      const body = new Uint8Array(await request.arrayBuffer())
      log.push({ method, name: u.filename, offset: u.offset, bytes: body.length, uuid: request.headers.get('uuid') })
      if (holding) await new Promise<void>((release) => held.push({ name: u.filename, method, release }))
      const plan = planFor(u.filename)
      if (plan?.kind === 'network') return HttpResponse.error()
      if (plan?.kind === 'refuse')
        return HttpResponse.json(
          { statusCode: plan.status, message: plan.message, ...(plan.code ? { code: plan.code } : {}) },
          { status: plan.status, headers: { 'Tus-Resumable': '1.0.0' } },
        )
      const kept = plan?.kind === 'accept' ? Math.min(plan.bytes, body.length) : body.length
      u.received += kept
      u.offset += kept
      if (u.offset === u.length) u.fileId = `file-${u.id}`
      return new HttpResponse(null, {
        status: method === 'POST' ? 201 : 204,
        headers: { ...headers(u), ...(method === 'POST' ? { Location: `${base}/${u.id}` } : {}) },
      })
    } finally {
      inFlight--
    }
  }

  const handlers = [
    http.post(`*${base}`, async ({ request }) => {
      const meta = metadata(request.headers.get('upload-metadata'))
      const length = Number(request.headers.get('upload-length'))
      const u: TusUpload = {
        id: `up${++nextId}`,
        filename: meta.filename ?? '',
        parent: meta.parent ?? '',
        relativePath: meta.relativePath,
        conflict: meta.conflict,
        length,
        offset: 0,
        received: 0,
        terminated: false,
      }
      uploads.set(u.id, u)
      return receive(u, request, 'POST')
    }),
    http.head(`*${base}/:id`, ({ request, params }) => {
      const u = uploads.get(String(params.id))
      log.push({ method: 'HEAD', name: u?.filename ?? '', bytes: 0, uuid: request.headers.get('uuid') })
      if (!u || u.terminated) return new HttpResponse(null, { status: 404 })
      return new HttpResponse(null, {
        status: 200,
        headers: { ...headers(u), 'Upload-Length': String(u.length), 'Cache-Control': 'no-store' },
      })
    }),
    http.patch(`*${base}/:id`, async ({ request, params }) => {
      const u = uploads.get(String(params.id))
      if (!u || u.terminated) return new HttpResponse(null, { status: 404 })
      if (Number(request.headers.get('upload-offset')) !== u.offset)
        return HttpResponse.json({ message: 'Wrong offset' }, { status: 409 })
      return receive(u, request, 'PATCH')
    }),
    http.delete(`*${base}/:id`, ({ request, params }) => {
      const u = uploads.get(String(params.id))
      log.push({ method: 'DELETE', name: u?.filename ?? '', bytes: 0, uuid: request.headers.get('uuid') })
      if (!u) return new HttpResponse(null, { status: 404 })
      u.terminated = true
      return new HttpResponse(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0' } })
    }),
  ]

  return {
    handlers,
    uploads,
    log,
    /** The upload of `filename` (the latest one). */
    upload: (filename: string) => [...uploads.values()].filter((u) => u.filename === filename).at(-1),
    /** From now on, requests with a body wait for `release`/`releaseAll`. */
    hold: (on = true) => void (holding = on),
    held: () => held.map((h) => `${h.method} ${h.name}`),
    /** Lets the oldest held request of `name` (or the oldest of all) answer. */
    release(name?: string) {
      const index = held.findIndex((h) => name === undefined || h.name === name)
      if (index < 0) throw new Error(`no held request${name ? ` for ${name}` : ''}`)
      held.splice(index, 1)[0]!.release()
    },
    releaseAll() {
      holding = false
      for (const h of held.splice(0)) h.release()
    },
    /** The next request with a body for `name` answers `status` with `{message}` (and `code`, when given). */
    refuse: (name: string, status: number, message: string, code?: string) =>
      void plans.set(name, [...(plans.get(name) ?? []), { kind: 'refuse', status, message, code }]),
    /** The next request with a body for `name` fails at the network level. */
    failNetwork: (name: string) => void plans.set(name, [...(plans.get(name) ?? []), { kind: 'network' }]),
    /** The next request with a body for `name` keeps only `bytes` of it (the connection broke). */
    acceptOnly: (name: string, bytes: number) =>
      void plans.set(name, [...(plans.get(name) ?? []), { kind: 'accept', bytes }]),
    maxInFlight: () => maxInFlight,
    inFlight: () => inFlight,
  }
}

export type TusServer = ReturnType<typeof createTusServer>
