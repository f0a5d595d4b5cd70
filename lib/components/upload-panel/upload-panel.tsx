import { type ComponentPropsWithRef, useId } from 'react'
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
  /** Percent done, 0–100. */
  progress: number
  /** Still running, finished, or canceled (a failed upload is shown canceled too). */
  state: UploadItemState
}

/** Where an upload stands; the row's `data-state`. */
export const uploadItemStates = ['running', 'completed', 'canceled'] as const

/** One of `uploadItemStates`. */
export type UploadItemState = (typeof uploadItemStates)[number]

/** The header: "Uploading N file(s)" while any upload is unfinished, otherwise "Uploaded N file(s)". */
export const uploadPanelTitle = (uploading: boolean, count: number): string =>
  `${uploading ? 'Uploading' : 'Uploaded'} ${count} file(s)`

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
  canceled: string
}

const defaultLabels: UploadPanelLabels = {
  region: 'Uploads',
  minimize: 'Minimize uploads',
  expand: 'Expand uploads',
  close: 'Close uploads',
  cancel: (name) => `Cancel upload of ${name}`,
  completed: 'Completed',
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
  position,
  labels: labelOverrides,
  className,
  ...props
}: UploadPanelProps) {
  const labels = { ...defaultLabels, ...labelOverrides }
  const [isMinimized, setMinimized] = useControllableState(minimized, defaultMinimized, onMinimizedChange)
  const titleId = useId()
  const listId = useId()
  const uploading = items.some((item) => item.state === 'running')

  return (
    <section
      aria-label={labels.region}
      data-state={uploading ? 'uploading' : 'done'}
      {...props}
      className={cx(css.panel({ position }), className)}
    >
      <div className={css.header}>
        {/* Polite, so a screen reader hears "Uploaded 3 file(s)" when the last one finishes. */}
        <h2 id={titleId} className={css.title} aria-live="polite">
          {title(uploading, items.length)}
        </h2>
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
      <ul id={listId} className={css.list} aria-labelledby={titleId} hidden={isMinimized}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} labels={labels} onCancel={onCancel} />
        ))}
      </ul>
    </section>
  )
}

function UploadRow({ item, labels, onCancel }: { item: UploadItem; labels: UploadPanelLabels; onCancel: (id: string) => void }) {
  const { state } = item
  // Folders have no byte progress: indeterminate while running, full once finished either way.
  const value = item.type === 'folder' ? (state === 'running' ? null : 100) : item.progress
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
              label={state === 'completed' ? labels.completed : labels.canceled}
            />
          </span>
        )}
      </div>
      <ProgressBar
        label={item.name}
        value={value}
        tone={state === 'completed' ? 'success' : state === 'canceled' ? 'danger' : 'accent'}
      />
    </li>
  )
}
