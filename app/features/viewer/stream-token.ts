// SPEC §4 "Video": the stream token (a cookie scoped to /file-service/stream-video) is requested
// before streaming and removed when the viewer of a video closes.
import { getStreamVideoToken, removeStreamVideoToken } from '../../api/files.ts'

export interface StreamToken {
  /** Resolves once the stream cookie is set; one request serves every video of this viewing. */
  request(): Promise<void>
  /** Removes the cookie if this viewing asked for one; failures are only logged (SPEC §8). */
  release(): void
}

/**
 * One viewer's token. Requests and removals run one after another: both touch the same cookie, so a
 * removal must not overtake the request it undoes, nor a new request the removal before it.
 */
export function createStreamToken(): StreamToken {
  let queue: Promise<unknown> = Promise.resolve()
  let pending: Promise<void> | null = null
  let held = false

  const inOrder = <T>(call: () => Promise<T>): Promise<T> => {
    const result = queue.then(call)
    queue = result.catch(() => undefined)
    return result
  }

  return {
    request() {
      held = true
      if (!pending) {
        const attempt = inOrder(getStreamVideoToken).then(() => undefined)
        pending = attempt
        // A failed request is not kept: the next video asks again.
        attempt.catch(() => {
          if (pending === attempt) pending = null
        })
      }
      return pending
    },
    release() {
      if (!held) return
      held = false
      pending = null
      inOrder(removeStreamVideoToken).catch((error: unknown) => console.warn('Removing the stream token failed', error))
    },
  }
}
