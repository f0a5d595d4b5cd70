// One resumable upload (tus 1.0.0, DESIGN §7) through tus-js-client, which is loaded on the first
// upload only (a dynamic import keeps it out of the first-load bundle). What this module adds to
// the library is the app's HTTP rules and its reading of failures:
// - every request carries the `uuid` header, and a 401 gets the app's one token refresh and one
//   retry (http.ts), inside the request, so tus never sees it (it would start the upload over);
//   an anonymous upload (a file request's visitor, at an upload link's endpoint) has no session,
//   so its 401 (the link's password) is final, and it keeps no URL storage entry (a reload of the
//   link's page does not offer it, and the drive's restored uploads never see it);
// - network errors and 5xx retry with TUS_RETRY_DELAYS, and while the browser is offline the
//   upload waits for the connection instead of spending those retries; once those retries are
//   spent while the server cannot be reached (no answer, or a proxy's 502/503/504), the upload
//   keeps waiting for it: it tries again every SERVER_BACK_POLL_MS, and at once when the browser
//   comes back online, so it resumes by itself when the server is back; 409/423 resume through
//   tus's HEAD, but a 409 NAME_EXISTS (the folder holds the name and `conflict` was `fail`) is a
//   refusal the caller answers (ResumableError.code); other refusals (400 name, 413 too large, 507 quota, …) end the upload with the
//   server's message and are not retried;
// - pause aborts (the server keeps what arrived), cancel aborts and terminates (DELETE);
// - the URL storage entry (resumable-store.ts) lets a reload find the upload again; it goes on
//   success, on cancel, and on a refusal.
import type { DetailedError, HttpRequest, HttpResponse, HttpStack, PreviousUpload, Upload } from 'tus-js-client'
import type { ConflictJson } from '../../server/schemas/versions.ts'
import { getBrowserId } from '../state/browser-id.ts'
import { failureReason, networkError, refreshToken, statusError, TOKEN_RETRY_DELAY_MS } from './http.ts'
import {
  SERVER_BACK_POLL_MS,
  TUS_CHUNK_SIZE,
  TUS_DATA_DURING_CREATION,
  TUS_ENDPOINT,
  TUS_RETRY_DELAYS,
} from './resumable-options.ts'
import { fingerprintOf, forgetStoredUpload, type StoredUpload } from './resumable-store.ts'
import { quotaExceededReason } from './quota.ts'

type Tus = typeof import('tus-js-client')

let tusModule: Promise<Tus> | undefined
const loadTus = () => (tusModule ??= import('tus-js-client'))

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A request of the library's HTTP stack plus the app's rules: the uuid header, and 401 → refresh → once more (signed in only). */
class AppRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {}
  private progress: ((bytesSent: number) => void) | undefined
  private current: HttpRequest
  private aborted = false

  constructor(
    private readonly stack: HttpStack,
    private readonly method: string,
    private readonly url: string,
    private readonly anonymous: boolean,
  ) {
    this.current = this.open()
  }

  private open(): HttpRequest {
    const request = this.stack.createRequest(this.method, this.url)
    for (const [name, value] of Object.entries(this.headers)) request.setHeader(name, value)
    request.setHeader('uuid', getBrowserId())
    if (this.progress) request.setProgressHandler(this.progress)
    return request
  }

  getMethod = () => this.method
  getURL = () => this.url
  getHeader = (name: string) => this.headers[name]
  getUnderlyingObject = () => this.current.getUnderlyingObject()

  setHeader(name: string, value: string) {
    this.headers[name] = value
    this.current.setHeader(name, value)
  }

  setProgressHandler(handler: (bytesSent: number) => void) {
    this.progress = handler
    this.current.setProgressHandler(handler)
  }

  async send(body?: unknown): Promise<HttpResponse> {
    const response = await this.current.send(body)
    if (response.getStatus() !== 401 || this.aborted || this.anonymous) return response
    try {
      await refreshToken()
      await sleep(TOKEN_RETRY_DELAY_MS)
    } catch {
      return response
    }
    // A file slice is a Blob: the same body can be sent again.
    this.current = this.open()
    return this.current.send(body)
  }

  abort() {
    this.aborted = true
    return this.current.abort()
  }
}

