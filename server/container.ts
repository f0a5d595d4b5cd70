// The one wiring: the database, repositories, blob store and every service, built once from a
// Config, for the server (app.ts), the console (cli/admin.ts) and the tests. Background work (the
// janitor's heartbeat, the thumbnail queue, the sweeps) starts only when asked: the console opens
// the same database beside a running server and must not take over its leases.
import { join } from 'node:path'
import type { Config } from './config.ts'
import { openDatabase } from './db/database.ts'
import type { FileRow } from './db/schema.ts'
import { startHousekeeping, startNameIndexing } from './housekeeping.ts'
import { createAppPasswordsRepository } from './repositories/app-passwords.ts'
import { createAuditRepository } from './repositories/audit.ts'
import { createInstancesRepository } from './repositories/blob-outbox.ts'
import { createDriveRepository } from './repositories/drive.ts'
import { createGroupsRepository } from './repositories/groups.ts'
import { createInvitesRepository } from './repositories/invites.ts'
import { createMailTokensRepository } from './repositories/mail-tokens.ts'
import { createOidcIdentitiesRepository } from './repositories/oidc-identities.ts'
import { createPasskeysRepository } from './repositories/passkeys.ts'
import { createQuotaRepository } from './repositories/quota.ts'
import { indexPendingNames } from './repositories/search.ts'
import { createSessionsRepository } from './repositories/sessions.ts'
import { createOperationsRepository } from './repositories/operations.ts'
import { createSettingsRepository } from './repositories/settings.ts'
import { createTwoFactorRepository } from './repositories/two-factor.ts'
import { createUsersRepository } from './repositories/users.ts'
import { createAuditService } from './services/audit.ts'
import { createDavService } from './services/dav/dav.ts'
import { createAccess } from './services/drive/access.ts'
import { createMemberActivity } from './services/drive/member-activity.ts'
import { createDownloadService } from './services/drive/downloads.ts'
import { createItemPeople } from './services/drive/item-people.ts'
import { createFileCopies } from './services/drive/file-copy.ts'
import { createListCache } from './services/drive/list-cache.ts'
import { createListingService } from './services/drive/listing.ts'
import { createTimeline } from './services/drive/timeline.ts'
import { createQuotaService } from './services/drive/quota.ts'
import { createResumableUploads } from './services/drive/resumable-uploads.ts'
import { createTreeService } from './services/drive/tree.ts'
import { createUploadService } from './services/drive/uploads.ts'
import { createVersionService } from './services/drive/versions.ts'
import { createZipService } from './services/drive/zip.ts'
import { createAdminService } from './services/family/admin.ts'
import { createGroupService } from './services/family/groups.ts'
import { createInviteService } from './services/family/invites.ts'
import { createUserRemoval } from './services/family/user-removal.ts'
import { createMailer } from './services/mailer.ts'
import { createBackupService } from './services/operations/backup.ts'
import { type BackupSchedule, startBackupSchedule } from './services/operations/schedule.ts'
import { createMediaService } from './services/media/previews.ts'
import { createTextPreviews } from './services/media/text-preview.ts'
import { createThumbnailQueue } from './services/media/thumbnails.ts'
import { createServerStatus } from './services/operations/server-status.ts'
import { createWarningMails } from './services/operations/warning-mail.ts'
import { createContentQueue } from './services/content/queue.ts'
import { createFileRequests } from './services/sharing/file-requests.ts'
import { createSharedAccess } from './services/sharing/link-access.ts'
import { createShareUnlock } from './services/sharing/link-passwords.ts'
import { createSharingService } from './services/sharing/links.ts'
import { createNameFreshness } from './services/sharing/name-freshness.ts'
import { createMemberSharing } from './services/sharing/members.ts'
import { createUploadNotices } from './services/sharing/upload-notices.ts'
import { createAccountService } from './services/sign-in/accounts.ts'
import { createAppPasswordService } from './services/sign-in/app-passwords.ts'
import { createLoginThrottle } from './services/sign-in/login-throttle.ts'
import { createOidcService } from './services/sign-in/oidc.ts'
import { createPasskeyService } from './services/sign-in/passkeys.ts'
import { createSecondFactorService } from './services/sign-in/second-factor.ts'
import { createSessionService } from './services/sign-in/sessions.ts'
import { createTotpService } from './services/sign-in/totp.ts'
import type { BlobJanitor } from './storage/blob-janitor.ts'
import { createBlobJanitor } from './storage/blob-janitor.ts'
import { createBlobStore } from './storage/create-blob-store.ts'
import { checkEncryptionKey, createEncryptedVault, createPlainVault } from './storage/vault.ts'
import { createWriteActivity } from './util/write-activity.ts'
import { randomId } from './util/crypto.ts'
import { isIndexedDocument } from './util/mime.ts'
import { createMemoryBackoffStore, createRedisBackoffStore } from './util/limiter.ts'
import { closeRedis, connectRedis } from './util/redis.ts'

