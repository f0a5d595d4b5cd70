import { type ComponentPropsWithRef, type DragEvent, type ReactNode, useId, useRef, useState } from 'react'
import { UploadPanel, type UploadItem } from '../upload-panel/upload-panel.tsx'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { Icon } from '../icon/icon.tsx'
import * as css from './file-request-drop-zone.css.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'

/** Texts of `FileRequestDropZone`. */
export interface FileRequestDropZoneLabels {
  /** Under the title: what happens to the files, and that the folder stays hidden. */
  note: string
  /** The drop zone's call to action. */
  prompt: string
  /** The button that opens the file picker. */
  choose: string
  /** A per-file limit, from its formatted size: "Up to 2 GB per file". */
  perFile: (size: string) => string
  /** The total limit, from its formatted size: "Up to 10 GB in total". */
  total: (size: string) => string
  /** While disabled. */
  disabledTitle: string
  disabledText: string
  /** Once the link has expired. */
  expiredTitle: string
  expiredText: string
  /** The uploads panel's landmark. */
  uploads: string
}

/** Default English texts. */
export const defaultFileRequestDropZoneLabels: FileRequestDropZoneLabels = {
  note: "Files you add here are sent to the folder's owner. You can't see what is in the folder.",
  prompt: 'Drag files here',
  choose: 'Choose files',
  perFile: (size) => `Up to ${size} per file`,
  total: (size) => `Up to ${size} in total`,
  disabledTitle: 'Uploads are paused',
  disabledText: 'This link does not take files right now.',
  expiredTitle: 'This link has expired',
  expiredText: 'Ask the person who sent it for a new one.',
  uploads: 'Your uploads',
}

/** Props of `FileRequestDropZone`; the rest go to the root `section`. */
export interface FileRequestDropZoneProps extends Omit<
  ComponentPropsWithRef<'section'>,
  'title' | 'children' | 'onDrop'
> {
  /** The folder's name (the request's title). */
  title: string
  /** Files chosen or dropped, in the order given; the app checks the limits and uploads them. */
  onFiles: (files: File[]) => void
  /** The largest file the link takes, in bytes; shown when set. */
  maxFileSize?: number | null
  /** The most the link takes in all, in bytes; shown when set. */
  maxTotalBytes?: number | null
  /** File types the picker offers (the input's `accept`); all by default. */
  accept?: string
  /** Takes no files: the zone is dimmed and says so. */
  disabled?: boolean
  /** The link has expired: the zone says so and takes no files. */
  expired?: boolean
  /** The visitor's uploads, newest first, shown in an `UploadPanel` under the zone. */
  uploads?: readonly UploadItem[]
  /** Cancels one running upload. */
  onCancelUpload?: (id: string) => void
  /** The uploads panel's close control. */
  onCloseUploads?: () => void
  /** Own content under the zone (e.g. upload rows of another look), after the uploads panel. */
  children?: ReactNode
  /** The title's heading level; defaults to 1 (the request is a page of its own). */
  headingLevel?: 1 | 2 | 3
  /** Texts; defaults to `defaultFileRequestDropZoneLabels`. */
  labels?: Partial<FileRequestDropZoneLabels>
}

const noop = () => {}

// Only drags that carry files count (not text or links dragged from the page).
const hasFiles = (event: DragEvent<HTMLElement>) => Array.from(event.dataTransfer?.types ?? []).includes('Files')

/**
 * An upload-only drop zone for a file request: the folder's name, a note that the folder stays
 * hidden, a zone that takes dropped files and a "Choose files" button (the keyboard's way in), the
 * link's limits, and the visitor's uploads. Disabled or expired, it says so and takes nothing.
 */
export function FileRequestDropZone({
  title,
  onFiles,
  maxFileSize,
  maxTotalBytes,
  accept,
  disabled = false,
  expired = false,
  uploads,
  onCancelUpload = noop,
  onCloseUploads = noop,
  children,
  headingLevel = 1,
  labels,
  className,
  ...props
}: FileRequestDropZoneProps) {
  const text = useLabels('fileRequestDropZone', defaultFileRequestDropZoneLabels, labels)
  const { formatSize } = useLocale()
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const off = disabled || expired
  const Heading = `h${headingLevel}` as const

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? [])
    if (!off && files.length > 0) onFiles(files)
  }

  const dragProps = {
    onDragEnter: (event: DragEvent<HTMLDivElement>) => {
      if (!hasFiles(event)) return
      event.preventDefault()
      if (!off) setDragging(true)
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!hasFiles(event)) return
      // Without this the browser opens the file; a disabled zone refuses it visibly.
      event.preventDefault()
      event.dataTransfer.dropEffect = off ? 'none' : 'copy'
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => {
      // Moving over a child fires leave on the zone: only leaving the zone itself counts.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault()
      setDragging(false)
      take(event.dataTransfer?.files)
    },
  }

  const limits = [
    maxFileSize != null ? text.perFile(formatSize(maxFileSize)) : null,
    maxTotalBytes != null ? text.total(formatSize(maxTotalBytes)) : null,
  ].filter((line): line is string => line != null)

  return (
    <section
      aria-labelledby={titleId}
      data-part="file-request-drop-zone"
      {...props}
      className={cx(css.root, className)}
    >
      <div className={css.header}>
        <Heading id={titleId} className={css.title}>
          <Icon name="folder" size="large" className={css.titleIcon} />
          {title}
        </Heading>
        <p className={css.note}>{text.note}</p>
      </div>
      <div className={css.zone} data-dragging={dragging || undefined} data-disabled={off || undefined} {...dragProps}>
        <Icon name={expired ? 'warning' : 'upload'} size="large" className={css.zoneIcon} />
        {off ? (
          <>
            <p className={css.closedTitle}>{expired ? text.expiredTitle : text.disabledTitle}</p>
            <p className={css.closed}>{expired ? text.expiredText : text.disabledText}</p>
          </>
        ) : (
          <>
            <p className={css.prompt}>{text.prompt}</p>
            <Button variant="primary" icon="plus" onClick={() => input.current?.click()}>
              {text.choose}
            </Button>
          </>
        )}
        {limits.length > 0 && !expired ? (
          <ul className={css.limits}>
            {limits.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {/* The picker: hidden, reached through the button. */}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          disabled={off}
          onChange={(event) => {
            take(event.target.files)
            // Cleared, so choosing the same file again is a change too.
            event.target.value = ''
          }}
        />
      </div>
      {uploads && uploads.length > 0 ? (
        <UploadPanel
          items={uploads}
          position="static"
          // Full width of the request, not the floating panel's.
          style={{ width: '100%' }}
          labels={{ region: text.uploads }}
          onCancel={onCancelUpload}
          onClose={onCloseUploads}
        />
      ) : null}
      {children}
    </section>
  )
}
