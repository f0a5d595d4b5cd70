// Migrations are imported statically so the bundled server carries them; names sort in order.
import type { Migration } from 'kysely'
import * as accounts from './001-accounts.ts'
import * as files from './002-files.ts'
import * as media from './003-media.ts'
import * as driveVersion from './004-drive-version.ts'
import * as shortSearch from './005-short-search.ts'
import * as pgPairs from './006-pg-pairs.ts'
import * as pgDateNames from './007-pg-date-names.ts'
import * as previews from './008-previews.ts'
import * as treeIndexes from './009-tree-indexes.ts'
import * as takenDate from './010-taken-date.ts'
import * as uploads from './011-uploads.ts'
import * as shareLinks from './012-share-links.ts'
import * as linkUploads from './013-link-uploads.ts'
import * as family from './014-family.ts'
import * as twoFactor from './015-two-factor.ts'
import * as webdav from './016-webdav.ts'
import * as passkeys from './017-passkeys.ts'
import * as oidc from './018-oidc.ts'
import * as partialKeyIndexes from './019-partial-key-indexes.ts'
import * as sharedTrigramExtension from './020-shared-trigram-extension.ts'
import * as nameIndexQueue from './021-name-index-queue.ts'
import * as blobKeyPool from './022-blob-key-pool.ts'
import * as inviteList from './023-invite-list.ts'
import * as linkFileCounts from './024-link-file-counts.ts'
import * as sizeTypeSorts from './025-size-type-sorts.ts'
import * as memberShares from './026-member-shares.ts'
import * as mediaFacts from './027-media-facts.ts'
import * as fileVersions from './028-file-versions.ts'
import * as sharedBlobs from './029-shared-blobs.ts'
import * as contentIndex from './030-content-index.ts'
import * as accentKeys from './031-accent-keys.ts'

export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-files': files,
  '003-media': media,
  '004-drive-version': driveVersion,
  '005-short-search': shortSearch,
  '006-pg-pairs': pgPairs,
  '007-pg-date-names': pgDateNames,
  '008-previews': previews,
  '009-tree-indexes': treeIndexes,
  '010-taken-date': takenDate,
  '011-uploads': uploads,
  '012-share-links': shareLinks,
  '013-link-uploads': linkUploads,
  '014-family': family,
  '015-two-factor': twoFactor,
  '016-webdav': webdav,
  '017-passkeys': passkeys,
  '018-oidc': oidc,
  '019-partial-key-indexes': partialKeyIndexes,
  '020-shared-trigram-extension': sharedTrigramExtension,
  '021-name-index-queue': nameIndexQueue,
  '022-blob-key-pool': blobKeyPool,
  '023-invite-list': inviteList,
  '024-link-file-counts': linkFileCounts,
  '025-size-type-sorts': sizeTypeSorts,
  '026-member-shares': memberShares,
  '027-media-facts': mediaFacts,
  '028-file-versions': fileVersions,
  '029-shared-blobs': sharedBlobs,
  '030-content-index': contentIndex,
  '031-accent-keys': accentKeys,
}
