// SPEC §2 "Quick Access": the 20 newest files in a collapsible strip (collapsed about 160 px high).
import { ContextMenu, IconButton, QuickAccessItem } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useState } from 'react'
import { copy } from '../../copy.ts'
import { toBrowserFile } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { useItemActions } from '../../features/items/use-item-actions.ts'
import { useItemClick } from '../../features/items/use-item-click.ts'
import { useQuickList } from '../../hooks/use-drive.ts'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { useOpenItem } from './use-open-item.ts'

/** SPEC §9 "Quick Access collapsed max height". */
export const QUICK_ACCESS_COLLAPSED_PX = 160

const header = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${vars.space.small};
  h2 {
    margin: 0;
    font-size: ${vars.font.size.large};
  }
`

const strip = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${vars.space.small};
  overflow: hidden;
  margin-bottom: ${vars.space.large};
`

export function QuickAccess() {
  useSignals()
  const { files } = useQuickList()
  const [expanded, setExpanded] = useState(false)
  const open = useOpenItem('home')
  const click = useItemClick({ open, mobile: !useIsDesktop() })
  const actions = useItemActions()
  const thumbnailsDisabled = loadThumbnailsDisabled.value
  const selectedId = mainSection.value?.type === 'quick-item' ? mainSection.value.id : null
  if (files.length === 0) return null
  return (
    <section aria-labelledby="quick-access-title">
      <div className={header}>
        <h2 id="quick-access-title">{copy.browser.quickAccess}</h2>
        <IconButton
          icon={expanded ? 'chevron-down' : 'chevron-right'}
          label={copy.browser.quickAccessToggle}
          aria-expanded={expanded}
          aria-controls="quick-access-items"
          size="small"
          onClick={() => setExpanded(!expanded)}
        />
      </div>
      <div id="quick-access-items" className={strip} style={expanded ? undefined : { maxHeight: QUICK_ACCESS_COLLAPSED_PX }}>
        {files.map((file) => (
          <ContextMenu
            key={file._id}
            label={copy.browser.itemMenu}
            items={menuEntries('file', { area: 'home' }, (id) => actions.run({ type: 'file', file }, id))}
          >
            <QuickAccessItem
              file={toBrowserFile(file, thumbnailsDisabled)}
              thumbnailsDisabled={thumbnailsDisabled}
              selected={selectedId === file._id}
              onClick={(event) => click({ type: 'quick-item', id: file._id, file }, event)}
            />
          </ContextMenu>
        ))}
      </div>
    </section>
  )
}
