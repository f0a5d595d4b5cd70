// Stand-ins for the kit's PeoplePicker, AccessList, OwnerBadge and AddedBy (issue #39 point 8),
// with the props the kit's versions take, so the screens are built around them now. When
// '@cumulus/ui' exports them, this module becomes `export { … } from '@cumulus/ui'`.
// Names are other people's data: shown as text (React escapes them), isolated with <bdi>.
import { IconButton } from '@cumulus/ui'
import { css } from 'goober'
import { useId, useState } from 'react'
import { copy } from '../../copy-screens.ts'
import { vars } from '../../styles.ts'

export type PeopleOption =
  | { type: 'user'; id: string; displayName: string; email: string }
  | { type: 'group'; id: string; name: string; members: number }

export type AccessRole = 'viewer' | 'editor'

const t = copy.people

/** The name an option shows: a person's display name or a group's name. */
export const optionName = (option: PeopleOption) => (option.type === 'group' ? option.name : option.displayName)

const field = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  position: relative;
`

const input = css`
  box-sizing: border-box;
  width: 100%;
  padding: ${vars.space.small} ${vars.space.medium};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surface};
  color: inherit;
  font: inherit;
`

const list = css`
  list-style: none;
  margin: 0;
  padding: ${vars.space.xsmall};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surface};
`

const option = css`
  display: flex;
  flex-direction: column;
  padding: ${vars.space.small};
  border-radius: ${vars.radius.small};
  cursor: pointer;
  &[aria-selected='true'],
  &:hover {
    background: ${vars.color.surfaceSunken};
  }
`

const muted = css`
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

export interface PeoplePickerProps {
  options: readonly PeopleOption[]
  onSearch: (q: string) => void
  onSelect: (option: PeopleOption) => void
  loading?: boolean
  label?: string
  placeholder?: string
  disabled?: boolean
  /** Ids already chosen (they are not offered again). */
  exclude?: readonly string[]
}

/** A combobox over the server's people: typing searches, Enter or a click picks. */
export function PeoplePicker({
  options,
  onSearch,
  onSelect,
  loading = false,
  label = t.pickerLabel,
  placeholder,
  disabled = false,
  exclude = [],
}: PeoplePickerProps) {
  const listId = useId()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const shown = options.filter((o) => !exclude.includes(o.id))
  const open = text.trim() !== '' && shown.length > 0
  const pick = (choice: PeopleOption) => {
    setText('')
    onSearch('')
    onSelect(choice)
  }
  return (
    <div className={field}>
      <label>
        {label}
        <input
          className={input}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-busy={loading}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value)
            setActive(0)
            onSearch(event.target.value)
          }}
          onKeyDown={(event) => {
            if (!open) return
            if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, shown.length - 1))
            else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0))
            else if (event.key === 'Enter' && shown[active]) pick(shown[active])
            else return
            event.preventDefault()
          }}
        />
      </label>
      {open ? (
        <ul id={listId} role="listbox" aria-label={label} className={list}>
          {shown.map((o, i) => (
            <li
              key={o.id}
              role="option"
              aria-selected={i === active}
              className={option}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(o)}
            >
              <bdi>{optionName(o)}</bdi>
              <span className={muted}>{o.type === 'group' ? t.groupMembers(o.members) : <bdi>{o.email}</bdi>}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export interface AccessEntry {
  id: string
  recipient: PeopleOption
  role: AccessRole
}

export interface AccessListProps {
  entries: readonly AccessEntry[]
  owner?: { displayName: string }
  onRoleChange?: (entry: AccessEntry, role: AccessRole) => void
  onRemove?: (entry: AccessEntry) => void
  readOnly?: boolean
}

const rows = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
`

const row = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.small};
  & > :first-child {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    overflow-wrap: anywhere;
  }
`

/** Who has access: the owner first, then each person or group with their role, to change or remove. */
export function AccessList({ entries, owner, onRoleChange, onRemove, readOnly = false }: AccessListProps) {
  return (
    <ul className={rows} aria-label={t.access}>
      {owner ? (
        <li className={row}>
          <span>
            <bdi>{owner.displayName}</bdi>
          </span>
          <span className={muted}>{copy.sharedWithMe.details.owner}</span>
        </li>
      ) : null}
      {entries.map((entry) => {
        const name = optionName(entry.recipient)
        return (
          <li key={entry.id} className={row}>
            <span>
              <bdi>{name}</bdi>
              {entry.recipient.type === 'user' ? (
                <span className={muted}>
                  <bdi>{entry.recipient.email}</bdi>
                </span>
              ) : (
                <span className={muted}>{t.groupMembers(entry.recipient.members)}</span>
              )}
            </span>
            {readOnly || !onRoleChange ? (
              <span>{t.roles[entry.role]}</span>
            ) : (
              <select
                className={input}
                style={{ width: 'auto' }}
                aria-label={`${t.role}: ${name}`}
                value={entry.role}
                onChange={(event) => onRoleChange(entry, event.target.value as AccessRole)}
              >
                <option value="viewer">{t.roles.viewer}</option>
                <option value="editor">{t.roles.editor}</option>
              </select>
            )}
            {readOnly || !onRemove ? null : (
              <IconButton icon="close" label={`${t.remove}: ${name}`} onClick={() => onRemove(entry)} />
            )}
          </li>
        )
      })}
    </ul>
  )
}

const badge = css`
  display: inline-flex;
  align-items: center;
  gap: ${vars.space.xsmall};
  padding: 0 ${vars.space.small};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surfaceSunken};
  font-size: ${vars.font.size.small};
`

/** Whose an item is ("Anna's"), or that one of mine is shared. */
export function OwnerBadge({ name, shared = false }: { name?: string; shared?: boolean }) {
  if (!name && !shared) return null
  return (
    <span className={badge} data-part="owner-badge">
      {name ? <bdi>{copy.sharedWithMe.ownerOf(name)}</bdi> : copy.sharedWithMe.sharedByMe}
    </span>
  )
}

/** "Added by Ben" (and when). */
export function AddedBy({ name, date }: { name: string; date?: string }) {
  return (
    <span className={muted}>
      {copy.sharedWithMe.details.addedBy} <bdi>{name}</bdi>
      {date ? ` · ${date}` : ''}
    </span>
  )
}
