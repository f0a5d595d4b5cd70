import * as Ariakit from '@ariakit/react'
import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useMemo,
  useState,
} from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { EmptyState } from '../empty-state/empty-state.tsx'
import type { BrowserFile, BrowserFolder } from '../file-card/browser-item.ts'
import { FileGrid } from '../file-grid/file-grid.tsx'
import { FolderGrid } from '../folder-grid/folder-grid.tsx'
import { Icon } from '../icon/icon.tsx'
import type { MenuEntry } from '../menu/menu-entries.ts'
import { MultiSelectBar } from '../multi-select-bar/multi-select-bar.tsx'
import { ViewToggle } from '../view-toggle/view-toggle.tsx'
import type { CollectionView } from '../virtual-collection/virtual-collection.tsx'
import * as css from './public-folder-view.css.ts'
import { useLabels } from '../../locale/locale.tsx'

/** A folder between the shared root and the folder shown, for the breadcrumbs. */
export interface PublicFolderCrumb {
  id: string
  name: string
}

/** What "Download selected" asks for: the selected folders and files, by id. */
export interface PublicFolderSelection {
  folderIds: string[]
  fileIds: string[]
}

/** Texts of `PublicFolderView`. */
export interface PublicFolderViewLabels {
  /** The breadcrumbs' landmark. */
  breadcrumb: string
  folders: string
  files: string
  downloadAll: string
  downloadSelected: string
  /** An item menu's download action. */
  download: string
  /** An item menu's open action. */
  open: string
  /** The item menus' name. */
  itemMenu: string
  /** The selection toolbar. */
  selection: string
  selected: (count: number) => string
  clearSelection: string
  /** The view switch. */
  view: string
  gridView: string
  listView: string
  emptyTitle: string
  emptyDescription: string
  /** The heading of the error state (the `error` prop is its text). */
  errorTitle: string
  retry: string
  loading: string
}

/** Default English texts. */
export const defaultPublicFolderViewLabels: PublicFolderViewLabels = {
  breadcrumb: 'Folder path',
  folders: 'Folders',
  files: 'Files',
  downloadAll: 'Download all',
  downloadSelected: 'Download selected',
  download: 'Download',
  open: 'Open',
  itemMenu: 'Actions',
  selection: 'Selection',
  selected: (count) => `${count} selected`,
  clearSelection: 'Clear selection',
  view: 'View',
  gridView: 'Grid view',
  listView: 'List view',
  emptyTitle: 'This folder is empty',
  emptyDescription: 'There is nothing to view or download here yet.',
  errorTitle: 'This folder could not be loaded',
  retry: 'Try again',
  loading: 'Loading',
}

/** Props of `PublicFolderView`; the rest go to the root `section`. */
export interface PublicFolderViewProps extends Omit<ComponentPropsWithRef<'section'>, 'title' | 'children'> {
  /** The shared folder's name: the heading and the root crumb. */
  name: string
  /** The folders from the shared root (excluded) down to the one shown (included); empty at the root. */
  path?: readonly PublicFolderCrumb[]
  /** The shown folder's subfolders. */
  folders: readonly BrowserFolder[]
  /** The shown folder's files (the pages loaded so far). */
  files: readonly BrowserFile[]
  /** A crumb or a folder was opened: its id, or null for the shared root. */
  onNavigate: (folderId: string | null) => void
  /** A file was opened (click or Enter): the app shows its viewer. */
  onOpenFile: (file: BrowserFile) => void
  /** "Download all": the whole shared folder as a zip. No button without it. */
  onDownloadAll?: () => void
  /** "Download selected": the selected items as a zip. */
  onDownloadSelected?: (selection: PublicFolderSelection) => void
  /** A file menu's Download. No menu entry without it. */
  onDownloadFile?: (file: BrowserFile) => void
  /** The thumbnail URL of a file, if it has one (the app knows the link's thumbnail route). */
  thumbnailUrl?: (file: BrowserFile) => string | undefined
  /** Selected folder and file ids, when controlled. */
  selection?: readonly string[]
  /** The first selection when uncontrolled; defaults to none. */
  defaultSelection?: readonly string[]
  /** Every change of the selection. */
  onSelectionChange?: (selection: readonly string[]) => void
  /** Cards or rows, when controlled. */
  view?: CollectionView
  /** The first view when uncontrolled; defaults to grid. */
  defaultView?: CollectionView
  /** The view switch was used. */
  onViewChange?: (view: CollectionView) => void
  /** The end of the files came into view: load the next page. Not called while `loading`. */
  onEndReached?: () => void
  /** A page is loading: a spinner (in place of an empty list, or under the files). */
  loading?: boolean
  /** Why the folder could not be loaded; shown in place of the items. */
  error?: ReactNode
  /** The error state's Try again button. */
  onRetry?: () => void
  /** Scroll with the page instead of inside the view (which then needs a height). */
  useWindowScroll?: boolean
  /** The heading's level (1 on a page of its own, the default); the sections sit one below. */
  headingLevel?: 1 | 2
  /** Texts; defaults to `defaultPublicFolderViewLabels`. */
  labels?: Partial<PublicFolderViewLabels>
}

