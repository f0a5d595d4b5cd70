// The file browser's frame (SPEC §2 "Layout of the file browser"), from the library's Header,
// SearchBar, Sidebar (a slide-in drawer on mobile) and DetailsPanel (260 px, desktop only).
import { DetailsPanel, type DetailsSelection, Header, SearchBar, Sidebar, type SidebarItem } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { type ReactNode, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { useDebounced } from '../../hooks/use-debounced.ts'
import { useSuggestions } from '../../hooks/use-suggestions.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection, type SelectedItem, setPopupSelect } from '../../state/selection.ts'
import { toBrowserFile, toBrowserFolder } from '../items/browser-items.ts'
import { copy } from '../../copy-screens.ts'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { closeDrawer, drawOpen, toggleDrawer } from '../../state/drawer.ts'
import { cx, DETAILS_PANEL_WIDTH, vars } from '../../styles.ts'
import { DialogHost } from '../dialogs/dialog-host.tsx'
import { DetailsPeople } from '../share/details-people.tsx'
import { shareCopy } from '../share/share-copy.ts'
import { Modals } from '../dialogs/modals.tsx'
import { UsageMeter } from '../usage/usage-meter.tsx'
import { DetailsVersions } from '../versions/details-versions.tsx'
import { UploadPanelHost } from '../uploads/upload-panel-host.tsx'
import { useFileDrop } from '../uploads/use-file-drop.tsx'
import { useAddNew } from './add-new.tsx'
import { AddNewFab } from './add-new-fab.tsx'
import { type Area, areas, type SearchScope, searchTarget } from './areas.ts'

// The library header's own height, so the sticky columns start right under it.
const HEADER_HEIGHT = vars.size.header

const top = css`
  position: sticky;
  top: 0;
  z-index: 10;
`

const columns = css`
  display: flex;
  align-items: flex-start;
  min-height: calc(100vh - ${HEADER_HEIGHT});
`

// The side columns stay put while the page (the window) scrolls, which keeps scroll memory per URL simple.
const sticky = css`
  position: sticky;
  top: ${HEADER_HEIGHT};
  height: calc(100vh - ${HEADER_HEIGHT});
  overflow: auto;
  flex-shrink: 0;
`

// Desktop: the sidebar's column with the storage meter at its foot (the lib's Sidebar has no slot).
const sideColumn = css`
  display: flex;
  flex-direction: column;
  & > :first-child {
    flex: 1;
  }
`

const meterBox = css`
  box-sizing: border-box;
  width: ${vars.size.sidebar};
  padding: ${vars.space.large};
  border-right: ${vars.borderWidth.thin} solid ${vars.color.border};
  background: ${vars.color.surface};
`

// The details panel and, under it, a file's Versions and who the item is shared with, as one column.
const detailsColumn = css`
  display: flex;
  flex-direction: column;
  & > * {
    flex: 0 0 auto;
  }
  /* The last part reaches down to the foot, so the column's border runs the whole height. */
  & > :last-child {
    flex: 1 0 auto;
  }
`

const detailsMore = css`
  box-sizing: border-box;
  width: ${DETAILS_PANEL_WIDTH}px;
  border-left: ${vars.borderWidth.thin} solid ${vars.color.border};
  background: ${vars.color.surface};
`

const main = css`
  flex: 1;
  min-width: 0;
  padding: ${vars.space.large};
`

// The phone's floating Upload button must not cover the last row of the page.
const phoneMain = css`
  padding-bottom: calc(${vars.space.large} * 5);
`

const hrefs: Record<SidebarItem, string> = {
  home: '/home',
  shared: '/shared',
  sharedWithMe: '/shared-with-me',
  media: '/media',
  settings: '/settings',
  trash: '/trash',
}

// Shared (issue #19) sits under Home, Shared with me (issue #39) under it.
const sidebarItems: SidebarItem[] = ['home', 'shared', 'sharedWithMe', 'media', 'settings', 'trash']

const sidebarLabels = {
  addNew: copy.layout.addNew,
  uploadFiles: copy.layout.uploadFiles,
  createFolder: copy.layout.createFolder,
  uploadFolder: copy.layout.uploadFolder,
  home: copy.layout.home,
  shared: shareCopy.nav,
  sharedWithMe: copy.sharedWithMe.nav,
  media: copy.layout.media,
  settings: copy.layout.settings,
  trash: copy.layout.trash,
  nav: copy.layout.navigation,
  drawer: copy.layout.menu,
  close: copy.layout.closeMenu,
}

const searchLabels = {
  clear: copy.layout.clearSearch,
  folders: copy.layout.folders,
  files: copy.layout.files,
  noResults: copy.layout.noResults,
  loading: copy.layout.searching,
}

const detailsLabels = {
  panel: copy.layout.details,
  empty: copy.layout.detailsEmpty,
  type: copy.layout.type,
  size: copy.layout.size,
  created: copy.layout.created,
  access: copy.layout.access,
  folder: copy.layout.folder,
  public: copy.layout.public,
  private: copy.layout.private,
}

/** On desktop the sidebar sticks beside the page with the storage meter under it; the mobile drawer has it as its footer. */
function SidebarColumn({ desktop, children }: { desktop: boolean; children: ReactNode }) {
  if (!desktop) return children
  return (
    <div className={cx(sticky, sideColumn)}>
      {children}
      <UsageMeter className={meterBox} />
    </div>
  )
}

/** SPEC §9 "Search suggestion debounce". */
export const SUGGESTION_DELAY_MS = 500

/** The details panel describes the main selection (SPEC §2 "Details panel"). */
function detailsOf(item: SelectedItem | null, thumbnailsDisabled: boolean): DetailsSelection | null {
  if (item?.file) return { type: 'file', file: toBrowserFile(item.file, thumbnailsDisabled) }
  if (item?.folder) return { type: 'folder', folder: toBrowserFolder(item.folder) }
  return null
}

export interface AppLayoutProps {
  area: Area
  /** The current search text, when on a search route. */
  search?: string
  /** Where ADD NEW puts things: a folder id, or "/" for Home. */
  parent?: string
  /** The folder on screen does not exist (a stale or wrong URL): nothing can be added to it. */
  parentMissing?: boolean
  /** The sidebar item marked current; defaults to `area` (the Shared screen searches Home). */
  active?: SidebarItem
  /** Whether ADD NEW and file drops are offered; defaults to true (false on a page that shows no folder). */
  canAdd?: boolean
  /** A folder shared with the caller that the search box searches (its name in the placeholder). */
  searchScope?: SearchScope
  children: ReactNode
}

/** A suggestion's second line: its folders (DESIGN §8), when the server sent them. */
const suggestionPath = (item: { path?: ReadonlyArray<{ _id: string; name: string }> }) =>
  item.path ? { path: item.path.map((p) => ({ id: p._id, name: p.name })) } : {}

export function AppLayout({
  area,
  search = '',
  parent = '/',
  parentMissing = false,
  active = area,
  canAdd = true,
  searchScope,
  children,
}: AppLayoutProps) {
  useSignals()
  const [, navigate] = useLocation()
  const isDesktop = useIsDesktop()
  // Nothing is created in the trash (it would land in Home, out of sight).
  const addNew = useAddNew(area === 'trash' || !canAdd ? null : parentMissing ? { missing: parent } : parent)
  // Dropping files uploads them where ADD NEW would (not in trash or media).
  const drop = useFileDrop(parentMissing || !canAdd ? null : parent)
  const dropsHere = area === 'home' && canAdd
  const dropProps = dropsHere ? drop.dropProps : {}
  const [typed, setTyped] = useState(search)
  // The field restarts from the route's query on navigation (it is keyed the same way below).
  useEffect(() => setTyped(search), [area, search])
  const suggestionText = useDebounced(typed, SUGGESTION_DELAY_MS)
  const suggestions = useSuggestions(suggestionText, {
    trashMode: area === 'trash',
    mediaMode: area === 'media',
    parent: searchScope?.id,
  })
  const folderPrefix = area === 'trash' ? '/folder-trash/' : '/folder/'

  return (
    <>
      <div className={top}>
        <Header
          layout={isDesktop ? 'desktop' : 'mobile'}
          onLogo={() => navigate('/')}
          onSettings={() => navigate('/settings')}
          onMenu={toggleDrawer}
          menuOpen={drawOpen.value}
          labels={{ menu: copy.layout.menu, settings: copy.layout.settings }}
          search={
            // Keyed by area and query, so the field follows navigation between searches.
            <SearchBar
              key={`${area}:${searchScope?.id ?? ''}:${search}`}
              defaultValue={search}
              placeholder={searchScope ? copy.layout.searchIn(searchScope.name) : areas[area].placeholder}
              onValueChange={setTyped}
              onSubmit={(text) => navigate(searchTarget(area, text, searchScope))}
              folders={suggestions.folders.map((f) => ({ id: f._id, name: f.name, ...suggestionPath(f) }))}
              files={suggestions.files.map((f) => ({ id: f._id, name: f.filename, ...suggestionPath(f) }))}
              pathRoot={searchScope ? 'shared' : area === 'trash' ? 'trash' : 'home'}
              loading={suggestions.loading || (typed.trim() !== '' && typed !== suggestionText)}
              onSelectFolder={(folder) => navigate(`${folderPrefix}${encodeURIComponent(folder.id)}`)}
              onSelectFile={(choice) => {
                const file = suggestions.files.find((f) => f._id === choice.id)
                if (file) setPopupSelect({ type: 'file', file })
              }}
              labels={searchLabels}
            />
          }
        />
      </div>
      <div className={columns}>
        <SidebarColumn desktop={isDesktop}>
          <Sidebar
            layout={isDesktop ? 'column' : 'drawer'}
            active={active}
            items={sidebarItems}
            hrefs={hrefs}
            onNavigate={(item) => navigate(hrefs[item])}
            open={drawOpen.value}
            onOpenChange={(open) => {
              if (!open) closeDrawer()
            }}
            onUploadFiles={addNew.onUploadFiles}
            onCreateFolder={addNew.onCreateFolder}
            onUploadFolder={addNew.onUploadFolder}
            canUploadFolder={addNew.canUploadFolder}
            showAddNew={addNew.available}
            labels={sidebarLabels}
            // The drawer holds the storage meter too (the desktop column has it under the sidebar).
            footer={isDesktop ? undefined : <UsageMeter />}
          />
        </SidebarColumn>
        <main className={cx(main, !isDesktop && phoneMain)} {...dropProps}>
          {children}
          {dropsHere ? drop.overlay : null}
        </main>
        {isDesktop ? (
          <div className={cx(sticky, detailsColumn)}>
            <DetailsPanel
              width={DETAILS_PANEL_WIDTH}
              labels={detailsLabels}
              selection={detailsOf(mainSection.value, loadThumbnailsDisabled.value)}
            />
            <DetailsVersions className={detailsMore} item={mainSection.value} />
            <DetailsPeople className={detailsMore} item={mainSection.value} />
          </div>
        ) : null}
      </div>
      {addNew.elements}
      {isDesktop ? null : <AddNewFab addNew={addNew} />}
      <UploadPanelHost />
      <Modals />
      <DialogHost />
    </>
  )
}
