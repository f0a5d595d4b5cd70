// Uploads over XMLHttpRequest: fetch (and so redaxios) cannot report upload progress. Same rules as
// http.ts: the uuid header, one refresh-and-retry on 401, the same error messages; plus progress
// (SPEC §4: updates at most every 200 ms, no 100 % tick before the server has answered) and cancel.
import type { FileJson, FolderJson } from '../../server/schemas/files.ts'
import { getBrowserId } from '../state/browser-id.ts'
import { canceledError, networkError, statusError, withTokenRetry } from './http.ts'

/** SPEC §9 "Upload progress update debounce". */
export const PROGRESS_INTERVAL_MS = 200

export interface UploadOptions {
  /** Percent sent, 0–99; completion is the promise resolving. */
  onProgress?: (percent: number) => void
}

/** A running upload: its result, and a cancel that rejects it with "canceled". */
export interface UploadHandle<T> {
  promise: Promise<T>
  cancel(): void
  readonly signal: AbortSignal
}

/** Calls `fn` at most once per `ms`, keeping the latest value for a trailing call. */
function throttle(fn: (value: number) => void, ms: number) {
  let last = 0
  let pending: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    timer = undefined
    if (pending === undefined) return
    last = Date.now()
    const value = pending
    pending = undefined
    fn(value)
  }
  return {
    push(value: number) {
      pending = value
      const wait = ms - (Date.now() - last)
      if (wait <= 0) flush()
      else timer ??= setTimeout(flush, wait)
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
      pending = undefined
    },
  }
}

function sendOnce<T>(
  url: string,
  body: FormData,
  signal: AbortSignal,
  progress: ReturnType<typeof throttle>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(canceledError())
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    signal.addEventListener('abort', onAbort)
    const done = () => signal.removeEventListener('abort', onAbort)
    xhr.open('POST', url)
    xhr.setRequestHeader('uuid', getBrowserId())
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return
      const percent = Math.floor((event.loaded / event.total) * 100)
      // The last bytes are sent before the server has stored the file: 100 waits for the answer.
      if (percent < 100) progress.push(percent)
    }
    xhr.onload = () => {
      done()
      let data: unknown = xhr.responseText
      try {
        data = JSON.parse(xhr.responseText)
      } catch {
        // Not JSON: keep the text.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T)
      else reject(statusError(xhr.status, data))
    }
    xhr.onerror = () => (done(), reject(networkError()))
    xhr.onabort = () => (done(), reject(canceledError()))
    xhr.send(body)
  })
}

/** POSTs `body` (multipart) to `url` with progress and cancel. */
export function xhrUpload<T>(url: string, body: FormData, { onProgress }: UploadOptions = {}): UploadHandle<T> {
  const controller = new AbortController()
  const progress = throttle((value) => onProgress?.(value), PROGRESS_INTERVAL_MS)
  const promise = withTokenRetry(url, () => sendOnce<T>(url, body, controller.signal, progress)).finally(() =>
    progress.stop(),
  )
  return { promise, cancel: () => controller.abort(), signal: controller.signal }
}

/** SPEC §7 POST /file-service/upload: fields filename, parent, currentID, size, then the file. */
export function uploadFile(file: File, parent: string, options?: UploadOptions): UploadHandle<FileJson> {
  const body = new FormData()
  body.append('filename', file.name)
  body.append('parent', parent)
  body.append('currentID', parent)
  body.append('size', String(file.size))
  body.append('file', file, file.name)
  return xhrUpload<FileJson>('/file-service/upload', body, options)
}

/** One file of a folder upload, with its path inside the chosen folder (`webkitRelativePath`). */
export interface FolderUploadEntry {
  file: File
  path: string
}

/**
 * SPEC §7 POST /folder-service/upload: parent, total-files, then per file a "file-data" JSON text
 * (name, size, type, path, index) followed by the file itself.
 */
export function uploadFolder(
  entries: readonly FolderUploadEntry[],
  parent: string,
  options?: UploadOptions,
): UploadHandle<FolderJson> {
  const body = new FormData()
  body.append('parent', parent)
  body.append('total-files', String(entries.length))
  entries.forEach(({ file, path }, index) => {
    body.append('file-data', JSON.stringify({ name: file.name, size: file.size, type: file.type, path, index }))
    body.append('file', file, file.name)
  })
  return xhrUpload<FolderJson>('/folder-service/upload', body, options)
}
