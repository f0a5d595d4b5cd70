// The route table: every URL service of SPEC §7 (and WebDAV, OIDC, passkeys, tus), its prefix,
// and the services it is handed. Routes get services only, never repositories or stores.
import type { FastifyInstance } from 'fastify'
import type { Container } from '../container.ts'
import type { Auth } from '../plugins/auth.ts'
import { multipartOptions } from '../plugins/multipart.ts'
import { adminRoutes } from './admin.ts'
import { davRoutes } from './dav/index.ts'
import { fileRoutes } from './file-service.ts'
import { folderRoutes } from './folder-service.ts'
import { memberShareRoutes } from './member-shares.ts'
import { oidcRoutes } from './oidc.ts'
import { publicRoutes } from './public-files.ts'
import { resumableRoutes } from './resumable-uploads.ts'
import { shareRoutes } from './share-service.ts'
import { userRoutes } from './user-service.ts'
import { versionRoutes } from './versions.ts'
import { webauthnRoutes } from './webauthn.ts'

export async function registerRoutes(app: FastifyInstance, c: Container, auth: Auth): Promise<void> {
  const { config } = c
  const { loginPerIp, publicPerIp } = config.limits
  const multipart = multipartOptions(config.maxUploadBytes)

  await app.register(userRoutes, {
    prefix: '/user-service',
    davUrl: `${config.publicUrl}/dav/`,
    auth,
    accounts: c.accounts,
    sessions: c.sessions,
    loginPerIp,
    trashRetentionDays: config.trashRetentionDays,
    listing: c.listing,
    quota: c.quota,
    appPasswords: c.appPasswords,
    audit: c.audit,
    totp: c.totp,
    invites: c.invites,
  })
  await app.register(webauthnRoutes, {
    prefix: '/user-service/webauthn',
    auth,
    accounts: c.accounts,
    passkeys: c.passkeys,
    secondFactor: c.secondFactor,
    loginPerIp,
  })
  await app.register(adminRoutes, {
    prefix: '/admin',
    auth,
    admin: c.admin,
    invites: c.invites,
    audit: c.audit,
    groups: c.groupService,
    serverStatus: c.serverStatus,
    mailEnabled: c.mailer.enabled,
  })
  await app.register(oidcRoutes, { prefix: '/auth/oidc', auth, config, oidc: c.oidc, loginPerIp })

  const drive = {
    auth,
    access: c.access,
    people: c.people,
    activity: c.activity,
    listing: c.listing,
    listCache: c.listCache,
    tree: c.tree,
    uploads: c.uploads,
    multipart,
  }
  await app.register(fileRoutes, {
    prefix: '/file-service',
    ...drive,
    sessions: c.sessions,
    sharing: c.sharing,
    media: c.media,
    textPreviews: c.textPreviews,
    downloads: c.downloads,
    copies: c.copies,
    timeline: c.timeline,
  })
  await app.register(resumableRoutes, { prefix: '/file-service', auth, resumable: c.resumable })
  await app.register(versionRoutes, { prefix: '/file-service', auth, versions: c.versions, people: c.people })
  await app.register(publicRoutes, { prefix: '/file-service', shared: c.shared, publicPerIp })
  await app.register(shareRoutes, {
    prefix: '/share-service',
    auth,
    access: c.access,
    sharing: c.sharing,
    shared: c.shared,
    fileRequests: c.fileRequests,
    resumable: c.resumable,
    config,
    publicPerIp,
    multipart,
  })
  await app.register(memberShareRoutes, { prefix: '/share-service', auth, members: c.members })
  await app.register(folderRoutes, { prefix: '/folder-service', ...drive, zips: c.zips })
  // WebDAV: the owner's Home at /dav/, signed in with an app password (DESIGN.md §7).
  await app.register(davRoutes, { prefix: '/dav', dav: c.dav, appPasswords: c.appPasswords })
}
