import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, useId } from 'react'
import { cx } from '../../internal/cx.ts'
import type { DateInput } from '../../utils/format-date.ts'
import { Button } from '../button/button.tsx'
import { Dialog, type DialogProps } from '../dialog/dialog.tsx'
import { type SharePermission, sharePermissionLabels } from '../share-dialog/share-permission.ts'
import { type DetailsRow, DetailsRows, type DetailsRowsOption } from '../details-panel/details-rows.tsx'
import { DetailsThumbnail } from '../details-panel/details-thumbnail.tsx'
import * as css from './file-details.css.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'

interface FileDetailsFields {
  /** The file's name. */
  name: string
  /** Share state, shown as Temporary, Public or Private. */
  access: SharePermission
  /** Size in bytes, shown with the locale's `formatSize`. */
  fileSize: number
  /** Upload date, shown in the locale's `file` date format. */
  uploadDate: DateInput
  /** The file's thumbnail, shown above its name when it has one. */
  thumbnailUrl?: string | undefined
  /** When a photo or video was taken (EXIF), shown as Taken when known. */
  takenDate?: DateInput | undefined
  /** The Copy name button: the app copies the name and shows "Filename Copied". */
  onCopyName: (name: string) => void
  /** The Download button. */
  onDownload: () => void
  /** A download is being prepared: the button shows a spinner. */
  downloading?: boolean | undefined
  /** Visible texts; defaults "Copy name", "File details", "Access", "Size", "Uploaded", "Download". */
  labels?: Partial<FileDetailsLabels> | undefined
  /** Labels of the share states; default Private, Public, Temporary. */
  accessLabels?: Partial<Record<SharePermission, string>> | undefined
  /**
   * The rows under File details, given the built-in ones (Access, Size, Uploaded, Taken): return
   * them with yours added, some dropped, reordered, or with a `render` of their own.
   */
  rows?: DetailsRowsOption | undefined
}

/** The texts of `FileDetails`; each has an English default. */
export interface FileDetailsLabels {
  copyName: string
  heading: string
  access: string
  size: string
  uploaded: string
  /** When a photo or video was taken. */
  taken: string
  download: string
}

/** English defaults of `FileDetailsLabels`. */
export const defaultFileDetailsLabels: FileDetailsLabels = {
  copyName: 'Copy name',
  heading: 'File details',
  access: 'Access',
  size: 'Size',
  uploaded: 'Uploaded',
  taken: 'Taken',
  download: 'Download',
}

/** Props of `FileDetails`; other div attributes are forwarded. */
export interface FileDetailsProps
  extends FileDetailsFields, Omit<ComponentPropsWithRef<'div'>, keyof FileDetailsFields | 'children'> {}

/**
 * A file's thumbnail (when it has one), its name (with Copy name), its details (access, size,
 * upload date, and the date taken when known) and a Download button: the body of the file details
 * modal and of the public download page.
 */
export function FileDetails({
  name,
  access,
  fileSize,
  uploadDate,
  thumbnailUrl,
  takenDate,
  onCopyName,
  onDownload,
  downloading = false,
  labels: labelOverrides,
  accessLabels,
  rows,
  className,
  ...props
}: FileDetailsProps) {
  const labels = useLabels('fileDetails', defaultFileDetailsLabels, labelOverrides)
  const headingId = useId()
  const locale = useLocale()
  const accessText = { ...sharePermissionLabels, ...locale.messages.shareDialog?.permissions, ...accessLabels }[access]
  const builtIn: DetailsRow[] = [
    { id: 'access', term: labels.access, value: accessText },
    { id: 'size', term: labels.size, value: locale.formatSize(fileSize) },
    { id: 'uploaded', term: labels.uploaded, value: locale.formatDate(uploadDate, 'file') },
    ...(takenDate !== undefined
      ? [{ id: 'taken', term: labels.taken, value: locale.formatDate(takenDate, 'file') }]
      : []),
  ]
  return (
    <div data-part="file-details" {...props} className={cx(css.root, className)}>
      {thumbnailUrl ? <DetailsThumbnail key={thumbnailUrl} src={thumbnailUrl} /> : null}
      <div className={css.nameBox}>
        <span className={css.name}>{name}</span>
        <Button icon="copy" size="small" onClick={() => onCopyName(name)}>
          {labels.copyName}
        </Button>
      </div>
      {/* One level below whatever heading the page or dialog has. */}
      <Ariakit.HeadingLevel>
        <div role="group" className={css.block} aria-labelledby={headingId}>
          <Ariakit.Heading id={headingId} className={css.heading}>
            {labels.heading}
          </Ariakit.Heading>
          <dl className={css.list}>
            <DetailsRows rows={rows ? rows(builtIn) : builtIn} termClassName={css.term} valueClassName={css.value} />
          </dl>
        </div>
      </Ariakit.HeadingLevel>
      <div className={css.actions}>
        <Button variant="primary" icon="download" loading={downloading} onClick={onDownload}>
          {labels.download}
        </Button>
      </div>
    </div>
  )
}

/** Props of `FileDetailsDialog`: the details plus dialog props (`open`, `defaultOpen`, `onOpenChange`, `onClose`, …). */
export interface FileDetailsDialogProps
  extends FileDetailsFields, Omit<DialogProps, keyof FileDetailsFields | 'title' | 'children' | 'onClose'> {
  /** Escape, the backdrop or the close icon (then `onOpenChange(false)`). */
  onClose?: (() => void) | undefined
  /** The dialog's name; defaults to the file name (kept for screen readers, the box shows it). */
  title?: string | undefined
}

/** The file details modal for files the viewer cannot preview. */
export function FileDetailsDialog({
  name,
  access,
  fileSize,
  uploadDate,
  thumbnailUrl,
  takenDate,
  onCopyName,
  onDownload,
  downloading,
  labels,
  accessLabels,
  rows,
  title,
  hideTitle = title === undefined,
  onClose,
  ...props
}: FileDetailsDialogProps) {
  return (
    <Dialog size="medium" {...props} title={title ?? name} hideTitle={hideTitle} onClose={onClose}>
      <FileDetails
        name={name}
        access={access}
        fileSize={fileSize}
        uploadDate={uploadDate}
        thumbnailUrl={thumbnailUrl}
        takenDate={takenDate}
        onCopyName={onCopyName}
        onDownload={onDownload}
        downloading={downloading}
        labels={labels}
        accessLabels={accessLabels}
        rows={rows}
      />
    </Dialog>
  )
}
