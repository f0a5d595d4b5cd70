// One error catalogue and one handler: every failure leaves as {statusCode, code, message}
// (DESIGN.md §4). Client mistakes are 4xx with a readable message; only our bugs are 500.
// Every code and its message is written here once, as a named constructor: call sites never
// spell a code or a status. Only `badRequest` takes free text (input validation, code BAD_REQUEST).
import type { IncomingMessage } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
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

/** A WebDAV refusal that names an RFC 4918 precondition: routes/dav/index.ts sends it as an XML error body. */
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

/** A 429's wait in words, as Retry-After gives it in seconds. */
function waitInWords(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`
}

const retryAfter = (waitMs: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) })

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`

/** What a 404 says is missing ("File not found"): a closed list, so no call site words its own. */
export type Missing =
  | 'Item'
  | 'File'
  | 'Folder'
  | 'Upload'
  | 'Thumbnail'
  | 'Image'
  | 'Preview'
  | 'Link'
  | 'Session'
  | 'User'
  | 'Email'
  | 'Account'
  | 'App password'
  | 'Passkey'
  | 'Invite'
  | 'Single sign-on'
  | 'Group'
  | 'Share'
  | 'Version'

/** What Home (the WebDAV share's root) refuses, each in its own words; one code, DAV_HOME. */
const HOME_REFUSALS = {
  move: 'Home cannot be moved or copied',
  replace: 'Nothing can replace Home',
  delete: 'Home cannot be deleted',
} as const

export const errors = {
  // ── Member shares (DESIGN.md §8): what a member's role leaves out ──
  /** A viewer asking to change what was shared with them. */
  viewOnlyShare: () => new AppError(403, 'VIEWER_ROLE', 'You can view this, not change it'),
  /** Sharing further, links, deleting forever: the owner's alone. */
  ownerOnly: () => new AppError(403, 'OWNER_ONLY', 'Only its owner can do this'),
  /** An editor moving an item out of what was shared with them (or the shared item itself). */
  outsideShare: () => new AppError(403, 'OUTSIDE_SHARE', 'Items stay inside the folder shared with you'),
  /** WebDAV's "Shared with me" collection (services/dav/shared.ts): a list, nothing to write in. */
  davSharedWithMe: () =>
    new AppError(
      403,
      'SHARED_WITH_ME_READ_ONLY',
      '"Shared with me" only lists what others share with you: write inside one of its folders',
    ),
  /** A WebDAV COPY or MOVE between a share and the caller's own files (or another share). */
  davAcrossShares: () =>
    new AppError(403, 'OUTSIDE_SHARE', 'COPY and MOVE stay inside one shared item, or inside your own files'),
  /** A share whose recipient already has one on this item (change its role instead). */
  alreadyShared: () =>
    new AppError(409, 'ALREADY_SHARED', 'This person or group already has access: change their role'),
  /** Sharing an item with its own owner. */
  shareWithOwner: () => new AppError(400, 'SHARE_WITH_OWNER', 'You already own this'),
  /** A group name already in use (compared without case). */
  groupNameTaken: () => new AppError(409, 'GROUP_NAME_TAKEN', 'A group of this name exists'),
  /** Everyone's name and members are the server's: every enabled account. */
  everyoneFixed: () => new AppError(403, 'EVERYONE_FIXED', 'Everyone always holds every account'),

  // ── Input and routing ──
  /** Input validation: the one helper that takes free text; the text names the field and the rule. */
  badRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  /** A NUL byte in an id, a query or a body: never a name or an id here (and PostgreSQL refuses it in text). */
  nulCharacter: () => new AppError(400, 'BAD_REQUEST', 'The request must not contain NUL characters'),
  notFound: (what: Missing = 'Item') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  /** No route answers this method and path (the not-found handler in app.ts). */
  routeNotFound: (method: string, url: string) =>
    new AppError(404, 'NOT_FOUND', `Route ${method} ${url.split('?')[0]} not found`),
  /** State-changing requests carry the browser's uuid header (plugins/auth.ts, DESIGN.md §4). */
  missingUuid: () => new AppError(403, 'MISSING_UUID', 'State-changing requests need a uuid header'),
  /** The per-IP rate limit (@fastify/rate-limit's errorResponseBuilder); the plugin sets Retry-After itself. */
  rateLimited: (ttlMs: number) =>
    new AppError(429, 'TOO_MANY_REQUESTS', `Too many requests, retry in ${Math.ceil(ttlMs / 1000)} s`),
  /** A request whose body did not arrive in time (plugins/request-timeouts.ts writes it on the socket). */
  requestTimeout: () => new AppError(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time'),
  /** The client hung up before its request was read: nothing failed on our side. */
  clientClosed: () => new AppError(400, 'CLIENT_CLOSED', 'The connection closed before the request was read'),
  /** Our bug: the one 500, its details only in the log. */
  internal: () => new AppError(500, 'INTERNAL', 'Something went wrong on our side'),

  // ── Sessions and sign-in ──
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', 'Not logged in'),
  /** GET /metrics without METRICS_TOKEN as its bearer token (or with another). */
  metricsUnauthorized: () =>
    new AppError(401, 'UNAUTHORIZED', 'Send METRICS_TOKEN as a bearer token', {
      'www-authenticate': 'Bearer realm="metrics"',
    }),
  /** /readyz: the database or the blob store did not answer. */
  notReady: (what: 'database' | 'blob store') => new AppError(503, 'NOT_READY', `The ${what} does not answer`),
  /** A refresh token presented a second time: the session it belonged to is ended (theft). */
  refreshTokenReused: () => new AppError(401, 'UNAUTHORIZED', 'Session ended: its refresh token was used twice'),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'),
  invalidToken: () => new AppError(401, 'INVALID_TOKEN', 'The link is invalid or has expired'),
  /** The failed-login throttle (services/sign-in/login-throttle.ts): passwords, app passwords, passkeys. */
  tooManyFailedLogins: (waitMs: number) =>
    new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many failed logins, try again in ${waitInWords(waitMs)}`,
      retryAfter(waitMs),
    ),
  /** The same throttle on second-factor codes. */
  tooManyFailedCodes: (waitMs: number) =>
    new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many failed codes, try again in ${waitInWords(waitMs)}`,
      retryAfter(waitMs),
    ),
  /** Verification and reset mails: one per account per cooldown (SPEC's exact words). */
  mailCooldown: (waitMs: number) =>
    new AppError(429, 'TOO_MANY_REQUESTS', 'Please wait 1 minute before resending', retryAfter(waitMs)),
  /** A wrong second-factor code; `triesLeft` before the pending sign-in ends. */
  incorrectCode: (triesLeft: number) =>
    new AppError(401, 'INCORRECT_CODE', `Incorrect code. ${tries(triesLeft)}`, {}, { triesLeft }),
  secondFactorEnded: () => new AppError(401, 'SECOND_FACTOR_ENDED', 'Too many wrong codes: sign in again'),
  secondFactorExpired: () => new AppError(401, 'SECOND_FACTOR_EXPIRED', 'This sign-in has expired: sign in again'),
  /** A passkey's answer that did not verify; as a second factor, `triesLeft` before the pending sign-in ends. */
  passkeyRefused: (triesLeft?: number) =>
    new AppError(
      401,
      'PASSKEY_REFUSED',
      `That passkey was not accepted${triesLeft === undefined ? '' : `. ${tries(triesLeft)}`}`,
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
  passkeyExists: () => new AppError(409, 'PASSKEY_EXISTS', 'This passkey is already registered'),
  tooManyPasskeys: (max: number) =>
    new AppError(409, 'TOO_MANY_PASSKEYS', `An account holds at most ${max} passkeys: remove one first`),
  tooManyAppPasswords: (max: number) =>
    new AppError(409, 'TOO_MANY_APP_PASSWORDS', `An account holds at most ${max} app passwords: revoke one first`),
  /** Two-step verification (services/sign-in/totp.ts): set up or confirmed while already on. */
  totpEnabled: () => new AppError(409, 'TOTP_ENABLED', 'Two-step verification is already on: turn it off first'),
  totpNotSetUp: () => new AppError(409, 'TOTP_NOT_SET_UP', 'Start the set-up first: scan a new code'),
  totpNotEnabled: () => new AppError(409, 'TOTP_NOT_ENABLED', 'Two-step verification is not on'),
  incorrectPassword: () => new AppError(401, 'INCORRECT_PASSWORD', 'Incorrect password'),
  /** A session signed in with an admin's temporary password may only choose a new one. */
  passwordChangeRequired: () =>
    new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Choose a new password first: this one was temporary'),
  noPassword: () => new AppError(409, 'NO_PASSWORD', 'This account has no password yet: set one in Settings first'),
  passwordExists: () => new AppError(409, 'PASSWORD_EXISTS', 'This account already has a password: change it instead'),
  emailExists: () => new AppError(409, 'EMAIL_EXISTS', 'Email Already Exists'),
  emailVerificationDisabled: () => new AppError(403, 'EMAIL_VERIFICATION_DISABLED', 'Email Verification Not Enabled'),
  /**
   * A reset mail asked for on a server that sends none: 403 with SPEC's words and MAIL_DISABLED,
   * the code the app reads to say "ask the admin" (DESIGN.md §4). Not `mailDisabled`'s 409: tests
   * and the app hold both.
   */
  passwordResetMailDisabled: () => new AppError(403, 'MAIL_DISABLED', 'Email Verification Not Enabled'),
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

  // ── Family: accounts, admins, invites, mail ──
  accountDisabled: () => new AppError(403, 'ACCOUNT_DISABLED', "This account is disabled. Ask the server's admin."),
  adminOnly: () => new AppError(403, 'ADMIN_ONLY', 'Only an admin of this server can do this'),
  lastAdmin: () => new AppError(409, 'LAST_ADMIN', 'This is the last admin: make another user an admin first'),
  /** Sign-up on a server with SIGNUP=closed. */
  signupClosed: () => new AppError(403, 'SIGNUP_CLOSED', 'Sign-up is closed on this server'),
  /**
   * An admin making an invite on a server with SIGNUP=closed: the same code as `signupClosed`
   * (tests hold it), but a 409 that says why the invite is refused.
   */
  invitesNeedSignup: () =>
    new AppError(409, 'SIGNUP_CLOSED', 'Sign-up is closed on this server (SIGNUP=closed): invites cannot be used'),
  inviteRequired: () =>
    new AppError(403, 'INVITE_REQUIRED', 'Sign-up on this server needs an invite link from its admin'),
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
  mailFailed: () => new AppError(503, 'MAIL_FAILED', 'The email could not be sent, try again later'),
  /** An admin asked to mail something on a server with no SMTP_URL. */
  mailDisabled: () => new AppError(409, 'MAIL_DISABLED', 'This server cannot send mail (SMTP_URL is unset)'),

  // ── Drive: uploads, quota, the tree ──
  /** An upload with conflict "fail" (tus's default) into a folder that holds the name; `name` is the client's own. */
  nameExists: (name: string) =>
    new AppError(409, 'NAME_EXISTS', `A file named "${name}" is already in this folder`, {}, { name }),
  /** MAX_UPLOAD_BYTES passed, the limit as a person reads it ("5 MB"). */
  fileTooLarge: (maxBytes: number | undefined) =>
    new AppError(
      413,
      'TOO_LARGE',
      maxBytes === undefined
        ? "File is larger than this server's limit"
        : `File is larger than the limit of ${formatBytes(maxBytes)}`,
    ),
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
  /** The server's own disk (DATA_DIR, or the database's) has no room: nothing of the write was kept. */
  diskFull: () =>
    new AppError(
      507,
      'DISK_FULL',
      "The server's disk is full, so nothing was saved. Ask your admin to free some space, then try again",
    ),
  /** The same refusal as a share link's visitor gets it: nothing of the owner's usage or quota. */
  quotaExceededForVisitor: () =>
    new AppError(507, 'QUOTA_EXCEEDED', 'There is no room for this upload: the storage it goes to is full'),
  /** A folder changed under a delete or a WebDAV copy of it: the client may simply try again. */
  treeChanged: (during: 'deleted' | 'copied') =>
    new AppError(409, 'TREE_CHANGED', `The folder changed while it was being ${during}; try again`),
  integrity: () => new AppError(500, 'INTEGRITY', 'The stored file failed its integrity check'),
  /** Resumable uploads (tus, services/drive/resumable-uploads.ts). */
  tusVersion: (version: string) => new AppError(412, 'TUS_VERSION', `Send Tus-Resumable: ${version}`),
  tusPieceType: (type: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `PATCH bodies must be ${type}`),
  uploadLocked: () =>
    new AppError(423, 'UPLOAD_LOCKED', 'Another request is writing to this upload; try again when it ends'),
  uploadOffsetMismatch: (given: number, kept: number) =>
    new AppError(
      409,
      'OFFSET_MISMATCH',
      `Upload-Offset ${given} does not match the ${kept} bytes this upload has received`,
    ),
  uploadExpired: () => new AppError(410, 'UPLOAD_EXPIRED', 'This upload expired; start it again'),
  uploadPastLength: () =>
    new AppError(413, 'TOO_LARGE', 'The request sends more bytes than the upload’s Upload-Length'),

  // ── Media ──
  /** A text preview of a file that is not text (its media type decides, as the item's `preview` does). */
  notText: () => new AppError(415, 'NOT_TEXT', 'This file is not text: download it to open it'),
  unprocessableImage: () => new AppError(422, 'UNPROCESSABLE_IMAGE', 'This image cannot be displayed'),
  rangeNotSatisfiable: (size: number) =>
    new AppError(416, 'RANGE_NOT_SATISFIABLE', 'Requested range not satisfiable', {
      'content-range': `bytes */${size}`,
    }),
  previewPending: () =>
    new AppError(503, 'PREVIEW_PENDING', 'The preview is still being made, try again shortly', { 'retry-after': '5' }),

  // ── Sharing ──
  sharePasswordRequired: () => new AppError(401, 'SHARE_PASSWORD_REQUIRED', 'This link is protected by a password'),
  sharePasswordIncorrect: () => new AppError(401, 'SHARE_PASSWORD_INCORRECT', 'Incorrect password'),
  /** A link's password guessed wrong too often from one address (services/sharing/link-passwords.ts). */
  tooManyLinkPasswords: (waitMs: number) => {
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
    return new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many wrong passwords, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      retryAfter(waitMs),
    )
  },
  shareExpired: () =>
    new AppError(410, 'SHARE_EXPIRED', 'This link has expired: ask the person who shared it for a new one'),
  /** A link whose downloads are used up: a 404 like a revoked one (DESIGN §7), but saying why. */
  shareLimitReached: () =>
    new AppError(
      404,
      'SHARE_LIMIT_REACHED',
      'This link has reached its download limit: ask the person who shared it for a new one',
    ),
  shareViewOnly: () => new AppError(403, 'SHARE_VIEW_ONLY', 'This link does not take uploads'),
  shareUploadOnly: () =>
    new AppError(403, 'SHARE_UPLOAD_ONLY', 'This link only takes uploads: nothing in the folder is shown'),
  /** An upload link's file-count limit (DESIGN.md §7 "Share links") is reached; empty files count too. */
  shareFileLimit: (max: number) =>
    new AppError(
      403,
      'SHARE_FILE_LIMIT',
      `This link takes ${max} file${max === 1 ? '' : 's'} in all, and none are left`,
    ),
  /** An upload link's per-file size limit. */
  shareFileTooLarge: (maxBytes: number) =>
    new AppError(413, 'TOO_LARGE', `File is larger than this link's limit of ${formatBytes(maxBytes)} per file`),
  /** An upload link's total-bytes limit, with what is left of it. */
  shareTotalTooLarge: (maxBytes: number, leftBytes: number) =>
    new AppError(
      413,
      'TOO_LARGE',
      `This link takes ${formatBytes(maxBytes)} in all, and ${formatBytes(leftBytes)} are left`,
    ),

  // ── WebDAV (DESIGN.md §7): the RFC 4918 preconditions a request can fail, and its own refusals ──
  /** WebDAV clients sign in when asked: HTTP Basic, the account's email and an app password. */
  davUnauthorized: () =>
    new AppError(401, 'UNAUTHORIZED', 'Sign in with your email and an app password', {
      'www-authenticate': 'Basic realm="Cumulus", charset="UTF-8"',
    }),
  davReadOnly: () => new AppError(403, 'READ_ONLY', 'This app password is read-only'),
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
  davTooManyLocks: (max: number) =>
    new AppError(403, 'TOO_MANY_LOCKS', `An account holds at most ${max} WebDAV locks at once`),
  /** A LOCK refresh whose If header names no lock on the resource. */
  davRefreshNeedsToken: () =>
    new AppError(
      412,
      'PRECONDITION_FAILED',
      'Send the token of a lock on this resource in the If header to refresh it',
    ),
  /** A WebDAV body nested past services/dav/xml.ts's limit: 400 (RFC 4918 §8.2), in Cumulus's own error element. */
  davXmlTooDeep: (max: number) =>
    new DavError(
      400,
      'XML_TOO_DEEP',
      `XML bodies must nest at most ${max} levels deep`,
      '{urn:x-cumulus:dav}xml-nesting-too-deep',
    ),
  davXmlTooLarge: (max: number) => new AppError(413, 'TOO_LARGE', `WebDAV XML bodies must be at most ${max} bytes`),
  // RFC 4918 allows 502 here; a client's header is bad input, which is never a 5xx (ARCHITECTURE.md).
  davForeignDestination: () => new AppError(400, 'FOREIGN_DESTINATION', 'The Destination is not on this WebDAV share'),
  /** Conditional requests (services/dav/conditions.ts, locks.ts): each failed condition says which. */
  davIfMatchFailed: () => new AppError(412, 'PRECONDITION_FAILED', 'If-Match does not match the resource'),
  davIfNoneMatchFailed: () => new AppError(412, 'PRECONDITION_FAILED', 'If-None-Match matches the resource'),
  davIfFailed: () => new AppError(412, 'PRECONDITION_FAILED', 'The If header does not hold'),
  davIfForeign: () =>
    new AppError(412, 'PRECONDITION_FAILED', 'The If header names a resource outside this WebDAV share'),
  davNoOverwrite: () => new AppError(412, 'PRECONDITION_FAILED', 'The destination exists and Overwrite is F'),
  /** Bodies of MKCOL are an extension we do not take (RFC 4918 §9.3.1). */
  davMkcolBody: () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'MKCOL does not take a body'),
  davPutOnFolder: () => new AppError(405, 'METHOD_NOT_ALLOWED', 'PUT cannot replace a folder'),
  /** MKCOL where something already is (RFC 4918 §9.3.1). */
  davExists: () => new AppError(405, 'METHOD_NOT_ALLOWED', 'Something already exists at this path'),
  davNoParent: () => new AppError(409, 'NO_PARENT', 'The folder to put it in does not exist'),
  /** Home, the share's root, cannot be moved, copied, replaced or deleted. */
  davHome: (refused: keyof typeof HOME_REFUSALS) => new AppError(403, 'DAV_HOME', HOME_REFUSALS[refused]),
  davSamePlace: () => new AppError(403, 'DAV_SAME_PLACE', 'The destination is the source or inside it'),
  /**
   * A MOVE or COPY whose destination name, looked up in the transaction, is the source itself.
   * Its own code: it was TREE_CHANGED, which meant a folder changed meanwhile.
   */
  davAlreadyAtDestination: () =>
    new AppError(409, 'ALREADY_AT_DESTINATION', 'The source is already at the destination'),
  davCopyTooLarge: (maxFolders: number, maxFiles: number) =>
    new AppError(403, 'COPY_TOO_LARGE', `A copy may hold at most ${maxFolders} folders and ${maxFiles} files`),
}

