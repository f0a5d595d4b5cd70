// The only reader of the environment (DESIGN.md §3). Every bad variable is reported on its own
// line so an operator fixes them all in one go instead of one restart per mistake.
import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseBytes } from './util/bytes.ts'

export type SecureCookies = 'auto' | boolean

/**
 * Which hops' forwarding headers are believed: false (none), a number of hops (`true` = 1), or
 * the addresses/CIDRs of the proxies. Never "every hop": a client could then name any address.
 */
export type TrustProxy = false | number | string[]

export interface S3Config {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
}

/** Single sign-on with an OpenID Connect provider (DESIGN.md §7); set only when all three variables are. */
export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
  /** The sign-in button says "Sign in with {buttonLabel}". */
  buttonLabel: string
}

export interface Limits {
  /** Login attempts per IP per minute. */
  loginPerIp: number
  /** Failed logins for one account from one address (an IPv6 /64) that cost no wait. */
  loginFreeFailures: number
  /** Failed logins from one address across all accounts that cost no wait. */
  loginFreeFailuresPerIp: number
  /** Wait before the next attempt after the first failure past the free ones; each further
   * failure doubles it, up to `loginDelayMaxMs`. */
  loginDelayBaseMs: number
  loginDelayMaxMs: number
  /** Failures fade: one is forgotten per this long, so occasional typos never add up. */
  loginFailureDecayMs: number
  /** Cooldown between verification or reset mails for one account. */
  mailCooldownMs: number
  /** Largest JSON body accepted. */
  jsonBodyBytes: number
  /** Requests per IP per minute to the public share routes. */
  publicPerIp: number
  /** Wrong share-link passwords one address may try per `shareUnlockWindowMs` before a 429. */
  shareUnlockFailuresPerIp: number
  shareUnlockWindowMs: number
  /** Thumbnails made at once. */
  thumbnailConcurrency: number
  /** A thumbnail job running longer is given up (its file marked failed), so the queue goes on:
   * ample for a video's two ffmpeg tries (30 s each at most) and a large decode on a busy machine. */
  thumbnailJobMs: number
  /** Files from before sizes were recorded queued again per pass (one a heartbeat, only while
   * the queue is empty): an upgraded server fills them in without a stampede. */
  thumbnailBackfillPerPass: number
  /** Text kept and indexed per file (the content index, services/content/): the rest is not searched. */
  contentIndexBytes: number
  /** An extraction running longer is given up (its file marked not indexed) and the queue goes on. */
  contentIndexJobMs: number
  /** Existing files the content backfill queues per pass (one pass while the queue is empty). */
  contentBackfillPerPass: number
  /** How often an instance proves it is alive, and after how long without that it counts as dead
   * (its unfinished uploads and thumbnails are then cleaned up or retried by the others). */
  instanceHeartbeatMs: number
  instanceDeadAfterMs: number
  /** Largest image (in pixels) decoded for thumbnails and conversions: a decompression-bomb cap. */
  imagePixelLimit: number
  /** A rotated refresh token is still honoured this long (two tabs refreshing at once). */
  refreshGraceMs: number
  accessTokenTtlMs: number
  /** Video stream cookie (scoped to the stream path). */
  streamTokenTtlMs: number
  refreshTokenTtlMs: number
  verifyTokenTtlMs: number
  resetTokenTtlMs: number
  /** How long in-flight requests may run on after SIGTERM before their connections are cut. */
  shutdownGraceMs: number
  /** Bytes of serialised list replies kept per instance (services/drive/list-cache.ts); 0 turns the cache off. */
  listCacheBytes: number
  /** Deepest folder nesting (Home's children are depth 1): create, move, folder upload, WebDAV. */
  maxFolderDepth: number
  /** Longest relative path of a file in a folder upload, in characters. */
  maxPathLength: number
  /** Files in one folder upload (`total-files`). */
  maxFilesPerUpload: number
  /** Folders one folder upload may create (each stores its ancestor chain). */
  maxFoldersPerUpload: number
  /** Bytes of one text field in an upload form (`filename`, `parent`, `file-data`, …). */
  uploadFieldBytes: number
  /** Open connections from one client address (an IPv6 /64 counts as one); 0 = no cap. */
  connectionsPerIp: number
  /** Time a client has to send a request's headers. */
  headersTimeoutMs: number
  /** Time a client has to send a whole request (headers and body) on every route but uploads. */
  requestTimeoutMs: number
  /** An upload is cut when no byte of it arrives for this long. */
  uploadIdleTimeoutMs: number
  /** How long a resumable upload's PATCH holds its write lease between renewals (a crashed holder's lapses). */
  uploadLeaseMs: number
  /** Longest edge of the full-size preview made of an image (the viewer's picture). */
  previewMaxEdge: number
  /** How long a request for a preview still being made waits for the queue before a 503. */
  previewWaitMs: number
  /** The most a text preview reads of a file, and the most it sends (DESIGN.md §8: 1 MiB). */
  textPreviewBytes: number
  /** Files one upload link receives until it is this quiet make one mail to the owner. */
  uploadNoticeQuietMs: number
  /** How long housekeeping keeps an expired share link (its owner still sees why it stopped). */
  expiredLinkGraceMs: number
  /** An admin's invite link works once, within this long. */
  inviteTtlMs: number
  /** A quota reservation nobody settled (its writer crashed) stops counting after this long. */
  quotaReservationTtlMs: number
  /** App passwords one account may hold. */
  maxAppPasswords: number
  /** A sign-in waiting for its second factor lasts this long, and ends at this many wrong codes. */
  secondFactorTtlMs: number
  secondFactorMaxTries: number
  /** A passkey ceremony (its options' challenge) must be answered within this long, once. */
  webauthnChallengeTtlMs: number
  /** Passkeys one account may hold. */
  maxPasskeys: number
}

