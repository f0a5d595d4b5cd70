// SPEC §2 "Quick Access": the 20 newest files in a collapsible strip. Collapsed it shows exactly
// one row (about 160 px high): the cards that do not fit are left out, so nothing is half shown,
// focusable out of sight, or scrolled into view inside the strip.
import { ContextMenu, IconButton, QuickAccessItem } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useState } from 'react'
import { copy } from '../../copy-screens.ts'
import { toBrowserFile } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { useItemActions } from '../../features/items/use-item-actions.ts'
import { useItemClick } from '../../features/items/use-item-click.ts'
import { useQuickList } from '../../hooks/use-drive.ts'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { useGridColumns } from './use-grid-columns.ts'
import { useOpenItem } from './use-open-item.ts'

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
  margin-bottom: ${vars.space.large};
`

// Until the columns are measured (before the first paint, or where nothing is laid out), one row's height.
const unmeasured = css`
  grid-auto-rows: 0;
  grid-template-rows: auto;
  row-gap: 0;
  overflow: hidden;
`

export function QuickAccess() {
  useSignals()
  const { files } = useQuickList()
  const [expanded, setExpanded] = useState(false)
  const [stripRef, columns] = useGridColumns()
  const open = useOpenItem('home')
  const click = useItemClick({ open, mobile: !useIsDesktop() })
  const actions = useItemActions()
  const thumbnailsDisabled = loadThumbnailsDisabled.value
  const selectedId = mainSection.value?.type === 'quick-item' ? mainSection.value.id : null
  if (files.length === 0) return null
  const more = columns === null || files.length > columns
  const shown = expanded || columns === null ? files : files.slice(0, columns)
  return (
    <section aria-labelledby="quick-access-title">
      <div className={header}>
        <h2 id="quick-access-title">{copy.browser.quickAccess}</h2>
        {more || expanded ? (
          <IconButton
            icon={expanded ? 'chevron-down' : 'chevron-right'}
            label={expanded ? copy.browser.quickAccessShowLess : copy.browser.quickAccessShowMore}
            aria-expanded={expanded}
            aria-controls="quick-access-items"
            size="small"
            onClick={() => setExpanded(!expanded)}
          />
        ) : null}
      </div>
      <div
        id="quick-access-items"
        ref={stripRef}
        className={expanded || columns !== null ? strip : `${strip} ${unmeasured}`}
      >
        {shown.map((file) => (
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
