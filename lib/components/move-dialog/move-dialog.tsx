import * as Ariakit from '@ariakit/react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../button/button.tsx'
import { Dialog, DialogActions, type DialogProps } from '../dialog/dialog.tsx'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Spinner } from '../spinner/spinner.tsx'
import * as css from './move-dialog.css.ts'
import { useLabels } from '../../locale/locale.tsx'
import { logicalArrow } from '../../internal/direction.ts'
import { useDialogOpen } from '../../internal/dialog-open.ts'
import { defined } from '../../internal/defined.ts'

/** How long the search waits after the last keystroke, in ms. */
export const moveSearchDelayMs = 500

/** A second click on the same folder within this many ms (1.5 s) enters the folder. */
export const moveEnterWindowMs = 1500

/** A folder as the move dialog shows it. */
export interface MoveFolder {
  id: string
  name: string
}

/** The destination: the selected folder, else the current folder, else the root (null). */
export const moveDestination = (
  selected: MoveFolder | null | undefined,
  current: MoveFolder | null,
): MoveFolder | null => selected ?? current ?? null

/** The summary line: "Move to {folder name}", or "Move to {root}" ("Move to home") for the root. */
export const moveSummary = (destination: MoveFolder | null, root = 'home'): string =>
  `Move to ${destination ? destination.name : root}`

/** Props of `MoveDialog`; other dialog props (`open`, …) are forwarded. */
export interface MoveDialogProps extends Omit<DialogProps, 'title' | 'children' | 'onClose'> {
  /** The folders inside the current folder (or the search results). */
  folders: readonly MoveFolder[]
  /** The folder being browsed; null at the root ("Home"). */
  currentFolder: MoveFolder | null
  /** The folder list is loading: a spinner replaces it. */
  loading?: boolean | undefined
  /** The move is running: Confirm shows a spinner and ignores presses. */
  busy?: boolean | undefined
  /** Several items are being moved: the search input is hidden. */
  multiSelect?: boolean | undefined
  /** The search text, 500 ms after the user stops typing. */
  onSearch: (text: string) => void
  /** The back arrow: go to the parent folder. */
  onBack: () => void
  /** The reset-to-home icon: go to the root (the search text is cleared too). */
  onHome: () => void
  /** Enter a folder (second click within 1.5 s, or ArrowRight on it; ArrowLeft in the list goes back). */
  onEnter: (folder: MoveFolder) => void
  /** Confirm with the destination: the selected folder, else the current one, else the root (null); an uncontrolled dialog then closes. */
  onConfirm: (destination: MoveFolder | null) => void
  /** Escape, the backdrop or the close icon (then `onOpenChange(false)`). */
  onClose?: (() => void) | undefined
  /** The heading; defaults to `labels.title` ("Move"). */
  title?: string | undefined
  /** Texts; see `defaultMoveDialogLabels`. */
  labels?: Partial<MoveDialogLabels> | undefined
  /** The summary line; defaults to `labels.summary` with `labels.root`. */
  summary?: ((destination: MoveFolder | null) => string) | undefined
}

/** The texts of `MoveDialog`; each has an English default. */
export interface MoveDialogLabels {
  /** The heading. */
  title: string
  /** The summary line, given the root's name (`root`) for when the destination is the root. */
  summary: (destination: MoveFolder | null, root: string) => string
  search: string
  searchPlaceholder: string
  back: string
  home: string
  /** The root's name in the current-folder row. */
  root: string
  folders: string
  loading: string
  empty: string
  confirm: string
}

/** English defaults of `MoveDialogLabels`. */
export const defaultMoveDialogLabels: MoveDialogLabels = {
  title: 'Move',
  // English keeps the root in lower case mid-sentence ("Move to home"); a root of your own is shown as given.
  summary: (destination, root) => moveSummary(destination, root === 'Home' ? 'home' : root),
  search: 'Search folders',
  searchPlaceholder: 'Search',
  back: 'Back',
  home: 'Go to Home',
  root: 'Home',
  folders: 'Folders',
  loading: 'Loading folders',
  empty: 'No Folders',
  confirm: 'Confirm',
}

