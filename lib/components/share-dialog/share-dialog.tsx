import { type ReactNode, useId } from 'react'
import { Button } from '../button/button.tsx'
import { Dialog, type DialogProps } from '../dialog/dialog.tsx'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import { Select } from '../select/select.tsx'
import * as css from './share-dialog.css.ts'
import {
  type SharePermission,
  sharePermissionHints,
  sharePermissionLabels,
  sharePermissions,
} from './share-permission.ts'
import { useLabels } from '../../locale/locale.tsx'

/** Props of `ShareDialog`; other dialog props (`open`, …) are forwarded. */
export interface ShareDialogProps extends Omit<DialogProps, 'title' | 'children' | 'onChange' | 'onCopy' | 'onClose'> {
  /** The shared file's name, shown with its type badge. */
  filename: string
  /** The file's current share state. */
  permission: SharePermission
  /** The share link to show and copy; empty while the file is private. */
  link?: string
  /** A permission change is in progress: the select is disabled and shows a spinner. */
  busy?: boolean
  /** The user chose another permission (the app runs the matching action). */
  onPermissionChange: (permission: SharePermission) => void
  /** The Copy link button: the app copies `link` and shows "Link Copied". */
  onCopy: (link: string) => void
  /** Escape, the backdrop or the close icon. */
  onClose: () => void
  /** The text under the select; defaults to `labels.hints` for the current permission. */
  hint?: ReactNode
  /** Texts; see `defaultShareDialogLabels`. */
  labels?: Partial<ShareDialogLabels>
  /** More of the dialog, after the select (e.g. the link's settings). */
  children?: ReactNode
}

/** The texts of `ShareDialog`; each has an English default. */
export interface ShareDialogLabels {
  /** The heading. */
  title: string
  /** The link field's label. */
  link: string
  /** The link field's placeholder while the file is private. */
  noLink: string
  /** The copy button. */
  copy: string
  /** The select's label. */
  permission: string
  /** The options: Private, Public, Temporary. */
  permissions: Record<SharePermission, string>
  /** The text under the select, per permission. */
  hints: Record<SharePermission, string>
}

/** English defaults of `ShareDialogLabels`. */
export const defaultShareDialogLabels: ShareDialogLabels = {
  title: 'Share',
  link: 'Share link',
  noLink: 'No link while the file is private',
  copy: 'Copy link',
  permission: 'Permission',
  permissions: sharePermissionLabels,
  hints: sharePermissionHints,
}

/** The share modal: the file with its badge, a read-only link with Copy link, the Permission select, then `children`. */
export function ShareDialog({
  filename,
  permission,
  link = '',
  busy = false,
  onPermissionChange,
  onCopy,
  hint,
  labels: labelOverrides,
  onClose,
  children,
  ...props
}: ShareDialogProps) {
  const linkId = useId()
  const labels = useLabels('shareDialog', defaultShareDialogLabels, labelOverrides)
  const options = sharePermissions.map((value) => ({ value, label: labels.permissions[value] }))
  return (
    <Dialog size="medium" {...props} title={labels.title} onClose={onClose}>
      <div className={css.body}>
        <div className={css.file}>
          <ExtensionBadge filename={filename} />
          <span className={css.fileName}>{filename}</span>
        </div>
        <div className={css.field}>
          <label htmlFor={linkId} className={css.label}>
            {labels.link}
          </label>
          <div className={css.linkRow}>
            <input
              id={linkId}
              className={css.input}
              value={link}
              placeholder={labels.noLink}
              readOnly
              spellCheck={false}
              // One click takes the whole link, for a manual copy.
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button icon="copy" disabled={!link} onClick={() => onCopy(link)}>
              {labels.copy}
            </Button>
          </div>
        </div>
        <Select
          label={labels.permission}
          options={options}
          value={permission}
          busy={busy}
          hint={hint ?? labels.hints[permission]}
          onValueChange={(value) => {
            if (value !== permission) onPermissionChange(value as SharePermission)
          }}
        />
        {children}
      </div>
    </Dialog>
  )
}
