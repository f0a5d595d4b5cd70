import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, memo, useId } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { formatBytes } from '../../utils/format-bytes.ts'
import { Button } from '../button/button.tsx'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { ProgressBar } from '../progress-bar/progress-bar.tsx'
import * as css from './upload-panel.css.ts'
import { useLocaleDigits } from '../../locale/digits.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'
import { defined } from '../../internal/defined.ts'

/** One upload as the panel shows it. */
export interface UploadItem {
  id: string
  name: string
  type: 'file' | 'folder'
  size?: number | undefined
  /**
   * Percent done, 0–100 (a completed upload shows 100 whatever this says). A running folder's bar
   * is indeterminate unless it reports `bytesPerSecond`, in which case this is shown too.
   */
  progress: number
  /** Where the upload stands; see `uploadItemStates`. */
  state: UploadItemState
  /** Why a failed upload failed (e.g. the server's message, "Network Error"), shown under its name. */
  error?: string | undefined
  /** While running: the current speed, shown under the bar ("1.2 MB/s"). */
  bytesPerSecond?: number | undefined
  /** While running: the estimated time left, shown under the bar ("3 min left"). */
  secondsLeft?: number | undefined
  /** When failed: whether to offer Retry; defaults to true when the panel has `onRetry`. */
  retryable?: boolean | undefined
  /** While running: whether to offer Pause; defaults to true when the panel has `onPause`. */
  pausable?: boolean | undefined
  /**
   * An extra button on the row, e.g. "Choose the file to resume" on a paused upload restored after
   * a reload. On a paused row it takes the place of Resume.
   */
  action?: { label: string; onClick: () => void } | undefined
  /**
   * How a completed upload met a file of the same name: `replaced` it (the old content kept as a
   * version), or `kept-both` (stored beside it as `savedAs`). Shown under the row.
   */
  outcome?: UploadOutcome | undefined
  /** With `outcome: 'kept-both'`: the name the upload was stored under, e.g. "photo (1).jpg". */
  savedAs?: string | undefined
}

/** How an upload met a file of the same name in its folder; see `UploadItem.outcome`. */
export const uploadOutcomes = ['replaced', 'kept-both'] as const

/** One of `uploadOutcomes`. */
export type UploadOutcome = (typeof uploadOutcomes)[number]

/**
 * Where an upload stands; the row's `data-state`. `running`, `paused` and `retrying` (the
 * connection dropped and the app tries again by itself) are unfinished; the rest have ended.
 * `skipped` never started: the user chose to skip it (its name was taken in the folder).
 */
export const uploadItemStates = ['running', 'paused', 'retrying', 'completed', 'failed', 'canceled', 'skipped'] as const

/** One of `uploadItemStates`. */
export type UploadItemState = (typeof uploadItemStates)[number]

/** How many uploads stand in each state. */
export type UploadCounts = Record<UploadItemState, number>

/** How many uploads stand in each state. */
export function countUploads(items: readonly UploadItem[]): UploadCounts {
  const counts = Object.fromEntries(uploadItemStates.map((state) => [state, 0])) as UploadCounts
  for (const item of items) counts[item.state]++
  return counts
}

/** Uploads that have not ended: running, paused or retrying. */
const unfinished = (counts: UploadCounts) => counts.running + counts.paused + counts.retrying

/**
 * The header. While any upload is unfinished: "Uploading N file(s)", N leaving out failed and
 * canceled ones (the summary names those). Once none is: "Uploaded N file(s)" when all succeeded,
 * otherwise "Uploaded C of T files" (C completed out of all T).
 */
export function uploadPanelTitle(counts: UploadCounts): string {
  const lost = counts.failed + counts.canceled
  if (unfinished(counts) > 0) return `Uploading ${unfinished(counts) + counts.completed} file(s)`
  if (lost === 0) return `Uploaded ${counts.completed} file(s)`
  return `Uploaded ${counts.completed} of ${counts.completed + lost} files`
}

