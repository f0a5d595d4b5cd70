// Opening an item (SPEC §4): a folder navigates (inside the trash when browsing it); a file opens
// the popup — the viewer for files with a thumbnail or a video flag, the details modal otherwise.
import { useLocation } from 'wouter'
import type { Area } from '../../features/layout/areas.ts'
import { type SelectedItem, setPopupSelect } from '../../state/selection.ts'

/** Issue #39: the top of what others share with the caller (a member's crumbs start there). */
export const SHARED_WITH_ME_ROUTE = '/shared-with-me'

export const folderRoute = (area: Area, id: string) =>
  `${area === 'trash' ? '/folder-trash/' : '/folder/'}${encodeURIComponent(id)}`

export function useOpenItem(area: Area) {
  const [, navigate] = useLocation()
  return (item: SelectedItem) => {
    if (item.type === 'folder') navigate(folderRoute(area, item.id))
    else if (item.file) setPopupSelect({ type: item.type === 'quick-item' ? 'quick-item' : 'file', file: item.file })
  }
}
