// The file screens (home, folder, search, trash, media and their searches) in the layout. Their
// bodies — Quick Access, grids, lists, the media gallery — come with part 2 of the app issue.
import { css } from 'goober'
import { copy } from '../../copy.ts'
import { AppLayout } from '../../features/layout/app-layout.tsx'
import type { Area } from '../../features/layout/areas.ts'
import { vars } from '../../styles.ts'

const titles: Record<Area, string> = { home: copy.layout.home, media: copy.layout.media, trash: copy.layout.trash }

const heading = css`
  margin: 0 0 ${vars.space.medium};
  font-size: ${vars.font.size.xlarge};
`

export interface FilesScreenProps {
  area: Area
  /** A folder id (folder routes). */
  folderId?: string
  /** The search text (search routes). */
  search?: string
}

export function FilesScreen({ area, folderId, search }: FilesScreenProps) {
  return (
    <AppLayout area={area} search={search} parent={area === 'home' && folderId ? folderId : '/'}>
      <h1 className={heading}>{titles[area]}</h1>
      <p>{copy.layout.comingSoon}</p>
    </AppLayout>
  )
}