const appStack = (inner: HttpStack, anonymous = false): HttpStack => ({
  createRequest: (method, url) => new AppRequest(inner, method, url, anonymous),
  getName: () => `cumulus+${inner.getName()}`,
})

/** Why an upload stopped for good. */
export class ResumableError extends Error {
  override name = 'ResumableError'
  constructor(
    /** The server's message, or "Network Error" / "Request failed with status code N". */
    message: string,
    readonly status: number | undefined,
    /** Whether trying again may help (not for a bad name, a file over the size limit, or one the free space cannot hold). */
    readonly retryable: boolean,
    override readonly cause?: unknown,
    /** The server's error code, e.g. NAME_EXISTS. */
    readonly code?: string,
  ) {
    super(message)
  }
}

/** The code a refusal names the folder's clashing name by (DESIGN.md §8 "Versions"). */
export const NAME_EXISTS = 'NAME_EXISTS'

/** Whether the upload stopped because its folder already holds the name (sent with `conflict: fail`). */
export const isNameTaken = (error: unknown) => error instanceof ResumableError && error.code === NAME_EXISTS

const statusOf = (error: unknown) => (error as DetailedError | undefined)?.originalResponse?.getStatus() || undefined

/** The JSON body of the reply that failed, when it has one. */
function replyData(error: unknown): unknown {
  try {
    return JSON.parse((error as DetailedError).originalResponse!.getBody())
  } catch {
    return undefined
  }
}

const codeOf = (data: unknown) =>
  data && typeof data === 'object' && typeof (data as { code?: unknown }).code === 'string'
    ? (data as { code: string }).code
    : undefined

/** A 409 that is no offset mismatch: the folder holds the name. Sending again would be refused again. */
const nameTakenReply = (error: unknown, status: number | undefined) =>
  status === 409 && codeOf(replyData(error)) === NAME_EXISTS

/** A reply that will not change by sending again: 4xx but for 401 (handled per request), 409 and 423 (resumed), and 507. */
const isRefusal = (status: number | undefined) =>
  status !== undefined && ((status >= 400 && status < 500 && status !== 409 && status !== 423) || status === 507)

