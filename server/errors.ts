// One error catalogue and one handler: every failure leaves as {statusCode, code, message}
// (DESIGN.md §4). Client mistakes are 4xx with a readable message; only our bugs are 500.
import type { IncomingMessage } from 'node:http'
import type { FastifyError, FastifyInstance } from 'fastify'
import { formatBytes } from './util/bytes.ts'

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Named fields the reply carries besides statusCode, code and message (numbers a client shows). */
    readonly extra: Record<string, string | number | null> = {},
  ) {
    super(message)
  }
}

/** A WebDAV refusal that names an RFC 4918 precondition: routes/dav.ts sends it as an XML error body. */
export class DavError extends AppError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly condition: string,
    /** The resource the condition is about (a lock's root). */
    readonly href?: string,
  ) {
    super(statusCode, code, message)
  }
}

/** The owner's 507: the write's size against what is free, when the size is known. */
function quotaMessage(
  used: number,
  quota: number,
  format: (bytes: number) => string,
  size: number | undefined,
): string {
  if (size === undefined) return `Storage full: ${format(used)} of ${format(quota)} used`
  return `This file (${format(size)}) is larger than your free space (${format(Math.max(0, quota - used))})`
}

export const errors = {
  badRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  unauthorized: (message = 'Not logged in') => new AppError(401, 'UNAUTHORIZED', message),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'),
  invalidToken: () => new AppError(401, 'INVALID_TOKEN', 'The link is invalid or has expired'),
  /** A wrong second-factor code; `triesLeft` before the pending sign-in ends. */
  incorrectCode: (triesLeft: number) =>
    new AppError(
      401,
      'INCORRECT_CODE',
      `Incorrect code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`,
      {},
      { triesLeft },
    ),
  secondFactorEnded: () => new AppError(401, 'SECOND_FACTOR_ENDED', 'Too many wrong codes: sign in again'),
  secondFactorExpired: () => new AppError(401, 'SECOND_FACTOR_EXPIRED', 'This sign-in has expired: sign in again'),
  /** A passkey's answer that did not verify; as a second factor, `triesLeft` before the pending sign-in ends. */
  passkeyRefused: (triesLeft?: number) =>
    new AppError(
      401,
      'PASSKEY_REFUSED',
      `That passkey was not accepted${triesLeft === undefined ? '' : `. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`}`,
      {},
      triesLeft === undefined ? {} : { triesLeft },
    ),
  passkeyChallengeExpired: () =>
    new AppError(
      400,
      'PASSKEY_CHALLENGE_EXPIRED',
      'The passkey request has expired or was already answered: try again',
    ),
  passkeysUnavailable: () =>
    new AppError(
      409,
      'PASSKEYS_UNAVAILABLE',
      'Passkeys need this server to be reached by a domain name: the admin sets PUBLIC_URL or WEBAUTHN_RP_ID',
    ),
  incorrectPassword: () => new AppError(401, 'INCORRECT_PASSWORD', 'Incorrect password'),
  /** A session signed in with an admin's temporary password may only choose a new one. */
  passwordChangeRequired: () =>
    new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Choose a new password first: this one was temporary'),
  noPassword: () => new AppError(409, 'NO_PASSWORD', 'This account has no password yet: set one in Settings first'),
  /** Single sign-on (services/sign-in/oidc.ts): the callback turns these into the sign-in screen's message. */
  oidcState: () =>
    new AppError(400, 'OIDC_STATE', 'This single sign-on attempt is invalid or has expired: start again'),
  oidcFailed: () => new AppError(401, 'OIDC_FAILED', 'The identity provider did not confirm this sign-in'),
  oidcEmailUnverified: () =>
    new AppError(403, 'OIDC_EMAIL_UNVERIFIED', 'Your identity provider has not verified your email address'),
  oidcEmailInvalid: () => new AppError(400, 'OIDC_EMAIL_INVALID', 'Email is invalid'),
  oidcSignupClosed: () =>
    new AppError(403, 'OIDC_SIGNUP_CLOSED', 'No account here uses this email, and this server does not open new ones'),
  oidcUnavailable: () =>
    new AppError(503, 'OIDC_UNAVAILABLE', 'The identity provider cannot be reached, try again later', {
      'retry-after': '30',
    }),
  forbidden: (code: string, message: string) => new AppError(403, code, message),
  notFound: (what = 'Item') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  conflict: (code: string, message: string) => new AppError(409, code, message),
  tooLarge: (message: string) => new AppError(413, 'TOO_LARGE', message),
  /** MAX_UPLOAD_BYTES passed, the limit as a person reads it ("5 MB"). */
  fileTooLarge: (maxBytes: number | undefined) =>
    new AppError(
      413,
      'TOO_LARGE',
      maxBytes === undefined
        ? "File is larger than this server's limit"
        : `File is larger than the limit of ${formatBytes(maxBytes)}`,
    ),
  sharePasswordRequired: () => new AppError(401, 'SHARE_PASSWORD_REQUIRED', 'This link is protected by a password'),
  sharePasswordIncorrect: () => new AppError(401, 'SHARE_PASSWORD_INCORRECT', 'Incorrect password'),
  shareExpired: () =>
    new AppError(410, 'SHARE_EXPIRED', 'This link has expired: ask the person who shared it for a new one'),
  /** A link whose downloads are used up: a 404 like a revoked one (DESIGN §7), but saying why. */
  shareLimitReached: () =>
    new AppError(
      404,
      'SHARE_LIMIT_REACHED',
      'This link has reached its download limit: ask the person who shared it for a new one',
    ),
  unprocessableImage: () => new AppError(422, 'UNPROCESSABLE_IMAGE', 'This image cannot be displayed'),
  rangeNotSatisfiable: (size: number) =>
    new AppError(416, 'RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', {
      'content-range': `bytes */${size}`,
    }),
  tooManyRequests: (retryAfterMs: number, message = 'Too many requests, try again later') =>
    new AppError(429, 'TOO_MANY_REQUESTS', message, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    }),
  integrity: () => new AppError(500, 'INTEGRITY', 'The stored file failed its integrity check'),
  accountDisabled: () => new AppError(403, 'ACCOUNT_DISABLED', "This account is disabled. Ask the server's admin."),
  adminOnly: () => new AppError(403, 'ADMIN_ONLY', 'Only an admin of this server can do this'),
  lastAdmin: () => new AppError(409, 'LAST_ADMIN', 'This is the last admin: make another user an admin first'),
  /** A write that would pass the user's quota (DESIGN.md §7), before any byte is kept. */
  lengthRequired: () =>
    new AppError(411, 'LENGTH_REQUIRED', 'Send the upload with a Content-Length: this account has a storage quota'),
  quotaExceeded: (used: number, quota: number, format: (bytes: number) => string, size?: number) =>
    new AppError(
      507,
      'QUOTA_EXCEEDED',
      quotaMessage(used, quota, format, size),
      {},
      size === undefined ? { used, quota } : { used, quota, size },
    ),
  /** The same refusal as a share link's visitor gets it: nothing of the owner's usage or quota. */
  quotaExceededForVisitor: () =>
    new AppError(507, 'QUOTA_EXCEEDED', 'There is no room for this upload: the storage it goes to is full'),
  /** An upload link's file-count limit (DESIGN.md §7 "Share links") is reached; empty files count too. */
  shareFileLimit: (max: number) =>
    new AppError(
      403,
      'SHARE_FILE_LIMIT',
      `This link takes ${max} file${max === 1 ? '' : 's'} in all, and none are left`,
    ),
  /** WebDAV (DESIGN.md §7): the RFC 4918 preconditions a request can fail. */
  davFiniteDepth: () =>
    new DavError(403, 'PROPFIND_FINITE_DEPTH', 'PROPFIND takes Depth 0 or 1, not infinity', 'propfind-finite-depth'),
  davLocked: (href: string) =>
    new DavError(
      423,
      'LOCKED',
      'The resource is locked: send its lock token in an If header',
      'lock-token-submitted',
      href,
    ),
  davLockConflict: (href: string) =>
    new DavError(423, 'LOCKED', 'A conflicting lock is held on the resource', 'no-conflicting-lock', href),
  davLockTokenMismatch: () =>
    new DavError(
      409,
      'LOCK_TOKEN_MISMATCH',
      'The lock token does not name a lock on this resource',
      'lock-token-matches-request-uri',
    ),
  /** A WebDAV body nested past services/dav/xml.ts's limit: 400 (RFC 4918 §8.2), in Cumulus's own error element. */
  davXmlTooDeep: (max: number) =>
    new DavError(
      400,
      'XML_TOO_DEEP',
      `XML bodies must nest at most ${max} levels deep`,
      '{urn:x-cumulus:dav}xml-nesting-too-deep',
    ),
  /** WebDAV clients sign in when asked: HTTP Basic, the account's email and an app password. */
  davUnauthorized: () =>
    new AppError(401, 'UNAUTHORIZED', 'Sign in with your email and an app password', {
      'www-authenticate': 'Basic realm="Cumulus", charset="UTF-8"',
    }),
  // RFC 4918 allows 502 here; a client's header is bad input, which is never a 5xx (ARCHITECTURE.md).
  davForeignDestination: () => new AppError(400, 'FOREIGN_DESTINATION', 'The Destination is not on this WebDAV share'),
  unsupportedMediaType: (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message),
  preconditionFailed: (message = 'A precondition of the request failed') =>
    new AppError(412, 'PRECONDITION_FAILED', message),
  mailFailed: () => new AppError(503, 'MAIL_FAILED', 'The email could not be sent, try again later'),
  /** An admin asked to mail something on a server with no SMTP_URL. */
  mailDisabled: () => new AppError(409, 'MAIL_DISABLED', 'This server cannot send mail (SMTP_URL is unset)'),
  /** Sign-up with an invite link that cannot be used (DESIGN.md §8), each with its own code for the app. */
  inviteInvalid: () =>
    new AppError(
      403,
      'INVITE_INVALID',
      "This invite link is invalid, used or expired. Ask the server's admin for a new one.",
    ),
  inviteUsed: () =>
    new AppError(403, 'INVITE_USED', "This invite has been used. Ask the server's admin for a new one."),
  inviteExpired: () =>
    new AppError(403, 'INVITE_EXPIRED', "This invite has expired. Ask the server's admin for a new one."),
  previewPending: () =>
    new AppError(503, 'PREVIEW_PENDING', 'The preview is still being made, try again shortly', { 'retry-after': '5' }),
}