/** The move modal: browse folders, pick one (or stay where you are), then Confirm. */
export function MoveDialog({
  folders,
  currentFolder,
  loading = false,
  busy = false,
  multiSelect = false,
  onSearch,
  onBack,
  onHome,
  onEnter,
  onConfirm,
  onClose,
  title,
  labels: labelOverrides,
  summary,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: MoveDialogProps) {
  const state = useDialogOpen({ open, defaultOpen, onOpenChange })
  const labels = useLabels('moveDialog', defaultMoveDialogLabels, labelOverrides)
  const currentId = currentFolder?.id ?? null
  // A selection belongs to the folder it was made in, so browsing elsewhere drops it.
  const [selection, setSelection] = useState<{ in: string | null; folder: MoveFolder | null } | null>(null)
  const selected = selection && selection.in === currentId ? selection : null
  const destination = moveDestination(selected?.folder, currentFolder)
  const lastClick = useRef<{ id: string; at: number } | null>(null)

  const [text, setText] = useState('')
  const sent = useRef('')
  const onSearchRef = useRef(onSearch)
  useEffect(() => {
    onSearchRef.current = onSearch
  })
  useEffect(() => {
    if (text === sent.current) return
    const timer = setTimeout(() => {
      sent.current = text
      onSearchRef.current(text)
    }, moveSearchDelayMs)
    return () => clearTimeout(timer)
  }, [text])

  const select = (folder: MoveFolder | null) => setSelection({ in: currentId, folder })

  const clickFolder = (folder: MoveFolder) => {
    const now = Date.now()
    const last = lastClick.current
    if (last && last.id === folder.id && now - last.at <= moveEnterWindowMs) {
      lastClick.current = null
      onEnter(folder)
      return
    }
    lastClick.current = { id: folder.id, at: now }
    select(folder)
  }

  // The list moves with Up and Down only; the reading direction's forward goes into a folder and
  // its backward back out, as the Back button (ArrowRight and ArrowLeft, swapped in RTL).
  const keyDownFolder = (event: KeyboardEvent, folder: MoveFolder) => {
    const arrow = logicalArrow(event.key, event.target as Element)
    if (arrow !== 'ArrowRight' && arrow !== 'ArrowLeft') return
    event.preventDefault()
    lastClick.current = null
    if (arrow === 'ArrowRight') onEnter(folder)
    else if (currentFolder !== null) onBack()
  }

  const goHome = () => {
    // Home resets the search as well: no stale query is sent after it.
    setText('')
    sent.current = ''
    onHome()
  }

  const previousId = useRef(currentId)
  useEffect(() => {
    if (previousId.current === currentId) return
    previousId.current = currentId
    // The selection belonged to the folder just left: coming back to it later starts unselected.
    setSelection(null)
  }, [currentId])

  // The focused element can leave under the user: entering a folder or going back replaces the
  // list (at once, or when its folders arrive), a search swaps the results. The browser then drops
  // focus on <body>, outside the trap. Keep it in the dialog, on the row that names where the user now is.
  // Only then: past either end, Tab and Shift+Tab park focus on the document (the browser's own UI)
  // with the last element still there, and the next press must go on in tab order from it.
  const currentButton = useRef<HTMLButtonElement>(null)
  const lastFocused = useRef<Element | null>(null)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement
      const lost = lastFocused.current !== null && !lastFocused.current.isConnected
      if (lost && (!active || active === document.body)) currentButton.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  })

  const searchId = useId()
  const searchInput = useRef<HTMLInputElement>(null)
  const selectedFolderId = selected?.folder && selected.folder.id !== currentId ? selected.folder.id : null
  const currentSelected = selected !== null && !selectedFolderId

  return (
    // Focus starts in the search field when there is one (else on the first control).
    <Dialog
      size="medium"
      {...defined({ initialFocus: multiSelect ? undefined : searchInput })}
      {...props}
      open={state.open}
      onOpenChange={state.setOpen}
      title={title ?? labels.title}
      onClose={onClose}
      onFocus={(event) => {
        props.onFocus?.(event)
        lastFocused.current = event.target
      }}
      onBlur={(event) => {
        props.onBlur?.(event)
        // Gone elsewhere in the page: nothing to repair (a removed element's blur has no relatedTarget).
        const next = event.relatedTarget
        if (next instanceof Node && !event.currentTarget.contains(next)) lastFocused.current = null
      }}
    >
      <div className={css.body} aria-busy={loading || undefined}>
        {multiSelect ? null : (
          <>
            <Ariakit.VisuallyHidden render={<label htmlFor={searchId} />}>{labels.search}</Ariakit.VisuallyHidden>
            <input
              ref={searchInput}
              id={searchId}
              type="search"
              className={css.search}
              value={text}
              placeholder={labels.searchPlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setText(event.target.value)}
            />
          </>
        )}
        <div className={css.nav}>
          <IconButton
            icon="arrow-left"
            label={labels.back}
            disabled={currentFolder === null}
            // Back to the root disables it: focus stays on it rather than falling to <body>.
            accessibleWhenDisabled
            onClick={onBack}
          />
          <IconButton icon="home" label={labels.home} onClick={goHome} />
          <button
            ref={currentButton}
            type="button"
            className={css.current}
            aria-pressed={currentSelected}
            onClick={() => select(currentFolder)}
          >
            <Icon name={currentFolder ? 'folder' : 'home'} size="small" className={css.folderIcon} />
            <span className={css.name}>{currentFolder?.name ?? labels.root}</span>
          </button>
        </div>
        <FolderList
          folders={folders}
          loading={loading}
          labels={labels}
          selectedId={selectedFolderId}
          onClick={clickFolder}
          onKeyDown={keyDownFolder}
        />
        <div className={css.footer}>
          <p className={css.summary} aria-live="polite">
            {summary ? summary(destination) : labels.summary(destination, labels.root)}
          </p>
          <DialogActions>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => {
                onConfirm(destination)
                state.finish()
              }}
            >
              {labels.confirm}
            </Button>
          </DialogActions>
        </div>
      </div>
    </Dialog>
  )
}

