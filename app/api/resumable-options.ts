// The settings every resumable (tus) upload of the app uses, in one place so the benchmark that
// measures "the app's path" sends exactly what the app sends.

/** tus endpoint (DESIGN §7 "Resumable uploads"). */
export const TUS_ENDPOINT = '/file-service/uploads'

/** PATCH size: under the 100 MB request cap of common reverse proxies, large enough to stream fast. */
export const TUS_CHUNK_SIZE = 50 * 1024 * 1024

/**
 * Backoff between automatic retries after a network error or a 5xx (ms); then a 5xx fails the
 * upload, while a server out of reach is asked again every SERVER_BACK_POLL_MS until it answers.
 */
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000] as const

/** How often an upload whose server cannot be reached tries again once TUS_RETRY_DELAYS are spent. */
export const SERVER_BACK_POLL_MS = 30_000

/** Files sent at once; the rest wait in the queue, so a 1,000-file drop opens 3 connections, not 1,000. */
export const MAX_PARALLEL_UPLOADS = 3

/**
 * Small files go in the creation request itself (tus creation-with-upload): one request per file,
 * which is what makes a drop of a thousand photos fast.
 */
export const TUS_DATA_DURING_CREATION = true