/** What the parts log through: the server's pino logger, or the console's stderr. */
export interface Log {
  info(obj: object | string, msg?: string): void
  warn(obj: object | string, msg?: string): void
  error(obj: object | string, msg?: string): void
}

export interface ContainerOptions {
  /**
   * The console's container: the same services, but no mail, no Redis (its throttles count in
   * memory) and no check of ENCRYPTION_KEY; the console touches no file contents.
   */
  console?: boolean
}

export async function createContainer(config: Config, log: Log, options: ContainerOptions = {}) {
  const database = await openDatabase(config)
  try {
    if (!options.console) await checkEncryptionKey(createSettingsRepository(database.db), config.encryptionKey)
  } catch (err) {
    await database.close()
    throw err
  }
  const { db, dialect } = database
  const mailer = await createMailer(options.console ? { smtpUrl: undefined, mailFrom: config.mailFrom } : config)
  // REDIS_URL: the rate-limit counters live in Redis, so instances behind one load balancer count
  // each client and each account once (DESIGN.md §5). Unset → every instance counts in memory.
  const redis = config.redisUrl && !options.console ? await connectRedis(config.redisUrl, log) : undefined
  const backoffStore = (prefix: string) =>
    redis ? createRedisBackoffStore({ redis, prefix, log }) : createMemoryBackoffStore()

  // Sign-in. One throttle for every door that takes a password (web sign-in, app passwords);
  // wrong codes and passkeys are counted apart (a right password clears those).
  const loginThrottle = createLoginThrottle(config.limits, backoffStore('cumulus-login-failures:'))
  const secondFactorThrottle = createLoginThrottle(config.limits, backoffStore('cumulus-second-factor-failures:'))
  const users = createUsersRepository(db, dialect)
  // Before the accounts: a display name change makes the lists that show it stale (name-freshness.ts).
  const drive = createDriveRepository(db, dialect, { contentIndex: config.contentIndex })
  const nameChanged = createNameFreshness({ users, shares: drive.memberShares })
  const sessionRows = createSessionsRepository(db, database.changeEpoch)
  const sessions = createSessionService({ sessions: sessionRows, secret: config.secret, limits: config.limits })
  const audit = createAuditService({ repo: createAuditRepository(db), log })
  const inviteRows = createInvitesRepository(db)
  // Before the accounts: sign-up redeems its invite through it.
  const invites = createInviteService({ config, invites: inviteRows, users, mailer, audit })
  const twoFactor = createTwoFactorRepository(db)
  const totp = createTotpService({ repo: twoFactor, users, sessions, audit, secret: config.secret })
  const passkeyRows = createPasskeysRepository(db)
  const passkeys = createPasskeyService({
    repo: passkeyRows,
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
    repo: createAppPasswordsRepository(db),
    users,
    secret: config.secret,
    limits: config.limits,
    throttle: loginThrottle,
    audit,
  })
  const accounts = createAccountService({
    config,
    users,
    mailTokens: createMailTokensRepository(db),
    invites,
    sessions,
    mailer,
    loginThrottle,
    audit,
    appPasswords,
    secondFactor,
    nameChanged,
  })
  // Single sign-on, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
  const oidc = config.oidc
    ? createOidcService({
        oidc: config.oidc,
        publicUrl: config.publicUrl,
        secret: config.secret,
        users,
        identities: createOidcIdentitiesRepository(db),
        accounts,
        sessions,
        audit,
      })
    : undefined

  // Bytes. A blob's record must be durable before the blob gets its final name. The janitor knows
  // which keys are (those it reserved ahead); it is made after the store, so it is looked up late.
  const walSync = database.walSync
  const durable = walSync && (() => walSync.durable())
  const late: { janitor?: BlobJanitor } = {}
  const store = await createBlobStore(
    config,
    durable && ((key: string) => (late.janitor ? late.janitor.publishable(key) : durable())),
  )
  const instanceId = randomId()
  const instances = createInstancesRepository(db)
  const janitor = createBlobJanitor({
    outbox: drive.outbox,
    instances,
    store,
    instanceId,
    singleInstance: dialect === 'sqlite',
    heartbeatMs: config.limits.instanceHeartbeatMs,
    deadAfterMs: config.limits.instanceDeadAfterMs,
    log,
    ...(durable && { durable }),
  })
  late.janitor = janitor
  const vault = config.encryptionKey ? createEncryptedVault(store, config.encryptionKey) : createPlainVault(store)

  // The drive. Every id a request names is checked here first: its owner, or a member share.
  const access = createAccess({ paths: drive.paths, shares: drive.memberShares })
  const people = createItemPeople({ paths: drive.paths, shares: drive.memberShares })
  const activity = createMemberActivity({ audit })
  const groups = createGroupsRepository(db)
  const quota = createQuotaService({ repo: createQuotaRepository(db), limits: config.limits })
  const tree = createTreeService({ repo: drive, janitor, maxDepth: config.limits.maxFolderDepth })
  const listing = createListingService(drive)
  const operationsRows = createOperationsRepository(db)
  const serverStatus = createServerStatus({
    dataDir: config.dataDir,
    repo: operationsRows,
    settings: createSettingsRepository(db),
    usedBy: listing.usedBy,
  })
  const warningMails = createWarningMails({
    status: serverStatus,
    repo: operationsRows,
    mailer,
    publicUrl: config.publicUrl,
  })
  const timeline = createTimeline({ repo: drive, people })
  const listCache = createListCache(config.limits.listCacheBytes)
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
    backfillPerPass: config.limits.thumbnailBackfillPerPass,
    instanceId,
    recoverEveryMs: config.limits.instanceHeartbeatMs,
    deadAfterMs: config.limits.instanceDeadAfterMs,
    log,
  })
  // A stored file wakes the thumbnail queue only when it has work for it: a file with nothing to
  // derive would cost every small upload a look at an empty queue.
  // The content index's triggers queued any document (migration 030): its queue is woken for it.
  // Requests that write, counted by the app (app.ts): the content queue gives way to them.
  const writes = createWriteActivity()
  const contentIndex = createContentQueue({
    writes,
    repo: drive.contentIndex,
    instances,
    vault,
    enabled: config.contentIndex,
    instanceId,
    maxBytes: config.limits.contentIndexBytes,
    jobTimeoutMs: config.limits.contentIndexJobMs,
    backfillPerPass: config.limits.contentBackfillPerPass,
    recoverEveryMs: config.limits.instanceHeartbeatMs,
    deadAfterMs: config.limits.instanceDeadAfterMs,
    log,
  })
  const onStored = (file: FileRow) => {
    if (file.thumb_state === 'pending') thumbnails.wake()
    if (isIndexedDocument(file.mime)) contentIndex.wake()
  }
  // Writing over a file keeps what it held (VERSIONS, VERSIONS_MAX).
  const versions = createVersionService({
    repo: drive,
    janitor,
    vault,
    access,
    people,
    enabled: config.versions,
    max: config.versionsMax,
    onStored,
  })
  // What every way in for a file shares: multipart, resumable (tus), WebDAV, a copy.
  const writeDeps = {
    versions,
    repo: drive,
    vault,
    janitor,
    tree,
    quota,
    // Multipart and tus uploads may go into a folder shared with the caller as editor.
    access,
    activity,
    maxUploadBytes: config.maxUploadBytes,
    limits: config.limits,
    onStored,
  }
  const uploads = createUploadService(writeDeps)
  const downloads = createDownloadService({ repo: drive, vault })
  const zips = createZipService({ repo: drive, vault })
  const copies = createFileCopies({ repo: drive, onStored })
  const media = createMediaService({ vault, thumbnails, waitMs: config.limits.previewWaitMs })
  const textPreviews = createTextPreviews({ repo: drive, vault, maxBytes: config.limits.textPreviewBytes })

  // Sharing. Wrong link passwords are counted per address, in Redis when there is one.
  const shareUnlock = createShareUnlock({
    secret: config.secret,
    limits: config.limits,
    store: backoffStore('cumulus-share-unlock:'),
  })
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
    log,
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
    ...writeDeps,
    expiryMs: config.uploadExpiryHours * 3_600_000,
    linkUploads: fileRequests.linkUploads,
  })
  const sharing = createSharingService({ repo: drive, publicUrl: config.publicUrl, uploads: resumable })
  // Member shares: an owner's items shared with accounts and groups; new recipients are mailed.
  const members = createMemberSharing({
    access,
    drive,
    users,
    groups,
    audit,
    mailer,
    publicUrl: config.publicUrl,
    log,
  })

  // The family: the admin's side of accounts.
  const removal = createUserRemoval({
    users,
    drive,
    tree,
    janitor,
    sessions,
    audit,
    discardStaged: (row) => vault.staged(row).discard(),
  })
  const admin = createAdminService({ users, accounts, sessions, removal, audit, invites, nameChanged })
  const groupService = createGroupService({ groups, users, shares: drive.memberShares, audit })

  // WebDAV: the owner's Home at /dav/, signed in with an app password (DESIGN.md §7).
  const dav = createDavService({ ...writeDeps, access })

  // Backups (the console's `backup`, and the schedule): condemned blobs wait while one copies.
  const settings = createSettingsRepository(db)
  const backups = createBackupService({ config, store, outbox: drive.outbox, settings })

  let schedule: BackupSchedule | undefined

  let stopBackground = async () => {}
  return {
    config,
    /** The database itself: tests and maintenance scripts read and seed it; the code goes through repositories. */
    db,
    dialect,
    walSync,
    redis,
    store,
    vault,
    janitor,
    drive,
    access,
    people,
    activity,
    groups,
    groupService,
    mailer,
    sessions,
    audit,
    accounts,
    appPasswords,
    totp,
    passkeys,
    secondFactor,
    oidc,
    invites,
    admin,
    quota,
    tree,
    versions,
    listing,
    timeline,
    listCache,
    uploads,
    resumable,
    downloads,
    zips,
    copies,
    media,
    textPreviews,
    thumbnails,
    contentIndex,
    writes,
    serverStatus,
    warningMails,
    shared,
    fileRequests,
    sharing,
    members,
    dav,
    settings,
    backups,
    /** The scheduled backups (BACKUP_DIR), once start() ran. */
    get backupSchedule(): BackupSchedule | undefined {
      return schedule
    },

    /** Starts the server's background work: the janitor, the thumbnail queue and the sweeps. */
    async start(): Promise<void> {
      await janitor.start()
      await thumbnails.start()
      await contentIndex.start()
      // One process per SQLite file: a lease found at start belonged to a process that is gone.
      if (dialect === 'sqlite') await drive.uploads.releaseAll()
      const stopHousekeeping = startHousekeeping({
        sessions: sessionRows,
        tree,
        trashRetentionDays: config.trashRetentionDays,
        uploads: { sweep: resumable.sweep, stagedIds: () => store.stagedIds() },
        links: { sweep: sharing.sweep, graceMs: config.limits.expiredLinkGraceMs },
        family: { sweepReservations: quota.sweep, deleteExpiredInvites: () => inviteRows.deleteExpired(Date.now()) },
        loginChallenges: {
          deleteExpired: async (now) =>
            void (await Promise.all([
              twoFactor.challenges.deleteExpired(now),
              passkeyRows.ceremonies.deleteExpired(now),
            ])),
        },
        davLocks: { sweep: () => drive.dav.sweepLocks(Date.now()) },
        versions: { sweep: () => versions.sweep() },
        warnings: warningMails,
        log,
      })
      const stopNameIndexing =
        dialect === 'sqlite' ? startNameIndexing((limit) => indexPendingNames(db, limit), log) : async () => undefined
      schedule = config.backup ? startBackupSchedule({ backups, settings, config: config.backup, log }) : undefined
      stopBackground = async () => {
        await schedule?.stop()
        stopHousekeeping()
        await stopNameIndexing()
        await thumbnails.stop()
        await contentIndex.stop()
        await janitor.stop()
      }
    },

    /** Closes everything, in dependency order: workers stop before the stores they use go away. */
    async close(): Promise<void> {
      await stopBackground()
      await uploadNotices.flush()
      await members.flush()
      mailer.close()
      if (redis) await closeRedis(redis)
      await database.close()
    },
  }
}

export type Container = Awaited<ReturnType<typeof createContainer>>