/** The reply body of an error: `extra` fields first, then statusCode, code and message. */
export const errorBody = (err: AppError) => ({
  ...err.extra,
  statusCode: err.statusCode,
  code: err.code,
  message: err.message,
})

/** Sends a catalogue error as it leaves every route (the error handler, the not-found handler). */
export const sendError = (reply: FastifyReply, err: AppError) =>
  reply.code(err.statusCode).headers(err.headers).send(errorBody(err))

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

/**
 * A write the disk had no room for: ENOSPC or EDQUOT from the file system, SQLITE_FULL (the
 * database or its WAL could not grow), PostgreSQL's disk_full (53100). Looked for on the error
 * and on what it wraps (a stream's or a transaction's cause).
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** PostgreSQL's "invalid byte sequence for encoding UTF8: 0x00" (SQLSTATE 22021). */
const isNulRefusal = (err: { code?: unknown; message?: string }) =>
  err.code === '22021' && /0x00/.test(err.message ?? '')

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // An upload refused part-way may have an unread body behind it: the connection closes, once
    // plugins/multipart.ts has read and dropped a bounded rest of it.
    if (req.headers['content-type']?.startsWith('multipart/')) reply.header('connection', 'close')
    if (err instanceof AppError) {
      // A 503 that says when to retry (a preview still being made) is the server working as
      // meant, not a failure to look into: logged, but not as an error.
      if (err.statusCode >= 500) req.log[err.headers['retry-after'] ? 'info' : 'error']({ err }, err.message)
      return sendError(reply, err)
    }
    // PostgreSQL refuses a NUL in text (SQLite stores it): input the URL check in app.ts could
    // not see, a JSON body's string, is the client's mistake, not our failure.
    if (isNulRefusal(err)) return sendError(reply, errors.nulCharacter())
    if (isDiskFull(err)) {
      req.log.warn({ reason: err.code ?? err.message }, 'a write found the disk full')
      return sendError(reply, errors.diskFull())
    }
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    // A client that hung up mid-request (a cut upload, a WebDAV client stopped): nothing failed
    // on our side, and nobody is left to read an answer. Said at info, without a stack.
    if (status >= 500 && clientWentAway(req.raw, err)) {
      req.log.info({ reason: err.code ?? err.message }, 'client closed the connection before the request was read')
      return sendError(reply, errors.clientClosed())
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed')
      return sendError(reply, errors.internal())
    }
    // Fastify's own 4xx (validation, bad JSON, body too large): keep its words, but name the
    // media type it refused (its own message is a bare "Unsupported Media Type").
    const code = err.code === 'FST_ERR_VALIDATION' ? 'VALIDATION' : (err.code ?? 'BAD_REQUEST')
    const message =
      err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? unsupportedType(req.headers['content-type'])
        : err.message || 'Bad request'
    return reply.code(status).send({ statusCode: status, code, message })
  })
}
