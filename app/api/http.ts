// The one HTTP wrapper of the app, over redaxios. redaxios has no interceptors, timeouts or
// axios-style errors, so this file adds what SPEC §7/§8 asks of the client:
// - every request carries the `uuid` header (the browser id; the server refuses state-changing
//   requests without it);
// - a 401 triggers one token refresh through a separate client, a 150 ms wait, and one retry; if the
//   refresh or the retry fails the ORIGINAL error is passed on; a 401 from get-token itself is final;
// - failures are `HttpError`s with the transport messages "Network Error", "timeout of N ms
//   exceeded" and "Request failed with status code N".
import redaxios, { type Options } from 'redaxios'
import { copy } from '../copy.ts'
import { getBrowserId } from '../state/browser-id.ts'
import { noteTokenRefreshed } from '../state/user.ts'

/** SPEC §9 "Token retry delay after 401". */
export const TOKEN_RETRY_DELAY_MS = 150
export const TOKEN_URL = '/user-service/get-token'

// Calls whose 401 answers the request itself (wrong credentials, bad emailed token), not an expired
// access token: refreshing and retrying them would only repeat the failure, and for login count a
// second failed attempt against the account's lockout.
const ANONYMOUS_CALLS = new Set([
  TOKEN_URL,
  '/user-service/login',
  '/user-service/login/second-factor',
  '/user-service/create',
  '/user-service/verify-email',
  '/user-service/send-password-reset',
  '/user-service/reset-password',
])

// A share link's visitor has no session at all: a 401 there asks for the link's password. A
// passkey's sign-in answers for itself too (a refused passkey).
const ANONYMOUS_PREFIXES = ['/share-service/public/', '/user-service/webauthn/login/']

const isAnonymous = (path: string) =>
  ANONYMOUS_CALLS.has(path) || ANONYMOUS_PREFIXES.some((prefix) => path.startsWith(prefix))

/** A failed request, shaped like the axios errors the spec's messages come from. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    message: string,
    /** HTTP status, absent for transport failures. */
    readonly status: number | undefined,
    /** The decoded error body, e.g. the server's `{statusCode, code, message}`. */
    readonly data: unknown = undefined,
  ) {
    super(message)
  }

  /** The server's error code (`INVALID_CREDENTIALS`, …), when it sent one. */
  get code(): string | undefined {
    const code = (this.data as { code?: unknown } | undefined)?.code
    return typeof code === 'string' ? code : undefined
  }
}

/**
 * Why a request failed, in words the user can act on: the server's own message when it sent one
 * (`{message}`, e.g. 'Folder name must not contain "/"'), else the transport message ("Network
 * Error", "timeout of N ms exceeded", "Request failed with status code N") followed by what it
 * means: "Network Error. The server could not be reached. Check your connection, then try again."
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : String(error)
  const message = (error.data as { message?: unknown } | undefined)?.message
  if (typeof message === 'string' && message.trim() !== '') return message
  const meaning = transportMeaning(error)
  return meaning ? `${error.message}. ${meaning}` : error.message
}

/** The sentence that says what a transport message means, when it has one. */
function transportMeaning({ status, message }: HttpError): string | undefined {
  if (status === undefined) {
    if (message === 'Network Error') return copy.transport.network
    return message.startsWith('timeout of ') ? copy.transport.timeout : undefined
  }
  return status === 502 || status === 503 || status === 504 ? copy.transport.serverDown : undefined
}

/** The HTTP status of a failure, if it had one. */
export const errorStatus = (error: unknown): number | undefined =>
  error instanceof HttpError ? error.status : undefined

export const networkError = () => new HttpError('Network Error', undefined)
export const timeoutError = (ms: number) => new HttpError(`timeout of ${ms} ms exceeded`, undefined)
export const statusError = (status: number, data?: unknown) =>
  new HttpError(`Request failed with status code ${status}`, status, data)
export const canceledError = () => new HttpError('canceled', undefined)

export type Params = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>

