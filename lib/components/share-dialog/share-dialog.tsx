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
  /** The dialog heading; defaults to "Share". */
  title?: string
  /** The text under the select; defaults to `sharePermissionHints` for the current permission. */
  hint?: ReactNode
  /** Text of the copy button; defaults to "Copy link". */
  copyLabel?: string
  /** Label of the link field; defaults to "Share link". */
  linkLabel?: string
  /** Placeholder of the link field while there is no link. */
  noLinkText?: string
  /** Label of the select; defaults to "Permission". */
  permissionLabel?: string
  /** Labels of the three options; default Private, Public, Temporary. */
  permissionLabels?: Partial<Record<SharePermission, string>>
  /** More of the dialog, after the select (e.g. the link's settings). */
  children?: ReactNode
}

/** The share modal: the file with its badge, a read-only link with Copy link, the Permission select, then `children`. */
export function ShareDialog({
  filename,
  permission,
  link = '',
  busy = false,
  onPermissionChange,
  onCopy,
  title = 'Share',
  hint,
  copyLabel = 'Copy link',
  linkLabel = 'Share link',
  noLinkText = 'No link while the file is private',
  permissionLabel = 'Permission',
  permissionLabels,
  onClose,
  children,
  ...props
}: ShareDialogProps) {
  const linkId = useId()
  const labels = { ...sharePermissionLabels, ...permissionLabels }
  const options = sharePermissions.map((value) => ({ value, label: labels[value] }))
  return (
    <Dialog size="medium" {...props} title={title} onClose={onClose}>
      <div className={css.body}>
        <div className={css.file}>
          <ExtensionBadge filename={filename} />
          <span className={css.fileName}>{filename}</span>
        </div>
        <div className={css.field}>
          <label htmlFor={linkId} className={css.label}>
            {linkLabel}
          </label>
          <div className={css.linkRow}>
            <input
              id={linkId}
              className={css.input}
              value={link}
              placeholder={noLinkText}
              readOnly
              spellCheck={false}
              // One click takes the whole link, for a manual copy.
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button icon="copy" disabled={!link} onClick={() => onCopy(link)}>
              {copyLabel}
            </Button>
          </div>
        </div>
        <Select
          label={permissionLabel}
          options={options}
          value={permission}
          busy={busy}
          hint={hint ?? sharePermissionHints[permission]}
          onValueChange={(value) => {
            if (value !== permission) onPermissionChange(value as SharePermission)
          }}
        />
        {children}
      </div>
    </Dialog>
  )
}
