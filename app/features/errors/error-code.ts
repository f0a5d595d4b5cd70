// The server's error codes the screens tell apart (server/errors.ts names them): a screen switches
// on what the server meant, not on the HTTP status that carried it.
import { HttpError } from '../../api/http.ts'

/** The `code` of the server's error body, when the failure is an answer that has one. */
export const errorCode = (error: unknown): string | undefined => (error instanceof HttpError ? error.code : undefined)

/** Whether `error` is the server's answer with one of `codes`. */
export const hasCode = (error: unknown, ...codes: readonly string[]): boolean => {
  const code = errorCode(error)
  return code !== undefined && codes.includes(code)
}
