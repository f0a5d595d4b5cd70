import type { ComponentPropsWithRef } from 'react'
import { isolateText } from '../../internal/bidi.tsx'
import { cx } from '../../internal/cx.ts'
import { Avatar, PersonText } from '../../internal/person.tsx'
import { useLabels } from '../../locale/context.ts'
import { useLocaleDigits } from '../../locale/digits.ts'
import { Button } from '../button/button.tsx'
import { type MemberRole, memberRoles, type PeopleOption, peopleOptionName } from '../people-picker/people-option.ts'
import { Select } from '../select/select.tsx'
import * as css from './access-list.css.ts'

/** One person or group with access to an item: `id` is the share's, `recipient` who it is for. */
export interface AccessEntry {
  id: string
  recipient: PeopleOption
  role: MemberRole
}

/** The texts of `AccessList`; each has an English default. */
export interface AccessListLabels {
  /** The list's accessible name. */
  list: string
  /** The owner row's role. */
  owner: string
  /** The role names, in the select and as text. */
  roles: Record<MemberRole, string>
  /** A role select's accessible name, from the person's name. */
  roleFor: (name: string) => string
  /** The remove button's text. */
  remove: string
  /** The remove button's accessible name, from the person's name (it starts with the visible text). */
  removeFor: (name: string) => string
  /** Shown when no one else has access. */
  empty: string
  /** A group's second line. */
  members: (count: number) => string
}

/** English defaults of `AccessListLabels`. */
export const defaultAccessListLabels: AccessListLabels = {
  list: 'People with access',
  owner: 'Owner',
  roles: { viewer: 'Can view', editor: 'Can edit' },
  roleFor: (name) => `Role of ${name}`,
  remove: 'Remove',
  removeFor: (name) => `Remove ${name}`,
  empty: 'Only you have access',
  members: (count) => (count === 1 ? '1 member' : `${count} members`),
}

/** Props of `AccessList`; other attributes go to the root `div`. */
export interface AccessListProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** Who has access, in display order. */
  entries: readonly AccessEntry[]
  /** The item's owner: the first row, "Owner", with no controls. */
  owner?: { displayName: string }
  /** A role was chosen in a row's select (only called for a different role). Without it roles show as text. */
  onRoleChange?: (entry: AccessEntry, role: MemberRole) => void
  /** A row's Remove button. Without it there is no button. */
  onRemove?: (entry: AccessEntry) => void
  /** No controls at all (a member looking at who else has access). */
  readOnly?: boolean
  /** Texts; see `defaultAccessListLabels`. */
  labels?: Partial<AccessListLabels>
}

/**
 * Who has access to an item: the owner first, then each person or group with an avatar, the name,
 * the email or member count, a role select (Can view / Can edit) and Remove. Tab walks the
 * controls row by row; with no one else, "Only you have access".
 */
export function AccessList({
  entries,
  owner,
  onRoleChange,
  onRemove,
  readOnly = false,
  labels: labelOverrides,
  className,
  ...props
}: AccessListProps) {
  const labels = useLabels('accessList', defaultAccessListLabels, labelOverrides)
  const digits = useLocaleDigits()
  const roleOptions = memberRoles.map((role) => ({ value: role, label: labels.roles[role] }))
  const canChange = !readOnly && onRoleChange !== undefined
  const canRemove = !readOnly && onRemove !== undefined

  return (
    <div data-part="access-list" {...props} className={cx(css.root, className)}>
      {owner || entries.length > 0 ? (
        <ul aria-label={labels.list} className={css.list}>
          {owner ? (
            <li data-part="access-entry" data-role="owner" className={css.row}>
              <Avatar person={{ type: 'owner', displayName: owner.displayName }} />
              <PersonText name={owner.displayName} />
              <span className={css.role}>{labels.owner}</span>
            </li>
          ) : null}
          {entries.map((entry) => {
            const { recipient } = entry
            const name = peopleOptionName(recipient)
            const detail = recipient.type === 'group' ? digits(labels.members(recipient.members)) : recipient.email
            return (
              <li key={entry.id} data-part="access-entry" data-role={entry.role} className={css.row}>
                <Avatar person={recipient} />
                <PersonText name={name} detail={detail} />
                <span className={css.controls}>
                  {canChange ? (
                    <Select
                      label={labels.roleFor(isolateText(name))}
                      labelHidden
                      options={roleOptions}
                      value={entry.role}
                      onValueChange={(role) => {
                        if (role !== entry.role) onRoleChange?.(entry, role as MemberRole)
                      }}
                    />
                  ) : (
                    <span className={css.role}>{labels.roles[entry.role]}</span>
                  )}
                  {canRemove ? (
                    <Button
                      variant="ghost"
                      size="small"
                      aria-label={labels.removeFor(isolateText(name))}
                      onClick={() => onRemove?.(entry)}
                    >
                      {labels.remove}
                    </Button>
                  ) : null}
                </span>
              </li>
            )
          })}
        </ul>
      ) : null}
      {entries.length === 0 ? (
        <p data-part="access-list-empty" className={css.empty}>
          {labels.empty}
        </p>
      ) : null}
    </div>
  )
}
