// Create, change and revoke a share link from the app (the Shared screen, the share dialogs), with
// SPEC §8-style toasts. After each, the link list is read again and so are the lists that show link
// state (SPEC §7: after share actions the file and folder lists are refetched): a file's spec level
// (public / one / private) mirrors its link.
import type { LinkSettings } from '@cumulus/ui'
import { useMemo } from 'react'
import { createShareLink, revokeShareLink, type ShareLinkJson, updateShareLink } from '../../api/share-links.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { useRefetchShareLinks } from '../../hooks/use-share-links.ts'
import { toast } from '../toasts/toasts.tsx'
import { createBody, linkBody } from './link-settings.ts'
import { shareCopy } from './share-copy.ts'

const t = shareCopy.toasts

export function useLinkActions() {
  const refetch = useRefetch()
  const refetchLinks = useRefetchShareLinks()
  return useMemo(() => {
    const changed = (itemType: 'file' | 'folder') => {
      refetchLinks()
      if (itemType === 'file') refetch.files()
      else refetch.all()
    }
    return {
      /** PATCH: the same link (same URL) with new options. Rejects with the server's refusal. */
      async save(link: ShareLinkJson, settings: LinkSettings): Promise<ShareLinkJson> {
        const next = await toast.promise(updateShareLink(link._id, linkBody(link.access, settings)), t.save)
        changed(link.itemType)
        return next
      },
      /** POST: a new link on an item. */
      async create(
        itemType: 'file' | 'folder',
        itemId: string,
        access: ShareLinkJson['access'],
        settings: LinkSettings,
      ): Promise<ShareLinkJson> {
        const link = await toast.promise(createShareLink(createBody(itemType, itemId, access, settings)), t.create)
        changed(itemType)
        return link
      },
      /** DELETE: the link stops working at once. */
      async revoke(link: ShareLinkJson): Promise<void> {
        await toast.promise(revokeShareLink(link._id), t.revoke)
        changed(link.itemType)
      },
    }
  }, [refetch, refetchLinks])
}