const noIds: readonly string[] = []
const noCrumbs: readonly PublicFolderCrumb[] = []
const modified = (event: MouseEvent<HTMLElement>) => event.ctrlKey || event.metaKey || event.shiftKey

/**
 * A visitor's view of a shared folder: its name with Download all, breadcrumbs inside the shared
 * root (below it), the subfolders and files (grid or list, with thumbnails), and a selection to download.
 * A click or Enter opens (a folder navigates, a file calls `onOpenFile`); Space, Ctrl/⌘-click and,
 * once something is selected, any click toggle the selection; Escape clears it. It shows only what
 * it is given: no owner, nothing outside the share.
 */
export function PublicFolderView({
  name,
  path = noCrumbs,
  folders,
  files,
  onNavigate,
  onOpenFile,
  onDownloadAll,
  onDownloadSelected,
  onDownloadFile,
  thumbnailUrl,
  selection: controlledSelection,
  defaultSelection = noIds,
  onSelectionChange,
  view: controlledView,
  defaultView = 'grid',
  onViewChange,
  onEndReached,
  loading = false,
  error,
  onRetry,
  useWindowScroll = false,
  headingLevel = 1,
  labels,
  className,
  onKeyDown,
  ...props
}: PublicFolderViewProps) {
  const text = useLabels('publicFolderView', defaultPublicFolderViewLabels, labels)
  const [selection, setSelection] = useControllableState(controlledSelection, defaultSelection, onSelectionChange)
  const [view, setView] = useControllableState(controlledView, defaultView, onViewChange)
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const headingId = useId()
  const shownFiles = useMemo(
    () => (thumbnailUrl ? files.map((file) => ({ ...file, thumbnailUrl: thumbnailUrl(file) })) : files),
    [files, thumbnailUrl],
  )
  const originals = useMemo(() => new Map(files.map((file) => [file.id, file])), [files])
  const original = (file: BrowserFile) => originals.get(file.id) ?? file

  const selected = new Set(selection)
  const toggle = (id: string) =>
    setSelection(selected.has(id) ? selection.filter((each) => each !== id) : [...selection, id])
  const choose = (id: string, open: () => void, event: MouseEvent<HTMLElement>) => {
    if (modified(event) || selection.length > 0) toggle(id)
    else open()
  }
  const openFolder = (folder: BrowserFolder) => onNavigate(folder.id)
  const openFile = (file: BrowserFile) => onOpenFile(original(file))

  const downloadSelected = () => {
    if (!onDownloadSelected) return
    const folderIds = folders.filter((folder) => selected.has(folder.id)).map((folder) => folder.id)
    const fileIds = files.filter((file) => selected.has(file.id)).map((file) => file.id)
    onDownloadSelected({ folderIds, fileIds })
  }

  const folderMenu = (folder: BrowserFolder): MenuEntry[] => [
    { id: 'open', label: text.open, icon: 'folder', onSelect: () => openFolder(folder) },
    {
      id: 'download',
      label: text.download,
      icon: 'download',
      hidden: !onDownloadSelected,
      onSelect: () => onDownloadSelected?.({ folderIds: [folder.id], fileIds: [] }),
    },
  ]
  const fileMenu = (file: BrowserFile): MenuEntry[] => [
    { id: 'open', label: text.open, icon: 'file', onSelect: () => openFile(file) },
    {
      id: 'download',
      label: text.download,
      icon: 'download',
      hidden: !onDownloadFile,
      onSelect: () => onDownloadFile?.(original(file)),
    },
  ]

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    // Only keys from inside the view: an open menu (a portal) handles its own Escape.
    if (event.defaultPrevented || event.key !== 'Escape' || selection.length === 0) return
    if (!event.currentTarget.contains(event.target as Node)) return
    event.preventDefault()
    setSelection([])
  }

  const Heading = `h${headingLevel}` as const
  const sectionLevel = (headingLevel + 1) as 2 | 3
  const nothing = !loading && error == null && folders.length === 0 && files.length === 0
  const scroll = useWindowScroll ? { useWindowScroll: true } : { scrollParent: scroller }

  let body: ReactNode
  if (error != null) {
    body = (
      <EmptyState
        illustration="folder"
        title={text.errorTitle}
        description={error}
        headingLevel={sectionLevel}
        action={
          onRetry ? (
            <Button icon="restore" onClick={onRetry}>
              {text.retry}
            </Button>
          ) : undefined
        }
      />
    )
  } else if (nothing) {
    body = (
      <EmptyState
        illustration="folder"
        title={text.emptyTitle}
        description={text.emptyDescription}
        headingLevel={sectionLevel}
      />
    )
  } else {
    body = (
      <>
        {folders.length > 0 ? (
          <FolderGrid
            {...scroll}
            title={text.folders}
            headingLevel={sectionLevel}
            items={folders}
            view={view}
            selectedIds={selection}
            itemMenu={folderMenu}
            menuLabel={text.itemMenu}
            loadingLabel={text.loading}
            onItemClick={(folder, event) => choose(folder.id, () => openFolder(folder), event)}
            onItemOpen={openFolder}
            onItemToggle={(folder) => toggle(folder.id)}
          />
        ) : null}
        {files.length > 0 || loading ? (
          <FileGrid
            {...scroll}
            title={text.files}
            headingLevel={sectionLevel}
            items={shownFiles}
            view={view}
            loading={loading}
            loadingLabel={text.loading}
            selectedIds={selection}
            itemMenu={fileMenu}
            menuLabel={text.itemMenu}
            onItemClick={(file, event) => choose(file.id, () => openFile(file), event)}
            onItemOpen={openFile}
            onItemToggle={(file) => toggle(file.id)}
            onEndReached={onEndReached}
          />
        ) : null}
      </>
    )
  }

  return (
    <section
      aria-labelledby={headingId}
      data-part="public-folder-view"
      {...props}
      className={cx(css.root, className)}
      onKeyDown={handleKeyDown}
    >
      <header className={css.header}>
        <div className={css.heading}>
          <Icon name="folder" size="large" className={css.headingIcon} />
          <Heading id={headingId} className={css.title}>
            {name}
          </Heading>
        </div>
        <ViewToggle
          value={view}
          onValueChange={setView}
          labels={{ group: text.view, grid: text.gridView, list: text.listView }}
        />
        {onDownloadAll ? (
          <Button variant="primary" icon="download" disabled={nothing || error != null} onClick={onDownloadAll}>
            {text.downloadAll}
          </Button>
        ) : null}
      </header>
      {/* At the shared root the heading already says where the visitor is. */}
      {path.length > 0 ? (
        <nav aria-label={text.breadcrumb}>
          <ol className={css.crumbs}>
            <Crumb label={name} root onClick={() => onNavigate(null)} />
            {path.map((crumb, index) => (
              <Crumb
                key={crumb.id}
                label={crumb.name}
                current={index === path.length - 1}
                onClick={() => onNavigate(crumb.id)}
              />
            ))}
          </ol>
        </nav>
      ) : null}
      {selection.length > 0 ? (
        <MultiSelectBar
          count={selection.length}
          onClose={() => setSelection([])}
          labels={{ toolbar: text.selection, selected: text.selected, close: text.clearSelection }}
          actions={
            onDownloadSelected ? (
              <Ariakit.ToolbarItem
                render={
                  <Button variant="primary" size="small" icon="download" onClick={downloadSelected}>
                    {text.downloadSelected}
                  </Button>
                }
              />
            ) : undefined
          }
        />
      ) : null}
      <div ref={setScroller} className={useWindowScroll ? css.windowContent : css.content}>
        {body}
      </div>
    </section>
  )
}

/** A crumb: a button to go there, or the current folder's name (`aria-current`). */
function Crumb({
  label,
  current = false,
  root = false,
  onClick,
}: {
  label: string
  current?: boolean
  root?: boolean
  onClick: () => void
}) {
  return (
    <li className={css.crumb}>
      {root ? null : <Icon name="chevron-right" size="small" className={css.separator} />}
      {current ? (
        <span className={css.current} aria-current="page" title={label}>
          {label}
        </span>
      ) : (
        <Button variant="ghost" size="small" onClick={onClick} title={label}>
          {label}
        </Button>
      )}
    </li>
  )
}
