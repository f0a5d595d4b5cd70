// Builds the Fastify instance from a Config: tests start it on port 0 with a temp DATA_DIR,
// main.ts listens on the configured port.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'
import type { Dialect, MetadataDb } from './db/database.ts'
import type { FileRow } from './db/schema.ts'
import type { DriveRepository } from './repositories/drive.ts'
import type { ResumableUploads } from './services/drive/resumable-uploads.ts'
import type { ThumbnailQueue } from './services/media/thumbnails.ts'
import type { TreeService } from './services/drive/tree.ts'
import type { BlobJanitor } from './storage/blob-janitor.ts'
import type { BlobStore } from './storage/blob-store.ts'
import { openDatabase, pingDatabase } from './db/database.ts'
import { errors, installErrorHandler, sendError } from './errors.ts'
import { createAuth } from './plugins/auth.ts'
import { capConnectionsPerAddress } from './plugins/connections.ts'
import { multipartOptions } from './plugins/multipart.ts'
import { httpServerOptions, registerRequestTimeouts } from './plugins/request-timeouts.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { startHousekeeping, startNameIndexing } from './housekeeping.ts'
import { indexPendingNames } from './repositories/search.ts'
import { registerWebApp, wantsAppShell } from './plugins/web-app.ts'
import { createInstancesRepository } from './repositories/blob-outbox.ts'
import { createDriveRepository } from './repositories/drive.ts'
import { createMailTokensRepository } from './repositories/mail-tokens.ts'
import { createSessionsRepository } from './repositories/sessions.ts'
import { createSettingsRepository } from './repositories/settings.ts'
import { createUsersRepository } from './repositories/users.ts'
import { createAppPasswordsRepository } from './repositories/app-passwords.ts'
import { createAuditRepository } from './repositories/audit.ts'
import { createInvitesRepository } from './repositories/invites.ts'
import { createQuotaRepository } from './repositories/quota.ts'
import { adminRoutes } from './routes/admin.ts'
import { createAdminService } from './services/family/admin.ts'
import { createInviteService } from './services/family/invites.ts'
import { createAppPasswordService, type AppPasswordService } from './services/sign-in/app-passwords.ts'
import { createAuditService } from './services/audit.ts'
import { createTwoFactorRepository } from './repositories/two-factor.ts'
import { createSecondFactorService } from './services/sign-in/second-factor.ts'
import { createTotpService } from './services/sign-in/totp.ts'
import { createOidcIdentitiesRepository } from './repositories/oidc-identities.ts'
import { oidcRoutes } from './routes/oidc.ts'
import { createOidcService } from './services/sign-in/oidc.ts'
import { createPasskeysRepository } from './repositories/passkeys.ts'
import { createPasskeyService } from './services/sign-in/passkeys.ts'
import { webauthnRoutes } from './routes/webauthn.ts'
import { createQuotaService, type QuotaService } from './services/drive/quota.ts'
import { createFileCopies } from './services/drive/file-copy.ts'
import { createUserRemoval } from './services/family/user-removal.ts'
import { fileRoutes } from './routes/file-service.ts'
import { publicRoutes } from './routes/public-files.ts'
import { shareRoutes } from './routes/share-service.ts'
import { resumableRoutes } from './routes/resumable-uploads.ts'
import { folderRoutes } from './routes/folder-service.ts'
import { davRoutes } from './routes/dav/index.ts'
import { createDavService } from './services/dav/dav.ts'
import { userRoutes } from './routes/user-service.ts'
import { createAccountService } from './services/sign-in/accounts.ts'
import { createLoginThrottle } from './services/sign-in/login-throttle.ts'
import { createListCache, type ListCache } from './services/drive/list-cache.ts'
import { createDownloadService } from './services/drive/downloads.ts'
import { createListingService } from './services/drive/listing.ts'
import { createMediaService } from './services/media/previews.ts'
import { createSharingService, type SharingService } from './services/sharing/links.ts'
import { createSharedAccess } from './services/sharing/link-access.ts'
import { createShareUnlock } from './services/sharing/link-passwords.ts'
import { createFileRequests } from './services/sharing/file-requests.ts'
import { createThumbnailQueue } from './services/media/thumbnails.ts'
import { createMailer } from './services/mailer.ts'
import { createUploadNotices } from './services/sharing/upload-notices.ts'
import { createSessionService } from './services/sign-in/sessions.ts'
import { createTreeService } from './services/drive/tree.ts'
import { createResumableUploads } from './services/drive/resumable-uploads.ts'
import { createUploadService } from './services/drive/uploads.ts'
import { createBlobJanitor } from './storage/blob-janitor.ts'
import { createBlobStore } from './storage/create-blob-store.ts'
import { durableReplies } from './plugins/durable-replies.ts'
import { checkEncryptionKey, createEncryptedVault, createPlainVault } from './storage/vault.ts'
import { randomId } from './util/crypto.ts'
import { createMemoryBackoffStore, createRedisBackoffStore } from './util/limiter.ts'
import { closeRedis, connectRedis } from './util/redis.ts'