/** Backups on a schedule inside the server (services/operations/schedule.ts); set when BACKUP_DIR is. */
export interface BackupConfig {
  /** Each backup is a new folder in it; the previous one's unchanged blobs are hard-linked. */
  dir: string
  everyHours: number
  /** Backups kept in `dir`; older ones are removed after each new one. */
  keep: number
  /** An rclone remote (`name:path` or `:local:/path`) each new backup is copied to. */
  rcloneRemote: string | undefined
}

/** Passkeys (WebAuthn): the relying party's ID and the origin browsers sign assertions for. */
export interface WebauthnConfig {
  rpId: string
  origin: string
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** PostgreSQL schema to use (tests isolate themselves with it); unset → the server's default. */
  databaseSchema: string | undefined
  blobStore: 'fs' | 's3'
  s3: S3Config | undefined
  publicUrl: string
  /** Unset when PUBLIC_URL names an IP address and WEBAUTHN_RP_ID is unset: browsers refuse an IP as RP ID. */
  webauthn: WebauthnConfig | undefined
  smtpUrl: string | undefined
  /** The bearer token GET /metrics asks for; unset: no /metrics route at all. */
  metricsToken: string | undefined
  mailFrom: string
  emailVerification: boolean
  /** `invite`: sign-up only with an admin's invite link (DESIGN.md §7). */
  signup: 'open' | 'closed' | 'invite'
  /** Quota of new accounts in bytes (DEFAULT_QUOTA, e.g. "50GB"); undefined = unlimited. */
  defaultQuota: number | undefined
  secret: string
  encryptionKey: Buffer | undefined
  trashRetentionDays: number
  /** CONTENT_INDEX=off: no text is extracted from files, and what was is dropped on start (default on). */
  contentIndex: boolean
  /** VERSIONS=off: writing over a file keeps no version (default on). */
  versions: boolean
  /** VERSIONS_MAX: versions kept per file (default 50). */
  versionsMax: number
  /** Hours an unfinished resumable upload is kept after its last write. */
  uploadExpiryHours: number
  maxUploadBytes: number | undefined
  secureCookies: SecureCookies
  trustProxy: TrustProxy
  logLevel: string
  /** Shared rate-limit counters for several instances; unset → each instance counts in memory. */
  redisUrl: string | undefined
  /** Where the built SPA lives; absent → a placeholder page. */
  appDir: string
  limits: Limits
  oidc: OidcConfig | undefined
  backup: BackupConfig | undefined
}

