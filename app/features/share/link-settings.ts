// Between a link as the API sends it (DESIGN.md §7) and the settings LinkSettingsForm edits.
import type { LinkSettings } from '@cumulus/ui'
import type { CreateLinkBody, ShareLinkJson, UpdateLinkBody } from '../../api/share-links.ts'

type Access = ShareLinkJson['access']

/** What the form starts from for `link`. */
export function settingsOf(link: ShareLinkJson): LinkSettings {
  const settings: LinkSettings = { expiresAt: link.expiresAt, maxDownloads: link.maxDownloads }
  if (link.access === 'upload') {
    settings.maxFileSize = link.maxFileSize ?? null
    settings.maxTotalBytes = link.maxTotalBytes ?? null
    settings.maxFiles = link.maxFiles ?? null
  }
  return settings
}

/**
 * The PATCH (or create) body for `settings`: every option the link's access has, null where
 * switched off; the password only when it changes (a new one, or null to remove it).
 */
export function linkBody(access: Access, settings: LinkSettings): UpdateLinkBody {
  const body: UpdateLinkBody = { expiresAt: settings.expiresAt }
  if (settings.password !== undefined) body.password = settings.password
  if (access === 'view') body.maxDownloads = settings.maxDownloads
  else {
    body.maxFileSize = settings.maxFileSize ?? null
    body.maxTotalBytes = settings.maxTotalBytes ?? null
    body.maxFiles = settings.maxFiles ?? null
  }
  return body
}

/** A new link on a folder or file with `settings` (nulls left out: a new link has no options). */
export function createBody(
  itemType: 'file' | 'folder',
  itemId: string,
  access: Access,
  settings: LinkSettings,
): CreateLinkBody {
  const options = Object.fromEntries(Object.entries(linkBody(access, settings)).filter(([, value]) => value !== null))
  return { itemType, itemId, access, ...options }
}

/**
 * Remounts a settings form when the server's copy of its link changes (after a save, a refetch),
 * so it shows what was stored: e.g. "Password set" instead of the typed password.
 */
export const linkVersion = (link: ShareLinkJson) =>
  [
    link._id,
    link.expiresAt,
    link.hasPassword,
    link.maxDownloads,
    link.maxFileSize,
    link.maxTotalBytes,
    link.maxFiles,
  ].join('|')