interface FolderListProps {
  folders: readonly MoveFolder[]
  loading: boolean
  labels: MoveDialogLabels
  selectedId: string | null
  onClick: (folder: MoveFolder) => void
  onKeyDown: (event: KeyboardEvent, folder: MoveFolder) => void
}

/** The folders as a single-select listbox: arrows move, Enter or a click selects, a second one enters. */
function FolderList({ folders, loading, labels, selectedId, onClick, onKeyDown }: FolderListProps) {
  if (loading || folders.length === 0) {
    return (
      <div className={css.list}>
        <div className={css.placeholder}>{loading ? <Spinner label={labels.loading} /> : labels.empty}</div>
      </div>
    )
  }
  return (
    <Ariakit.CompositeProvider focusLoop={false} orientation="vertical">
      <Ariakit.Composite role="listbox" aria-label={labels.folders} className={css.list}>
        {folders.map((folder) => (
          <Ariakit.CompositeItem
            key={folder.id}
            role="option"
            aria-selected={folder.id === selectedId}
            className={css.option}
            onClick={() => onClick(folder)}
            onKeyDown={(event) => onKeyDown(event, folder)}
          >
            <Icon name="folder" size="small" className={css.folderIcon} />
            <span dir="auto" className={css.name} title={folder.name}>
              {folder.name}
            </span>
            <Icon name="chevron-right" size="small" className={css.chevron} />
          </Ariakit.CompositeItem>
        ))}
      </Ariakit.Composite>
    </Ariakit.CompositeProvider>
  )
}
