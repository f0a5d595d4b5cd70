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

/**
 * One permission a `ShareDialog` offers, with its own texts. Without `label` or `hint` the dialog
 * reads `labels.permissions[value]` and `labels.hints[value]` (set for the built-in permissions).
 */
export interface SharePermissionOption<P extends string = string> {
  /** What `permission` and `onPermissionChange` carry. */
  value: P
  /** The option's text. */
  label?: string | undefined
  /** The text under the select while this permission is chosen. */
  hint?: ReactNode | undefined
  /** Shown but not choosable (e.g. a plan's feature). */
  disabled?: boolean | undefined
}

/** The built-in permissions as `ShareDialog` options (their texts from its labels), to extend or replace. */
export const sharePermissionOptions: readonly SharePermissionOption<SharePermission>[] = sharePermissions.map(
  (value) => ({ value }),
)

/** Props of `ShareDialog`; other dialog props (`open`, …) are forwarded. */
export interface ShareDialogProps<P extends string = SharePermission> extends Omit<
  DialogProps,
  'title' | 'children' | 'onChange' | 'onCopy' | 'onClose'
> {
  /** The shared file's name, shown with its type badge. */
  filename: string
  /** The file's current share state, one of `permissions`. */
  permission: NoInfer<P>
  /**
   * The select's choices, in order, each with its texts (a built-in permission's label and hint
   * come from `labels`). Defaults to `sharePermissionOptions` (Private, Public, Temporary). Extend,
   * e.g. `[...sharePermissionOptions, { value: 'team', label: 'Team', hint: 'Your team can open it.' }]`,
   * or replace.
   */
  permissions?: readonly SharePermissionOption<P>[] | undefined
  /** The share link to show and copy; empty while the file is private. */
  link?: string | undefined
  /** A permission change is in progress: the select is disabled and shows a spinner. */
  busy?: boolean | undefined
  /** The user chose another permission (the app runs the matching action). */
  onPermissionChange: (permission: NoInfer<P>) => void
  /** The Copy link button: the app copies `link` and shows "Link Copied". */
  onCopy: (link: string) => void
  /** Escape, the backdrop or the close icon (then `onOpenChange(false)`). */
  onClose?: (() => void) | undefined
  /** The text under the select; defaults to the current permission's `hint`, then `labels.hints`. */
  hint?: ReactNode | undefined
  /** Texts; see `defaultShareDialogLabels`. */
  labels?: Partial<ShareDialogLabels> | undefined
  /** More of the dialog, after the select (e.g. the link's settings). */
  children?: ReactNode | undefined
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
  /** The built-in options: Private, Public, Temporary (your own permissions may add theirs). */
  permissions: Record<SharePermission, string> & Partial<Record<string, string>>
  /** The text under the select, per permission (your own permissions may add theirs). */
  hints: Record<SharePermission, string> & Partial<Record<string, string>>
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
export function ShareDialog<P extends string = SharePermission>({
  filename,
  permission,
  permissions = sharePermissionOptions as readonly SharePermissionOption<string>[] as readonly SharePermissionOption<P>[],
  link = '',
  busy = false,
  onPermissionChange,
  onCopy,
  hint,
  labels: labelOverrides,
  onClose,
  children,
  ...props
}: ShareDialogProps<P>) {
  const linkId = useId()
  const labels = useLabels('shareDialog', defaultShareDialogLabels, labelOverrides)
  const options = permissions.map(({ value, label, disabled }) => ({
    value,
    label: label ?? labels.permissions[value] ?? value,
    disabled,
  }))
  const current = permissions.find((choice) => choice.value === permission)
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
          hint={hint ?? current?.hint ?? labels.hints[permission]}
          onValueChange={(value) => {
            if (value !== permission) onPermissionChange(value as P)
          }}
        />
        {children}
      </div>
    </Dialog>
  )
}