export interface RequestOptions {
  params?: Params
  headers?: Record<string, string>
  /** Fails the request with "timeout of N ms exceeded" after N ms; none by default. */
  timeout?: number
  signal?: AbortSignal
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Query strings without `undefined`s, arrays as repeated keys (`folderIDs[]=a&folderIDs[]=b`). */
export function serializeParams(params: Params | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item))
    else search.append(key, String(value))
  }
  return search.toString()
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Sends one request with redaxios and turns every failure into an HttpError. */
async function send<T>(
  client: typeof redaxios,
  method: Method,
  url: string,
  data: unknown,
  options: RequestOptions,
  text = false,
): Promise<T> {
  const controller = new AbortController()
  let timedOut = false
  const timer = options.timeout ? setTimeout(() => ((timedOut = true), controller.abort()), options.timeout) : undefined
  const onAbort = () => controller.abort()
  options.signal?.addEventListener('abort', onAbort)
  const query = serializeParams(options.params)
  const config: Options = {
    url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url,
    method,
    data,
    headers: { ...options.headers, uuid: getBrowserId() },
    // Not 'text': redaxios would JSON.parse it, and a .json file's text would come back an object.
    ...(text && { responseType: 'arrayBuffer' as const }),
    // redaxios passes no signal; look fetch up per call so test doubles installed later are used.
    fetch: (input, init) => globalThis.fetch(input, { ...init, signal: controller.signal }),
  }
  try {
    if (options.signal?.aborted) throw canceledError()
    const response = await client<T>(config)
    if (!text) return response.data
    const body = new TextDecoder().decode(response.data as ArrayBuffer)
    return { text: body, headers: response.headers } as T
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (timedOut) throw timeoutError(options.timeout!)
    if (options.signal?.aborted) throw canceledError()
    // redaxios rejects with the response object for non-2xx statuses, and fetch with a TypeError
    // when the network fails.
    const status = (error as { status?: unknown } | null)?.status
    if (typeof status === 'number') throw statusError(status, (error as { data?: unknown }).data)
    throw networkError()
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

// The refresh travels through its own client instance, never through `request` below, so a
// failing refresh can never recurse into another refresh.
const tokenClient = redaxios.create()
let refreshing: Promise<void> | null = null

/**
 * POST /user-service/get-token with the uuid header: renews the access cookie (and rotates the
 * refresh cookie). Concurrent callers share one request, since two rotations of the same refresh
 * token race each other.
 */
export function refreshToken(): Promise<void> {
  refreshing ??= send<unknown>(tokenClient, 'post', TOKEN_URL, undefined, {})
    .then(() => noteTokenRefreshed())
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

/** Runs `attempt`; on a 401 refreshes the token once, waits 150 ms and runs it once more. */
async function withTokenRetry<T>(url: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt()
  } catch (error) {
    if (errorStatus(error) !== 401 || isAnonymous(url.split('?')[0]!)) throw error
    try {
      await refreshToken()
      await sleep(TOKEN_RETRY_DELAY_MS)
      return await attempt()
    } catch {
      throw error
    }
  }
}

const mainClient = redaxios.create()

function request<T>(method: Method, url: string, data: unknown, options: RequestOptions = {}): Promise<T> {
  return withTokenRetry(url, () => send<T>(mainClient, method, url, data, options))
}

/** A text body and the reply's headers (a text preview says in a header where it was cut). */
export interface TextReply {
  text: string
  headers: Headers
}

/** The app's HTTP client: each call resolves to the response body. */
export const http = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('get', url, undefined, options),
  /** GET of a text reply, read as text whatever its type, with its headers. */
  getText: (url: string, options: RequestOptions = {}) =>
    withTokenRetry(url, () => send<TextReply>(mainClient, 'get', url, undefined, options, true)),
  delete: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('delete', url, data, options),
  post: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('post', url, data, options),
  put: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('put', url, data, options),
  patch: <T>(url: string, data?: unknown, options?: RequestOptions) => request<T>('patch', url, data, options),
}