export interface Internals {
  /** The database itself: tests and maintenance scripts read and seed it; the server's code goes through repositories. */
  db: MetadataDb['db']
  dialect: Dialect
  store: BlobStore
  janitor: BlobJanitor
  tree: TreeService
  drive: DriveRepository
  thumbnails: ThumbnailQueue
  listCache: ListCache
  resumable: ResumableUploads
  sharing: SharingService
  /** Quota reservations (services/drive/quota.ts), for the write paths and their tests. */
  quota: QuotaService
  /** App passwords' verification, for WebDAV and its tests. */
  appPasswords: AppPasswordService
}

declare module 'fastify' {
  interface FastifyInstance {
    cumulus: Internals
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule for numbers; Fastify's
    // types only take it as a function). `false` trusts none; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.limits.jsonBodyBytes,
    // Slow clients are bounded per request (plugins/request-timeouts.ts): uploads and downloads
    // can take long, so no server-wide deadline, but a request that trickles in is cut.
    requestTimeout: 0,
    http: httpServerOptions(config.limits),
    return503OnClosing: true,
  })
  capConnectionsPerAddress(app.server, {
    perAddress: config.limits.connectionsPerIp,
    trustProxy: config.trustProxy,
    log: app.log,
  })
  registerRequestTimeouts(app, config.limits)

  const database = await openDatabase(config)
  try {
    await checkEncryptionKey(createSettingsRepository(database.db), config.encryptionKey)
  } catch (err) {
    await database.close()
    throw err
  }
  const mailer = await createMailer(config)
  // REDIS_URL: the rate-limit counters live in Redis, so instances behind one load balancer count
  // each client and each account once (DESIGN.md §5). Unset → every instance counts in memory.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined
  // One throttle for every door that takes a password (web sign-in, app passwords).
  const loginThrottle = createLoginThrottle(
    config.limits,
    redis
      ? createRedisBackoffStore({ redis, prefix: 'cumulus-login-failures:', log: app.log })
      : createMemoryBackoffStore(),
  )

  const users = createUsersRepository(database.db, database.dialect)
  const sessionRows = createSessionsRepository(database.db, database.changeEpoch)
  const sessions = createSessionService({ sessions: sessionRows, secret: config.secret, limits: config.limits })
  const audit = createAuditService({ repo: createAuditRepository(database.db), log: app.log })
  const invites = createInvitesRepository(database.db)
  // Before the accounts: sign-up redeems its invite through it.
  const inviteService = createInviteService({ config, invites, users, mailer, audit })
  const twoFactor = createTwoFactorRepository(database.db)
  const totp = createTotpService({ repo: twoFactor, users, sessions, audit, secret: config.secret })
  // Wrong codes (and passkeys) are counted apart from wrong passwords (a right password clears those).
  const secondFactorThrottle = createLoginThrottle(
    config.limits,
    redis
      ? createRedisBackoffStore({ redis, prefix: 'cumulus-second-factor-failures:', log: app.log })
      : createMemoryBackoffStore(),
  )
  const passkeyRepo = createPasskeysRepository(database.db)
  const passkeys = createPasskeyService({
    repo: passkeyRepo,
    users,
    sessions,
    audit,
    throttle: secondFactorThrottle,
    webauthn: config.webauthn,
    limits: config.limits,
  })
  const secondFactor = createSecondFactorService({
    repo: twoFactor,
    users,
    totp,
    passkeys,
    sessions,
    audit,
    throttle: secondFactorThrottle,
    limits: config.limits,
  })
  const appPasswords = createAppPasswordService({
    repo: createAppPasswordsRepository(database.db),
    users,
    secret: config.secret,
    limits: config.limits,
    throttle: loginThrottle,
    audit,
  })
  const accounts = createAccountService({
    config,
    users,
    mailTokens: createMailTokensRepository(database.db),
    invites: inviteService,
    sessions,
    mailer,
    loginThrottle,
    audit,
    appPasswords,
    secondFactor,
  })
  const quota = createQuotaService({ repo: createQuotaRepository(database.db), limits: config.limits })
  const auth = createAuth(config, sessions)

  const walSync = database.walSync
  const durable = walSync && (() => walSync.durable())
  // A blob's record must be durable before the blob gets its final name. The janitor knows which
  // keys are (those it reserved ahead); it is made after the store, so it is looked up late.
  const late: { janitor?: BlobJanitor } = {}
  const store = await createBlobStore(
    config,
    durable && ((key: string) => (late.janitor ? late.janitor.publishable(key) : durable())),
  )
  const instanceId = randomId()
  const drive = createDriveRepository(database.db, database.dialect)
  const instances = createInstancesRepository(database.db)
  const janitor = createBlobJanitor({
    outbox: drive.outbox,
    instances,
    store,
    instanceId,
    singleInstance: database.dialect === 'sqlite',
    heartbeatMs: config.limits.instanceHeartbeatMs,
    deadAfterMs: config.limits.instanceDeadAfterMs,
    log: app.log,
    ...(durable && { durable }),
  })
  late.janitor = janitor
  await janitor.start()
  const tree = createTreeService({ repo: drive, janitor, maxDepth: config.limits.maxFolderDepth })
  const listing = createListingService(drive)
  const listCache = createListCache(config.limits.listCacheBytes)
  const vault = config.encryptionKey ? createEncryptedVault(store, config.encryptionKey) : createPlainVault(store)
  const thumbnails = createThumbnailQueue({
    drive,
    instances,
    vault,
    janitor,
    tmpDir: join(config.dataDir, 'tmp', 'thumbnails'),
    pixelLimit: config.limits.imagePixelLimit,
    previewMaxEdge: config.limits.previewMaxEdge,
    concurrency: config.limits.thumbnailConcurrency,
    jobTimeoutMs: config.limits.thumbnailJobMs,
    instanceId,
    recoverEveryMs: config.limits.instanceHeartbeatMs,
    deadAfterMs: config.limits.instanceDeadAfterMs,
    log: app.log,
  })
  await thumbnails.start()
  // A stored file wakes the thumbnail queue only when it has work for it: a file with nothing to
  // derive would cost every small upload a look at an empty queue (issue #18).
  const onStored = (file: FileRow) => void (file.thumb_state === 'pending' && thumbnails.wake())
  // Both ways in for a file: the spec's multipart routes, and resumable (tus) uploads.
  const uploadDeps = {
    repo: drive,
    vault,
    janitor,
    tree,
    maxUploadBytes: config.maxUploadBytes,
    limits: config.limits,
    onStored,
  }
  const uploads = createUploadService({ ...uploadDeps, quota })
  // Wrong share-link passwords are counted per address, in Redis when there is one (as logins).
  const unlockStore = redis
    ? createRedisBackoffStore({ redis, prefix: 'cumulus-share-unlock:', log: app.log })
    : createMemoryBackoffStore()
  const shareUnlock = createShareUnlock({ secret: config.secret, limits: config.limits, store: unlockStore })
  const media = createMediaService({ vault, thumbnails, waitMs: config.limits.previewWaitMs })
  const shared = createSharedAccess({
    repo: drive,
    listing,
    vault,
    unlock: shareUnlock,
    media,
    maxUploadBytes: config.maxUploadBytes,
  })
  // The owner hears of files sent to an upload link: one mail per quiet batch, when SMTP is set.
  const uploadNotices = createUploadNotices({
    mailer,
    users,
    quietMs: config.limits.uploadNoticeQuietMs,
    publicUrl: config.publicUrl,
    log: app.log,
  })
  const fileRequests = createFileRequests({
    repo: drive,
    vault,
    janitor,
    shared,
    maxUploadBytes: config.maxUploadBytes,
    limits: config.limits,
    quota,
    onStored,
    onReceived: uploadNotices.received,
  })
  // Resumable uploads: the owner's, and a file request's through its link (fileRequests.linkUploads).
  const resumable = createResumableUploads({
    ...uploadDeps,
    expiryMs: config.uploadExpiryHours * 3_600_000,
    linkUploads: fileRequests.linkUploads,
    quota,
  })
  const sharing = createSharingService({ repo: drive, publicUrl: config.publicUrl, uploads: resumable })
  const removal = createUserRemoval({
    users,
    drive,
    tree,
    janitor,
    sessions,
    audit,
    discardStaged: (row) => vault.staged(row).discard(),
  })
  const admin = createAdminService({ users, accounts, sessions, removal, audit, invites: inviteService })
  // One process per SQLite file: a lease found at start belonged to a process that is gone.
  if (database.dialect === 'sqlite') await drive.uploads.releaseAll()

  installErrorHandler(app)
  // On the raw response at the start, like the security headers: a synchronous onRequest hook is
  // cheaper than an async onSend one on every reply, and error replies carry it just the same.
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id)
    done()
  })
  // SQLite's group commit (db/wal-sync.ts): a write is answered only once its commits are on disk.
  if (walSync) app.addHook('onSend', durableReplies(walSync))
  const securityHeaders = await registerSecurityHeaders(app, config.secureCookies)
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && {
      redis,
      nameSpace: 'cumulus-rl-',
      // Fail open: when Redis errors, the request goes on without the per-IP check (the client
      // logs the outage once) instead of answering 500, or 429 to everybody. Brute force stays
      // bounded meanwhile by the failed-login throttle (services/login-throttle), which falls back to memory.
      skipOnError: true,
    }),
    errorResponseBuilder: (_req, ctx) => errors.rateLimited(ctx.ttl),
  })
  auth.install(app)

  app.get('/healthz', async () => {
    await pingDatabase(database.db)
    return { status: 'ok' }
  })

  await app.register(userRoutes, {
    prefix: '/user-service',
    davUrl: `${config.publicUrl}/dav/`,
    auth,
    accounts,
    sessions,
    loginPerIp: config.limits.loginPerIp,
    trashRetentionDays: config.trashRetentionDays,
    usage: (userId) => drive.files.usage(userId),
    countActiveSessions: (userId) => sessionRows.countActive(userId, Date.now()),
    quota,
    appPasswords,
    audit,
    totp,
    invites: inviteService,
  })
  await app.register(webauthnRoutes, {
    prefix: '/user-service/webauthn',
    auth,
    accounts,
    passkeys,
    secondFactor,
    loginPerIp: config.limits.loginPerIp,
  })
  await app.register(adminRoutes, {
    prefix: '/admin',
    auth,
    admin,
    invites: inviteService,
    audit,
    mailEnabled: mailer.enabled,
  })
  // Single sign-on, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
  const oidc = config.oidc
    ? createOidcService({
        oidc: config.oidc,
        publicUrl: config.publicUrl,
        secret: config.secret,
        users,
        identities: createOidcIdentitiesRepository(database.db),
        accounts,
        sessions,
        audit,
      })
    : undefined
  await app.register(oidcRoutes, { prefix: '/auth/oidc', auth, config, oidc, loginPerIp: config.limits.loginPerIp })

  // Internals for tests, benchmarks and maintenance scripts; never reachable over HTTP.
  app.decorate('cumulus', {
    db: database.db,
    dialect: database.dialect,
    store,
    janitor,
    tree,
    drive,
    thumbnails,
    listCache,
    resumable,
    sharing,
    quota,
    appPasswords,
  })

  const downloads = createDownloadService({ repo: drive, vault })
  const driveDeps = {
    auth,
    listing,
    listCache,
    tree,
    uploads,
    multipart: multipartOptions(config.maxUploadBytes),
  }
  const copies = createFileCopies({ repo: drive, vault, janitor, quota, onStored })
  await app.register(fileRoutes, { prefix: '/file-service', ...driveDeps, sessions, sharing, media, downloads, copies })
  await app.register(resumableRoutes, { prefix: '/file-service', auth, resumable })
  await app.register(publicRoutes, { prefix: '/file-service', shared, publicPerIp: config.limits.publicPerIp })
  await app.register(shareRoutes, {
    prefix: '/share-service',
    auth,
    sharing,
    shared,
    fileRequests,
    resumable,
    config,
    publicPerIp: config.limits.publicPerIp,
    multipart: multipartOptions(config.maxUploadBytes),
  })
  await app.register(folderRoutes, { prefix: '/folder-service', ...driveDeps, repo: drive, vault })

  // WebDAV: the owner's Home at /dav/, signed in with an app password (DESIGN.md §7).
  const dav = createDavService({
    repo: drive,
    tree,
    vault,
    janitor,
    quota,
    maxUploadBytes: config.maxUploadBytes,
    limits: config.limits,
    onStored,
  })
  await app.register(davRoutes, { prefix: '/dav', dav, appPasswords })

  const sendAppShell = await registerWebApp(app, config.appDir, securityHeaders.document)
  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsAppShell(req.url)) return sendAppShell(req, reply)
    return sendError(reply, errors.routeNotFound(req.method, req.url))
  })

  const stopHousekeeping = startHousekeeping({
    sessions: sessionRows,
    tree,
    trashRetentionDays: config.trashRetentionDays,
    uploads: { sweep: resumable.sweep, stagedIds: () => store.stagedIds() },
    links: { sweep: sharing.sweep, graceMs: config.limits.expiredLinkGraceMs },
    family: { sweepReservations: quota.sweep, deleteExpiredInvites: () => invites.deleteExpired(Date.now()) },
    loginChallenges: {
      deleteExpired: async (now) =>
        void (await Promise.all([twoFactor.challenges.deleteExpired(now), passkeyRepo.ceremonies.deleteExpired(now)])),
    },
    davLocks: { sweep: () => drive.dav.sweepLocks(Date.now()) },
    log: app.log,
  })
  const stopNameIndexing =
    database.dialect === 'sqlite'
      ? startNameIndexing((limit) => indexPendingNames(database.db, limit), app.log)
      : async () => undefined
  // One close hook, in dependency order: workers stop before the stores they use go away.
  app.addHook('onClose', async () => {
    stopHousekeeping()
    await stopNameIndexing()
    await thumbnails.stop()
    await janitor.stop()
    await uploadNotices.flush()
    mailer.close()
    if (redis) await closeRedis(redis)
    await database.close()
  })

  return app
}