export const defaultLimits: Limits = {
  loginPerIp: 30,
  loginFreeFailures: 5,
  loginFreeFailuresPerIp: 20,
  loginDelayBaseMs: 1_000,
  loginDelayMaxMs: 60 * 60_000,
  loginFailureDecayMs: 60 * 60_000,
  mailCooldownMs: 60_000,
  jsonBodyBytes: 64 * 1024,
  publicPerIp: 120,
  shareUnlockFailuresPerIp: 10,
  shareUnlockWindowMs: 10 * 60_000,
  thumbnailConcurrency: 1,
  thumbnailJobMs: 120_000,
  thumbnailBackfillPerPass: 50,
  contentIndexBytes: 1024 * 1024,
  contentIndexJobMs: 60_000,
  contentBackfillPerPass: 200,
  imagePixelLimit: 40_000_000,
  instanceHeartbeatMs: 15_000,
  instanceDeadAfterMs: 60_000,
  refreshGraceMs: 30_000,
  accessTokenTtlMs: 20 * 60_000,
  streamTokenTtlMs: 4 * 60 * 60_000,
  refreshTokenTtlMs: 30 * 24 * 60 * 60_000,
  verifyTokenTtlMs: 24 * 60 * 60_000,
  resetTokenTtlMs: 60 * 60_000,
  shutdownGraceMs: 5_000,
  listCacheBytes: 8 * 1024 * 1024,
  // PostgreSQL's btree takes index entries up to 2,704 bytes and (owner_id, ancestors) holds 23
  // bytes per level: 117 levels failed to insert there. 100 fits with room to spare.
  maxFolderDepth: 100,
  maxPathLength: 4096,
  maxFilesPerUpload: 10_000,
  maxFoldersPerUpload: 10_000,
  uploadFieldBytes: 4096,
  connectionsPerIp: 128,
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  uploadIdleTimeoutMs: 120_000,
  uploadLeaseMs: 60_000,
  previewMaxEdge: 4096,
  previewWaitMs: 10_000,
  textPreviewBytes: 1024 * 1024,
  uploadNoticeQuietMs: 60_000,
  expiredLinkGraceMs: 30 * 24 * 3_600_000,
  inviteTtlMs: 7 * 24 * 3_600_000,
  quotaReservationTtlMs: 24 * 3_600_000,
  maxAppPasswords: 50,
  secondFactorTtlMs: 5 * 60_000,
  secondFactorMaxTries: 5,
  webauthnChallengeTtlMs: 2 * 60_000,
  maxPasskeys: 20,
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
}

type Env = Record<string, string | undefined>

/**
 * The RP ID is WEBAUTHN_RP_ID or the host of the address browsers use (WEBAUTHN_ORIGIN, else
 * PUBLIC_URL), and that host must be it or inside it. Browsers refuse an IP address as RP ID, so
 * an IP-only PUBLIC_URL leaves passkeys off rather than failing the start.
 */