/** The media type alone (no parameters such as a boundary), cut to a sane length. */
const unsupportedType = (contentType: string | undefined) =>
  `This route does not take ${(contentType ?? '').split(';')[0]!.trim().slice(0, 100) || 'this'} bodies; send application/json`

/** The errors a request's body stream ends with when its client disconnects (Node's "aborted", a reset). */
function clientWentAway(raw: IncomingMessage, err: FastifyError): boolean {
  if (raw.complete) return false
  return (
    raw.destroyed || err.message === 'aborted' || err.code === 'ECONNRESET' || err.code === 'ERR_STREAM_PREMATURE_CLOSE'
  )
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // An upload refused part-way may have an unread body behind it: the connection closes, once
    // plugins/multipart.ts has read and dropped a bounded rest of it.
    if (req.headers['content-type']?.startsWith('multipart/')) reply.header('connection', 'close')
    if (err instanceof AppError) {
      // A 503 that says when to retry (a preview still being made) is the server working as
      // meant, not a failure to look into: logged, but not as an error.
      if (err.statusCode >= 500) req.log[err.headers['retry-after'] ? 'info' : 'error']({ err }, err.message)
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ ...err.extra, statusCode: err.statusCode, code: err.code, message: err.message })
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    // A client that hung up mid-request (a cut upload, a WebDAV client stopped): nothing failed
    // on our side, and nobody is left to read an answer. Said at info, without a stack.
    if (status >= 500 && clientWentAway(req.raw, err)) {
      req.log.info({ reason: err.code ?? err.message }, 'client closed the connection before the request was read')
      return reply
        .code(400)
        .send({ statusCode: 400, code: 'CLIENT_CLOSED', message: 'The connection closed before the request was read' })
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed')
      return reply.code(500).send({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side' })
    }
    // Fastify's own 4xx (validation, bad JSON, body too large, rate limit): keep its words, but
    // name the media type it refused (its own message is a bare "Unsupported Media Type").
    const code = err.code === 'FST_ERR_VALIDATION' ? 'VALIDATION' : (err.code ?? 'BAD_REQUEST')
    const message =
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? unsupportedType(req.headers['content-type'])
        : err.message || 'Bad request'
    return reply.code(status).send({ statusCode: status, code, message })
  })
}
