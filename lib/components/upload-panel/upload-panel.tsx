import { type ComponentPropsWithRef, memo, useId, useMemo } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { ProgressBar } from '../progress-bar/progress-bar.tsx'
import * as css from './upload-panel.css.ts'

/** One upload as the panel shows it: files report 0–100; folders have no measurable progress. */
export interface UploadItem {
  id: string
  name: string
  type: 'file' | 'folder'
  size?: number
  /** Percent done, 0–100 (a completed upload shows 100 whatever this says). */
  progress: number
  /** Still running, finished, failed, or canceled by the user. */
  state: UploadItemState
  /** Why a failed upload failed (e.g. the server's message, "Network Error"), shown under its name. */
  error?: string
}

/** Where an upload stands; the row's `data-state`. */
export const uploadItemStates = ['running', 'completed', 'failed', 'canceled'] as const

/** One of `uploadItemStates`. */
export type UploadItemState = (typeof uploadItemStates)[number]

/**
 * The header: "Uploading N file(s)" while any upload is unfinished, otherwise "Uploaded N file(s)".
 * N counts only uploads that succeeded or may still (failed and canceled ones are in the summary).
 */
export const uploadPanelTitle = (uploading: boolean, count: number): string =>
  `${uploading ? 'Uploading' : 'Uploaded'} ${count} file(s)`

/** The line under the header when some uploads did not make it: "2 failed, 1 canceled". */
export const uploadPanelSummary = (failed: number, canceled: number): string =>
  [failed ? `${failed} failed` : '', canceled ? `${canceled} canceled` : ''].filter(Boolean).join(', ')

/** How many uploads stand in each state. */
export function countUploads(items: readonly UploadItem[]): Record<UploadItemState, number> {
  const counts: Record<UploadItemState, number> = { running: 0, completed: 0, failed: 0, canceled: 0 }
  for (const item of items) counts[item.state]++
  return counts
}

/** Props of `UploadPanel`; other section attributes are forwarded. */
export interface UploadPanelProps extends Omit<ComponentPropsWithRef<'section'>, 'title' | 'children'> {
  /** The uploads, newest first (the order the app keeps them in). */
  items: readonly UploadItem[]
  /** Cancels one running upload. */
  onCancel: (id: string) => void
  /** The close control: the app cancels what still runs and clears the list. */
  onClose: () => void
  /** Controlled minimized state. */
  minimized?: boolean
  /** Initial minimized state when uncontrolled. */
  defaultMinimized?: boolean
  /** Called when the minimize control is used. */
  onMinimizedChange?: (minimized: boolean) => void
  /** The header text; defaults to `uploadPanelTitle`. */
  title?: (uploading: boolean, count: number) => string
  /** The line under the header naming failed and canceled uploads; defaults to `uploadPanelSummary`. */
  summary?: (failed: number, canceled: number) => string
  /** Fixed at the bottom-right of the viewport (default), or in the flow (stories, custom layouts). */
  position?: 'fixed' | 'static'
  /** Accessible names of the controls. */
  labels?: Partial<UploadPanelLabels>
}

interface UploadPanelLabels {
  /** The landmark; defaults to "Uploads". */
  region: string
  minimize: string
  expand: string
  close: string
  /** A row's cancel button, e.g. "Cancel upload of photo.jpg". */
  cancel: (name: string) => string
  completed: string
  /** A failed row's icon, and its text when the item has no `error`. */
  failed: string
  canceled: string
}

const defaultLabels: UploadPanelLabels = {
  region: 'Uploads',
  minimize: 'Minimize uploads',
  expand: 'Expand uploads',
  close: 'Close uploads',
  cancel: (name) => `Cancel upload of ${name}`,
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
}

/** The upload progress panel: a header with the count, minimize and close, then one row per upload. */
export function UploadPanel({
  items,
  onCancel,
  onClose,
  minimized,
  defaultMinimized = false,
  onMinimizedChange,
  title = uploadPanelTitle,
  summary = uploadPanelSummary,
  position,
  labels: labelOverrides,
  className,
  ...props
}: UploadPanelProps) {
  // Stable while the overrides are, so unchanged rows skip re-rendering when one row moves.
  const labels = useMemo(() => ({ ...defaultLabels, ...labelOverrides }), [labelOverrides])
  const [isMinimized, setMinimized] = useControllableState(minimized, defaultMinimized, onMinimizedChange)
  const titleId = useId()
  const listId = useId()
  const counts = countUploads(items)
  const uploading = counts.running > 0
  const lost = counts.failed + counts.canceled > 0

  return (
    <section
      aria-label={labels.region}
      data-state={uploading ? 'uploading' : 'done'}
      {...props}
      className={cx(css.panel({ position }), className)}
    >
      <div className={css.header}>
        {/* Polite, so a screen reader hears "Uploaded 3 file(s)" (and what failed) when the last one ends. */}
        <div className={css.heading} aria-live="polite">
          <h2 id={titleId} className={css.title}>
            {title(uploading, counts.running + counts.completed)}
          </h2>
          {lost ? <p className={css.summary}>{summary(counts.failed, counts.canceled)}</p> : null}
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
      {/* Running rows have a cancel button, which lets the keyboard scroll the list; once none runs,
          the list itself is the tab stop (axe: scrollable-region-focusable). */}
      <ul id={listId} className={css.list} aria-labelledby={titleId} hidden={isMinimized} tabIndex={uploading ? undefined : 0}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} labels={labels} onCancel={onCancel} />
        ))}
      </ul>
    </section>
  )
}

// Memoized: with a hundred uploads, each progress tick changes one row, not all of them.
const UploadRow = memo(function UploadRow({
  item,
  labels,
  onCancel,
}: {
  item: UploadItem
  labels: UploadPanelLabels
  onCancel: (id: string) => void
}) {
  const { state } = item
  // Completed is 100 % whatever the last progress tick said. Folders have no byte progress:
  // indeterminate while running, full once ended either way.
  const value = state === 'completed' ? 100 : item.type === 'folder' ? (state === 'running' ? null : 100) : item.progress
  const ended = state === 'failed' || state === 'canceled'
  const reason = state === 'failed' ? (item.error ?? labels.failed) : labels.canceled
  return (
    <li className={css.row} data-state={state}>
      <div className={css.rowTop}>
        <Icon name={item.type === 'folder' ? 'folder' : 'file'} size="small" className={css.kindIcon} />
        <span className={css.name} title={item.name}>
          {item.name}
        </span>
        {state === 'running' ? (
          <IconButton icon="close" label={labels.cancel(item.name)} size="small" onClick={() => onCancel(item.id)} />
        ) : (
          <span className={css.status({ state })}>
            <Icon
              name={state === 'completed' ? 'check' : 'error'}
              size="small"
              label={state === 'completed' ? labels.completed : state === 'failed' ? labels.failed : labels.canceled}
            />
          </span>
        )}
      </div>
      <ProgressBar label={item.name} value={value} tone={state === 'completed' ? 'success' : ended ? 'danger' : 'accent'} />
      {ended ? <p className={css.reason}>{reason}</p> : null}
    </li>
  )
})