function readWebauthn(
  rpIdRaw: string | undefined,
  originRaw: string | undefined,
  publicUrl: string,
  problems: string[],
): WebauthnConfig | undefined {
  const origin = new URL(originRaw ?? publicUrl).origin
  const host = new URL(origin).hostname
  const rpId = rpIdRaw?.toLowerCase() ?? host
  if (isIP(rpId) || rpId.startsWith('[')) {
    if (rpIdRaw !== undefined)
      problems.push(`WEBAUTHN_RP_ID: must be a domain name (browsers refuse an IP address), got "${rpIdRaw}"`)
    return undefined
  }
  if (host !== rpId && !host.endsWith(`.${rpId}`)) {
    problems.push(
      `WEBAUTHN_RP_ID: "${rpId}" must be the host of ${originRaw ? 'WEBAUTHN_ORIGIN' : 'PUBLIC_URL'} (${host}) or a domain it is under`,
    )
    return undefined
  }
  return { rpId, origin }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** Reads and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = []
  const read = (name: string) => {
    const v = env[name]?.trim()
    return v === '' ? undefined : v
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = read(name)
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`)
      return fallback
    }
    return n
  }
  const bool = (name: string, fallback: boolean) => {
    const raw = read(name)?.toLowerCase()
    if (raw === undefined) return fallback
    if (['true', '1', 'yes'].includes(raw)) return true
    if (['false', '0', 'no'].includes(raw)) return false
    problems.push(`${name}: expected true or false, got "${raw}"`)
    return fallback
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name)?.toLowerCase()
    if (raw === undefined) return fallback
    if ((allowed as readonly string[]).includes(raw)) return raw as T
    problems.push(`${name}: expected one of ${allowed.join(', ')}, got "${raw}"`)
    return fallback
  }
  const url = (name: string, protocols: string[]) => {
    const raw = read(name)
    if (raw === undefined) return undefined
    try {
      const u = new URL(raw)
      if (!protocols.includes(u.protocol)) throw new Error()
      return raw
    } catch {
      // The value is echoed to help, but a password in it is not: start-up lines end up in logs.
      const shown = raw.replace(/(\/\/[^/@:]*:)[^@/]*@/, '$1***@')
      problems.push(`${name}: expected a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL, got "${shown}"`)
      return undefined
    }
  }

  // All three or none: half a single sign-on set-up is a mistake worth stopping for.
  function readOidc(): OidcConfig | undefined {
    const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const
    const missing = names.filter((n) => read(n) === undefined)
    if (missing.length === names.length) return undefined
    if (missing.length > 0) {
      problems.push(`${missing.join(', ')}: required when any of ${names.join(', ')} is set`)
      return undefined
    }
    const issuer = url('OIDC_ISSUER', ['http:', 'https:'])
    if (issuer === undefined) return undefined
    const label = read('OIDC_BUTTON_LABEL') ?? 'single sign-on'
    if (label.length > 40) problems.push('OIDC_BUTTON_LABEL: at most 40 characters')
    return {
      issuer,
      clientId: read('OIDC_CLIENT_ID')!,
      clientSecret: read('OIDC_CLIENT_SECRET')!,
      buttonLabel: label.slice(0, 40),
    }
  }

  const port = int('PORT', 3000, 0, 65535)
  const host = read('HOST') ?? '127.0.0.1'
  const dataDir = resolve(read('DATA_DIR') ?? './data')
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:'])
  const databaseSchema = read('DATABASE_SCHEMA')
  if (databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push(`DATABASE_SCHEMA: expected a lower-case identifier, got "${databaseSchema}"`)
  }
  const blobStore = oneOf('BLOB_STORE', ['fs', 's3'] as const, 'fs')
  let s3: S3Config | undefined
  if (blobStore === 's3') {
    const bucket = read('S3_BUCKET')
    if (!bucket || bucket.length < 3) problems.push('S3_BUCKET: required (at least 3 characters) when BLOB_STORE=s3')
    s3 = {
      bucket: bucket ?? '',
      endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
      region: read('S3_REGION') ?? 'us-east-1',
      accessKeyId: read('S3_ACCESS_KEY_ID'),
      secretAccessKey: read('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
    }
  }
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const webauthn = readWebauthn(
    read('WEBAUTHN_RP_ID'),
    url('WEBAUTHN_ORIGIN', ['http:', 'https:']),
    publicUrl,
    problems,
  )
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:'])
  const mailFrom = read('MAIL_FROM') ?? `Cumulus <no-reply@${new URL(publicUrl).hostname}>`
  const emailVerification = bool('EMAIL_VERIFICATION', false)
  if (emailVerification && !smtpUrl && !problems.some((p) => p.startsWith('SMTP_URL'))) {
    problems.push('EMAIL_VERIFICATION: true needs SMTP_URL to send the mails')
  }
  const signup = oneOf('SIGNUP', ['open', 'closed', 'invite'] as const, 'open')
  const defaultQuotaRaw = read('DEFAULT_QUOTA')
  const defaultQuota = defaultQuotaRaw === undefined ? undefined : parseBytes(defaultQuotaRaw)
  if (defaultQuotaRaw !== undefined && defaultQuota === undefined) {
    problems.push(`DEFAULT_QUOTA: expected a size such as 50GB, 500MB or a number of bytes, got "${defaultQuotaRaw}"`)
  }
  const secretRaw = read('SECRET')
  if (secretRaw !== undefined && secretRaw.length < 32) problems.push('SECRET: must be at least 32 characters')

  let encryptionKey: Buffer | undefined
  const keyRaw = read('ENCRYPTION_KEY')
  if (keyRaw !== undefined) {
    encryptionKey = /^[0-9a-fA-F]{64}$/.test(keyRaw) ? Buffer.from(keyRaw, 'hex') : Buffer.from(keyRaw, 'base64')
    if (encryptionKey.length !== 32) {
      problems.push('ENCRYPTION_KEY: expected 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)')
      encryptionKey = undefined
    }
  }
  const trashRetentionDays = int('TRASH_RETENTION_DAYS', 30, 0, 36500)
  const versions = oneOf('VERSIONS', ['on', 'off'], 'on') === 'on'
  const contentIndex = oneOf('CONTENT_INDEX', ['on', 'off'], 'on') === 'on'
  const metricsToken = read('METRICS_TOKEN')
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN: use at least 16 characters (e.g. openssl rand -hex 32)')
  }
  const versionsMax = int('VERSIONS_MAX', 50, 1, 10_000)
  const uploadExpiryHours = int('UPLOAD_EXPIRY_HOURS', 24, 1, 8760)
  const maxUploadRaw = read('MAX_UPLOAD_BYTES')
  const maxUploadBytes = maxUploadRaw === undefined ? undefined : int('MAX_UPLOAD_BYTES', 0, 1, Number.MAX_SAFE_INTEGER)
  const secureRaw = read('SECURE_COOKIES')?.toLowerCase()
  const secureCookies: SecureCookies =
    secureRaw === undefined || secureRaw === 'auto' ? 'auto' : bool('SECURE_COOKIES', false)
  const trustProxy = readTrustProxy(read('TRUST_PROXY'), problems)
  const logLevel = read('LOG_LEVEL')?.toLowerCase() ?? 'info'
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:'])
  const oidc = readOidc()
  const backupDir = read('BACKUP_DIR')
  const backupEvery = int('BACKUP_EVERY_HOURS', 24, 1, 8760)
  const backupKeep = int('BACKUP_KEEP', 7, 1, 10_000)
  const rcloneRemote = read('BACKUP_RCLONE_REMOTE')
  if (!backupDir)
    for (const name of ['BACKUP_EVERY_HOURS', 'BACKUP_KEEP', 'BACKUP_RCLONE_REMOTE'])
      if (read(name) !== undefined) problems.push(`${name}: needs BACKUP_DIR, the folder backups are written to`)
  if (rcloneRemote !== undefined && !rcloneRemote.includes(':'))
    problems.push(`BACKUP_RCLONE_REMOTE: expected an rclone remote such as "offsite:cumulus", got "${rcloneRemote}"`)
  const backup: BackupConfig | undefined = backupDir
    ? { dir: resolve(backupDir), everyHours: backupEvery, keep: backupKeep, rcloneRemote }
    : undefined

  const limits: Limits = {
    ...defaultLimits,
    maxFolderDepth: int('MAX_FOLDER_DEPTH', defaultLimits.maxFolderDepth, 1, 100),
    maxPathLength: int('MAX_PATH_LENGTH', defaultLimits.maxPathLength, 255, 65_536),
    maxFilesPerUpload: int('MAX_FILES_PER_UPLOAD', defaultLimits.maxFilesPerUpload, 1, 1_000_000),
    connectionsPerIp: int('MAX_CONNECTIONS_PER_IP', defaultLimits.connectionsPerIp, 0, 1_000_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_SECONDS', defaultLimits.requestTimeoutMs / 1000, 1, 3600) * 1000,
    uploadIdleTimeoutMs: int('UPLOAD_IDLE_TIMEOUT_SECONDS', defaultLimits.uploadIdleTimeoutMs / 1000, 1, 86_400) * 1000,
    previewMaxEdge: int('PREVIEW_MAX_EDGE', defaultLimits.previewMaxEdge, 256, 16_384),
  }

  if (problems.length) throw new ConfigError(problems)

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseSchema,
    blobStore,
    s3,
    publicUrl,
    webauthn,
    smtpUrl,
    metricsToken,
    mailFrom,
    emailVerification,
    signup,
    defaultQuota,
    secret: secretRaw ?? readOrCreateSecret(dataDir),
    encryptionKey,
    trashRetentionDays,
    versions,
    versionsMax,
    contentIndex,
    uploadExpiryHours,
    maxUploadBytes,
    secureCookies,
    trustProxy,
    logLevel,
    redisUrl,
    appDir: resolve(read('APP_DIR') ?? 'dist/app'),
    limits,
    oidc,
    backup,
    ...overrides,
  }
}

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/
const IPV6_CIDR = /^[0-9a-f:.]+(\/\d{1,3})?$/i

/** TRUST_PROXY: false, true (one hop), a hop count, or a comma-separated list of addresses/CIDRs. */
function readTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false
  const lower = raw.toLowerCase()
  if (['false', '0', 'no'].includes(lower)) return false
  if (['true', 'yes'].includes(lower)) return 1
  if (/^\d+$/.test(raw) && Number(raw) <= 32) return Number(raw)
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = list.filter(
    (a) =>
      !(IPV4_CIDR.test(a) || (a.includes(':') && IPV6_CIDR.test(a))) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(a),
  )
  if (list.length === 0 || bad.length) {
    problems.push(
      `TRUST_PROXY: expected true, false, a hop count up to 32, or addresses/CIDRs separated by commas, got "${raw}"`,
    )
    return false
  }
  return list
}

/** One secret per data directory, created on first start and kept private to the owner. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  mkdirSync(dataDir, { recursive: true })
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
