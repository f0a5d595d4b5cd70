// A search result's path crumb opens its folder (DESIGN §8 "Search inside files"), in the trash
// when searching it; the first crumb opens the area's root (Shared with me, searching a share).
import { useLocation } from 'wouter'
import type { Area } from '../../features/layout/areas.ts'
import { areas } from '../../features/layout/areas.ts'
import { folderRoute } from './use-open-item.ts'

export const pathRoute = (area: Area, folderId: string | undefined, root?: string) =>
  folderId === undefined
    ? (root ?? (area === 'trash' ? areas.trash.root : areas.home.root))
    : folderRoute(area, folderId)

/** `root`: where the first crumb goes instead of the area's root (Shared with me, in a share). */
export function usePathOpen(area: Area, root?: string) {
  const [, navigate] = useLocation()
  return (folderId: string | undefined) => navigate(pathRoute(area, folderId, root))
}