function toResumableError(error: unknown): ResumableError {
  const status = statusOf(error)
  if (status === undefined) {
    const transport = (error as DetailedError | undefined)?.originalRequest ? networkError() : error
    return new ResumableError(failureReason(transport), undefined, true, error)
  }
  const data = replyData(error)
  const reason = quotaExceededReason(status, data) ?? failureReason(statusError(status, data))
  const code = codeOf(data)
  const retryable = status !== 400 && status !== 413 && status !== 507 && code !== NAME_EXISTS
  return new ResumableError(reason, status, retryable, error, code)
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The server could not be reached: no answer at all, or a proxy in front of it saying it is down. */
const unreachable = (error: unknown, status: number | undefined) =>
  status === undefined
    ? Boolean((error as DetailedError | undefined)?.originalRequest)
    : status === 502 || status === 503 || status === 504

/** What to upload and where: `parent` is a folder id or "/"; `relativePath` places it inside a folder upload. */
export interface ResumableTarget {
  file: File
  /** Absent where the endpoint decides the folder itself (an upload link's). */
  parent?: string
  relativePath?: string
  /** An unfinished upload of the same file (found after a reload): continue it instead of starting over. */
  previous?: StoredUpload
  /** The tus endpoint (a path of this origin); TUS_ENDPOINT, the signed-in drive's, by default. */
  endpoint?: string
  /** No session (an upload link's visitor): a 401 is final, never a token refresh, and nothing is stored for a reload. */
  anonymous?: boolean
  /** What the server does when the folder holds the name: replace it, keep both, or refuse (409 NAME_EXISTS). */
  conflict?: ConflictJson
}

export interface ResumableEvents {
  /** Bytes sent so far (the server's offset after a resume, then up as the request goes). */
  onProgress?: (bytesSent: number, bytesTotal: number) => void
  /** The connection failed; the upload tries again by itself (after a delay, or once back online). */
  onRetrying?: () => void
  /** Sending again after `onRetrying`. */
  onResumed?: () => void
}

export type ResumableOutcome = { kind: 'completed'; fileId: string | undefined } | { kind: 'stopped' }

export interface ResumableUpload {
  /**
   * Starts the upload, or continues it from the server's offset after a pause or failure.
   * Resolves `completed` with the new file's id, or `stopped` when paused or canceled; rejects with
   * a `ResumableError` when it failed for good.
   */
  send(): Promise<ResumableOutcome>
  /** Stops sending; the server keeps what arrived, and `send` continues from there. */
  pause(): Promise<void>
  /** Stops sending and has the server drop the upload. */
  cancel(): Promise<void>
}

function tusMetadata({ file, parent, relativePath, conflict }: ResumableTarget): Record<string, string> {
  return {
    filename: file.name,
    ...(parent !== undefined ? { parent } : {}),
    ...(relativePath ? { relativePath } : {}),
    ...(file.type ? { filetype: file.type } : {}),
    ...(conflict ? { conflict } : {}),
  }
}

export function createResumableUpload(target: ResumableTarget, events: ResumableEvents = {}): ResumableUpload {
  const { file } = target
  const anonymous = target.anonymous === true
  const identity = {
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    parent: target.parent ?? '',
    relativePath: target.relativePath,
  }
  let upload: Upload | undefined
  let settle: { resolve: (outcome: ResumableOutcome) => void; reject: (error: ResumableError) => void } | undefined
  let retrying = false
  let stopWaiting: (() => void) | undefined

  const finish = (outcome: ResumableOutcome | ResumableError) => {
    const current = settle
    settle = undefined
    if (outcome instanceof ResumableError) current?.reject(outcome)
    else current?.resolve(outcome)
  }
  const markRetrying = () => {
    if (retrying) return
    retrying = true
    events.onRetrying?.()
  }
  const markSending = () => {
    if (!retrying) return
    retrying = false
    events.onResumed?.()
  }
  /** Removes this upload's URL storage entries (the library keeps the key private). */
  const forget = async () => {
    if (!upload || anonymous) return
    for (const entry of await upload.findPreviousUploads())
      if (!upload.url || entry.uploadUrl === upload.url) forgetStoredUpload(entry.urlStorageKey)
    if (target.previous) forgetStoredUpload(target.previous.urlStorageKey)
  }
  /** Starts again once the browser is back online, or after `pollMs` (the server may be back while the browser never went offline). */
  const waitToRetry = (pollMs?: number) => {
    stopWaiting?.()
    const again = () => {
      stopWaiting?.()
      upload?.start()
    }
    window.addEventListener('online', again)
    const timer = pollMs === undefined ? undefined : setTimeout(again, pollMs)
    stopWaiting = () => {
      window.removeEventListener('online', again)
      clearTimeout(timer)
      stopWaiting = undefined
    }
  }

  async function create(): Promise<Upload> {
    const tus = await loadTus()
    const created = new tus.Upload(file, {
      endpoint: new URL(target.endpoint ?? TUS_ENDPOINT, window.location.href).href,
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: [...TUS_RETRY_DELAYS],
      uploadDataDuringCreation: TUS_DATA_DURING_CREATION,
      metadata: tusMetadata(target),
      fingerprint: () => Promise.resolve(fingerprintOf(identity)),
      storeFingerprintForResuming: !anonymous,
      removeFingerprintOnSuccess: true,
      httpStack: appStack(tus.defaultOptions.httpStack, anonymous),
      onUploadUrlAvailable: markSending,
      onProgress(sent, total) {
        markSending()
        events.onProgress?.(sent, total)
      },
      onShouldRetry(error) {
        const status = statusOf(error)
        if (isRefusal(status) || nameTakenReply(error, status)) return false
        // 409 (wrong offset) and 423 (another request holds it): a HEAD tells where to go on.
        if (status === 409 || status === 423) return true
        // Offline: each retry would fail at once; wait for the connection instead (onError).
        if (offline()) return false
        markRetrying()
        return true
      },
      onError(error) {
        const status = statusOf(error)
        if (status === undefined && offline() && (error as DetailedError).originalRequest) {
          markRetrying()
          waitToRetry()
          return
        }
        // The retries are spent and the server is still out of reach: keep waiting for it.
        if (unreachable(error, status)) {
          markRetrying()
          waitToRetry(SERVER_BACK_POLL_MS)
          return
        }
        retrying = false
        const failure = toResumableError(error)
        // Refused: resuming this upload would be refused again, so a reload should not offer it.
        if (isRefusal(status) || nameTakenReply(error, status)) void forget()
        finish(failure)
      },
      onSuccess({ lastResponse }) {
        retrying = false
        finish({ kind: 'completed', fileId: lastResponse.getHeader('Cumulus-File-Id') ?? undefined })
      },
    })
    const { previous } = target
    if (previous) {
      const { size, metadata, creationTime, urlStorageKey, uploadUrl } = previous
      created.resumeFromPreviousUpload({
        size,
        metadata,
        creationTime,
        urlStorageKey,
        uploadUrl,
        parallelUploadUrls: null,
      } satisfies PreviousUpload)
    }
    return created
  }

  return {
    send() {
      finish({ kind: 'stopped' })
      return new Promise<ResumableOutcome>((resolve, reject) => {
        settle = { resolve, reject }
        const ready = upload ? Promise.resolve(upload) : create().then((created) => (upload = created))
        ready.then(
          (started) => settle?.resolve === resolve && started.start(),
          (error: unknown) => finish(new ResumableError(failureReason(error), undefined, true, error)),
        )
      })
    },
    async pause() {
      stopWaiting?.()
      retrying = false
      finish({ kind: 'stopped' })
      await upload?.abort(false)
    },
    async cancel() {
      stopWaiting?.()
      retrying = false
      finish({ kind: 'stopped' })
      if (!upload) {
        if (target.previous) await terminateStored(target.previous)
        return
      }
      try {
        await upload.abort(true)
      } catch (error) {
        // The server could not be told (offline): it drops the upload when it expires.
        console.warn('Terminating an upload failed', file.name, error)
      }
      await forget()
    },
  }
}

/** Cancels an unfinished upload known only from the URL storage: DELETE it, and forget it either way. */
export async function terminateStored(stored: StoredUpload): Promise<void> {
  forgetStoredUpload(stored.urlStorageKey)
  try {
    const tus = await loadTus()
    await tus.Upload.terminate(stored.uploadUrl, { httpStack: appStack(tus.defaultOptions.httpStack), retryDelays: [] })
  } catch (error) {
    console.warn('Terminating an upload failed', stored.name, error)
  }
}

/** How long to keep asking while the server is still writing the piece a reload cut (423). */
const LOCKED_RETRY_MS = 250
const LOCKED_TRIES = 8

/**
 * How many bytes of a stored upload the server holds; null when it no longer has the upload (404,
 * 410 expired), undefined when that cannot be told now (offline, signed out).
 */
export async function storedOffset(stored: StoredUpload): Promise<number | null | undefined> {
  try {
    for (let tries = 1; ; tries++) {
      const response = await fetch(stored.uploadUrl, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', uuid: getBrowserId() },
      })
      if (response.status === 404 || response.status === 410) return null
      // Right after a reload the server may still be storing the PATCH the reload cut short.
      if (response.status === 423 && tries < LOCKED_TRIES) {
        await sleep(LOCKED_RETRY_MS)
        continue
      }
      const offset = Number(response.headers.get('Upload-Offset'))
      return response.ok && Number.isSafeInteger(offset) ? offset : undefined
    }
  } catch {
    return undefined
  }
}