/** The line under the header when some uploads did not make it: "2 failed, 1 canceled, 1 skipped". */
export const uploadPanelSummary = (failed: number, canceled: number, skipped = 0): string =>
  [failed ? `${failed} failed` : '', canceled ? `${canceled} canceled` : '', skipped ? `${skipped} skipped` : '']
    .filter(Boolean)
    .join(', ')

/** An upload's speed: a size per second, e.g. "1.2 MB/s" (`formatSize` defaults to `formatBytes`). */
export const uploadPanelSpeed = (bytesPerSecond: number, formatSize: (bytes: number) => string = formatBytes): string =>
  `${formatSize(bytesPerSecond)}/s`

/** Time left in the units a person reads, coarser as it grows: seconds under a minute, then minutes, then hours and minutes. */
export function timeLeftParts(
  seconds: number,
): { seconds: number } | { minutes: number } | { hours: number; minutes: number } {
  // Never "0 s": a running upload has at least a moment to go.
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return { seconds: s }
  const minutes = Math.round(s / 60)
  if (minutes < 60) return { minutes }
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

/** Time left, coarser as it grows: "12 s left", "3 min left", "1 h 5 min left", "2 h left". */
export function uploadPanelTimeLeft(seconds: number): string {
  const left = timeLeftParts(seconds)
  if ('seconds' in left) return `${left.seconds} s left`
  if (!('hours' in left)) return `${left.minutes} min left`
  return left.minutes ? `${left.hours} h ${left.minutes} min left` : `${left.hours} h left`
}

/** Props of `UploadPanel`; other section attributes are forwarded (`onPause` is ours, not the media event). */
export interface UploadPanelProps extends Omit<ComponentPropsWithRef<'section'>, 'title' | 'children' | 'onPause'> {
  /** The uploads, newest first (the order the app keeps them in). */
  items: readonly UploadItem[]
  /** Cancels one running, paused or retrying upload. */
  onCancel: (id: string) => void
  /** The close control: the app cancels what still runs and clears the list. */
  onClose: () => void
  /** Pauses one running upload; without it no row offers Pause. */
  onPause?: ((id: string) => void) | undefined
  /** Resumes one paused upload; without it paused rows offer only their `action`, if any. */
  onResume?: ((id: string) => void) | undefined
  /** Starts one failed upload again; without it no row offers Retry. */
  onRetry?: ((id: string) => void) | undefined
  /** Controlled minimized state. */
  minimized?: boolean | undefined
  /** Initial minimized state when uncontrolled. */
  defaultMinimized?: boolean | undefined
  /** Called when the minimize control is used. */
  onMinimizedChange?: ((minimized: boolean) => void) | undefined
  /** The header text from the counts per state; defaults to `labels.title` (`uploadPanelTitle`). */
  title?: ((counts: UploadCounts) => string) | undefined
  /** The line under the header naming failed, canceled and skipped uploads; defaults to `labels.summary` (`uploadPanelSummary`). */
  summary?: ((failed: number, canceled: number, skipped: number) => string) | undefined
  /** Fixed at the bottom-right of the viewport (default), or in the flow (stories, custom layouts). */
  position?: 'fixed' | 'static' | undefined
  /** Accessible names of the controls and the rows' texts. */
  labels?: Partial<UploadPanelLabels> | undefined
  /**
   * Ariakit's `render` prop for each upload's row (an `li`), given its item: an element (its props
   * merged with the kit's: class, `data-state`, the default content as children) or a function of
   * the kit's props, e.g. `(item) => (props) => <li {...props}><Thumb of={item} />{props.children}</li>`.
   * Keep it stable (`useCallback`) so rows that didn't change skip re-rendering.
   */
  rowRender?: ((item: UploadItem) => Ariakit.RoleProps['render']) | undefined
}

/** The panel's texts; each has an English default. */
export interface UploadPanelLabels {
  /** The header from the counts per state; defaults to `uploadPanelTitle`. */
  title: (counts: UploadCounts) => string
  /** The line naming failed, canceled and skipped uploads; defaults to `uploadPanelSummary`. */
  summary: (failed: number, canceled: number, skipped: number) => string
  /** The landmark; defaults to "Uploads". */
  region: string
  minimize: string
  expand: string
  close: string
  /** A row's cancel button, e.g. "Cancel upload of photo.jpg". */
  cancel: (name: string) => string
  /** A running row's pause button, e.g. "Pause upload of photo.jpg". */
  pause: (name: string) => string
  /** A paused row's resume button, e.g. "Resume upload of photo.jpg". */
  resume: (name: string) => string
  /** A failed row's retry button, e.g. "Retry upload of photo.jpg". */
  retry: (name: string) => string
  completed: string
  /** A failed row's icon, and its text when the item has no `error`. */
  failed: string
  canceled: string
  /** A paused row's text. */
  paused: string
  /** A retrying row's text. */
  retrying: string
  /** A skipped row's icon and text. */
  skipped: string
  /** A completed row that replaced a file of the same name (its old content kept as a version). */
  replaced: string
  /** A completed row stored beside a file of the same name, under `savedAs`. */
  keptBoth: (savedAs: string) => string
  /** A running row's speed, given the locale's size format; defaults to `uploadPanelSpeed`. */
  speed: (bytesPerSecond: number, formatSize: (bytes: number) => string) => string
  /** A running row's time left; defaults to `uploadPanelTimeLeft`. */
  timeLeft: (seconds: number) => string
}

/** English defaults of `UploadPanelLabels`. */
export const defaultUploadPanelLabels: UploadPanelLabels = {
  title: uploadPanelTitle,
  summary: uploadPanelSummary,
  region: 'Uploads',
  minimize: 'Minimize uploads',
  expand: 'Expand uploads',
  close: 'Close uploads',
  cancel: (name) => `Cancel upload of ${name}`,
  pause: (name) => `Pause upload of ${name}`,
  resume: (name) => `Resume upload of ${name}`,
  retry: (name) => `Retry upload of ${name}`,
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  paused: 'Paused',
  retrying: 'Connection lost — retrying…',
  skipped: 'Skipped',
  replaced: 'Replaced — the earlier version is kept',
  keptBoth: (savedAs) => `Kept both, saved as ${savedAs}`,
  speed: uploadPanelSpeed,
  timeLeft: uploadPanelTimeLeft,
}

interface RowHandlers {
  rowRender?: ((item: UploadItem) => Ariakit.RoleProps['render']) | undefined
  onCancel: (id: string) => void
  onPause?: ((id: string) => void) | undefined
  onResume?: ((id: string) => void) | undefined
  onRetry?: ((id: string) => void) | undefined
}

/** Which buttons a row shows; the panel asks too, to know whether the list has any tab stop. */
function rowControls(item: UploadItem, { onPause, onResume, onRetry }: Omit<RowHandlers, 'onCancel'>) {
  const { state } = item
  return {
    pause: state === 'running' && onPause != null && (item.pausable ?? true),
    // A paused row's `action` (e.g. "choose the file again") replaces Resume.
    resume: state === 'paused' && onResume != null && item.action == null,
    retry: state === 'failed' && onRetry != null && (item.retryable ?? true),
    cancel: state === 'running' || state === 'paused' || state === 'retrying',
    action: item.action != null,
  }
}

/** The upload progress panel: a header with the count, minimize and close, then one row per upload. */
export function UploadPanel({
  items,
  onCancel,
  onClose,
  onPause,
  onResume,
  onRetry,
  minimized,
  defaultMinimized = false,
  onMinimizedChange,
  title,
  summary,
  position,
  labels: labelOverrides,
  rowRender,
  className,
  ...props
}: UploadPanelProps) {
  // Stable while the overrides are, so unchanged rows skip re-rendering when one row moves.
  const labels = useLabels('uploadPanel', defaultUploadPanelLabels, labelOverrides)
  const { formatSize } = useLocale()
  const digits = useLocaleDigits()
  const [isMinimized, setMinimized] = useControllableState(minimized, defaultMinimized, onMinimizedChange)
  const titleId = useId()
  const listId = useId()
  const counts = countUploads(items)
  const uploading = unfinished(counts) > 0
  const lost = counts.failed + counts.canceled + counts.skipped > 0
  const handlers = { onPause, onResume, onRetry }
  const anyButton = items.some((item) => Object.values(rowControls(item, handlers)).some(Boolean))

  return (
    <section
      aria-label={labels.region}
      data-state={uploading ? 'uploading' : 'done'}
      data-part="upload-panel"
      {...props}
      className={cx(css.panel({ position }), className)}
    >
      <div data-part="upload-panel-header" className={css.header}>
        {/* Polite, so a screen reader hears "Uploaded 3 file(s)" (and what failed) when the last one ends.
            The only live region: rows' speed and time left change every tick and are read on demand. */}
        <div className={css.heading} aria-live="polite">
          <h2 id={titleId} data-part="upload-panel-title" className={css.title}>
            {digits((title ?? labels.title)(counts))}
          </h2>
          {lost ? (
            <p className={css.summary({ tone: counts.failed + counts.canceled > 0 ? 'danger' : 'muted' })}>
              {digits((summary ?? labels.summary)(counts.failed, counts.canceled, counts.skipped))}
            </p>
          ) : null}
        </div>
        <IconButton
          icon={isMinimized ? 'chevron-down' : 'minimize'}
          className={isMinimized ? css.expandButton : undefined}
          label={isMinimized ? labels.expand : labels.minimize}
          aria-expanded={!isMinimized}
          aria-controls={listId}
          size="small"
          onClick={() => setMinimized(!isMinimized)}
        />
        <IconButton icon="close" label={labels.close} size="small" onClick={onClose} />
      </div>
      {/* Rows' buttons let the keyboard scroll the list; once no row has one, the list itself is
          the tab stop (axe: scrollable-region-focusable). */}
      <ul
        id={listId}
        className={css.list}
        aria-labelledby={titleId}
        hidden={isMinimized}
        tabIndex={anyButton ? undefined : 0}
      >
        {items.map((item) => (
          <UploadRow
            key={item.id}
            item={item}
            labels={labels}
            formatSize={formatSize}
            rowRender={rowRender}
            onCancel={onCancel}
            onPause={onPause}
            onResume={onResume}
            onRetry={onRetry}
          />
        ))}
      </ul>
    </section>
  )
}

/** The bar's value: null draws it indeterminate. */
function barValue({ state, type, progress, bytesPerSecond }: UploadItem): number | null {
  // Completed is 100 % whatever the last progress tick said.
  if (state === 'completed') return 100
  // Skipped: nothing was sent.
  if (state === 'skipped') return 0
  if (type === 'file') return progress
  // Folders: indeterminate while running unless they report byte progress (with a speed); a paused
  // or retrying folder keeps its value; an ended one is full either way.
  if (state === 'running') return bytesPerSecond != null ? progress : null
  if (state === 'paused' || state === 'retrying') return progress
  return 100
}

/** The running row's "1.2 MB/s · 3 min left", with only the parts known. */
function runningMeta(
  item: UploadItem,
  labels: UploadPanelLabels,
  formatSize: (bytes: number) => string,
  digits: (text: string) => string,
): string {
  const parts: string[] = []
  if (item.bytesPerSecond != null && Number.isFinite(item.bytesPerSecond))
    parts.push(labels.speed(item.bytesPerSecond, formatSize))
  // The time left in the locale's digits, as the speed's size already is.
  if (item.secondsLeft != null && Number.isFinite(item.secondsLeft))
    parts.push(digits(labels.timeLeft(item.secondsLeft)))
  return parts.join(' · ')
}

/** A completed row's line when it met a file of the same name. */
function outcomeNote({ outcome, savedAs, name }: UploadItem, labels: UploadPanelLabels): string {
  if (outcome === 'replaced') return labels.replaced
  if (outcome === 'kept-both') return labels.keptBoth(savedAs ?? name)
  return ''
}

/** The icon that ends a row once nothing can be done to it. */
function endIcon(state: UploadItemState, labels: UploadPanelLabels) {
  if (state === 'completed') return { name: 'check', label: labels.completed, tone: 'completed' } as const
  if (state === 'skipped') return { name: 'skip-forward', label: labels.skipped, tone: 'skipped' } as const
  if (state === 'failed') return { name: 'error', label: labels.failed, tone: 'failed' } as const
  return { name: 'error', label: labels.canceled, tone: 'canceled' } as const
}

// Memoized: with a hundred uploads, each progress tick changes one row, not all of them.
const UploadRow = memo(function UploadRow({
  item,
  labels,
  formatSize,
  rowRender,
  onCancel,
  onPause,
  onResume,
  onRetry,
}: RowHandlers & { item: UploadItem; labels: UploadPanelLabels; formatSize: (bytes: number) => string }) {
  const { state, id, name } = item
  const digits = useLocaleDigits()
  const controls = rowControls(item, { onPause, onResume, onRetry })
  const ended = state === 'failed' || state === 'canceled'
  const end = endIcon(state, labels)
  const note =
    state === 'running'
      ? runningMeta(item, labels, formatSize, digits)
      : state === 'paused'
        ? labels.paused
        : state === 'retrying'
          ? labels.retrying
          : state === 'failed'
            ? (item.error ?? labels.failed)
            : state === 'canceled'
              ? labels.canceled
              : state === 'skipped'
                ? labels.skipped
                : state === 'completed'
                  ? outcomeNote(item, labels)
                  : ''
  const noteTone = ended ? 'danger' : state === 'retrying' ? 'warning' : 'muted'
  return (
    <Ariakit.Role.li
      {...defined({ render: rowRender?.(item) })}
      data-part="upload-item"
      className={css.row}
      data-state={state}
    >
      <div className={css.rowTop}>
        <Icon name={item.type === 'folder' ? 'folder' : 'file'} size="small" className={css.kindIcon} />
        <span data-part="upload-item-name" dir="auto" className={css.name} title={name}>
          {name}
        </span>
        {controls.pause ? (
          <IconButton icon="pause" label={labels.pause(name)} size="small" onClick={() => onPause?.(id)} />
        ) : null}
        {controls.resume ? (
          <IconButton icon="play" label={labels.resume(name)} size="small" onClick={() => onResume?.(id)} />
        ) : null}
        {controls.retry ? (
          <IconButton icon="retry" label={labels.retry(name)} size="small" onClick={() => onRetry?.(id)} />
        ) : null}
        {controls.cancel ? (
          <IconButton icon="close" label={labels.cancel(name)} size="small" onClick={() => onCancel(id)} />
        ) : (
          <span className={css.status({ state: end.tone })}>
            <Icon name={end.name} size="small" label={end.label} />
          </span>
        )}
      </div>
      <ProgressBar
        label={name}
        value={barValue(item)}
        tone={state === 'completed' ? 'success' : ended ? 'danger' : 'accent'}
      />
      {note || item.action ? (
        <div className={css.rowFoot}>
          {/* Not live: the header announces what matters; this changes on every progress tick. */}
          {note ? (
            <p data-part="upload-item-note" className={css.note({ tone: noteTone })}>
              {note}
            </p>
          ) : null}
          {item.action ? (
            <Button size="small" variant="secondary" className={css.action} onClick={item.action.onClick}>
              {item.action.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Ariakit.Role.li>
  )
})
