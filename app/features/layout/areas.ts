// The three areas of the file browser (SPEC §2 route table and search bar): each has a root
// route, a search route and its own search placeholder.
import { copy } from '../../copy-screens.ts'

export type Area = 'home' | 'media' | 'trash'

export interface AreaInfo {
  root: string
  searchPrefix: string
  placeholder: string
}

export const areas: Record<Area, AreaInfo> = {
  home: { root: '/home', searchPrefix: '/search/', placeholder: copy.layout.search },
  media: { root: '/media', searchPrefix: '/search-media/', placeholder: copy.layout.searchMedia },
  trash: { root: '/trash', searchPrefix: '/search-trash/', placeholder: copy.layout.searchTrash },
}

/** A folder someone shares with the caller, whose search covers it alone. */
export interface SearchScope {
  id: string
  name: string
}

/**
 * SPEC §2: submitting goes to the area's search route, or back to its root when the text is empty.
 * Inside a folder shared with the caller the search route carries it (`?in=`), and an empty text
 * goes back to that folder.
 */
export function searchTarget(area: Area, text: string, scope?: SearchScope): string {
  const query = text.trim()
  if (scope)
    return query
      ? `${areas.home.searchPrefix}${encodeURIComponent(query)}?in=${encodeURIComponent(scope.id)}`
      : `/folder/${encodeURIComponent(scope.id)}`
  return query ? `${areas[area].searchPrefix}${encodeURIComponent(query)}` : areas[area].root
}
