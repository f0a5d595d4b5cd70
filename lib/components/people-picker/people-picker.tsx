import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, type KeyboardEvent, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { Avatar, PersonText } from '../../internal/person.tsx'
import { useLabels } from '../../locale/context.ts'
import { useLocaleDigits } from '../../locale/digits.ts'
import { Icon } from '../icon/icon.tsx'
import { SpinnerGraphic } from '../spinner/spinner.tsx'
import { type PeopleOption, peopleOptionName } from './people-option.ts'
import * as css from './people-picker.css.ts'
import { scopedPortal } from '../../internal/portal-scope.ts'

/** The texts of `PeoplePicker`; each has an English default. */
export interface PeoplePickerLabels {
  /** The field's visible label (the `label` prop wins). */
  label: string
  /** The field's placeholder (the `placeholder` prop wins). */
  placeholder: string
  /** The list while suggestions are fetched and none are there yet. */
  searching: string
  /** The list when no one is left to suggest. */
  noMatch: string
  /** A group's second line. */
  members: (count: number) => string
}

/** English defaults of `PeoplePickerLabels`. */
export const defaultPeoplePickerLabels: PeoplePickerLabels = {
  label: 'Share with people',
  placeholder: 'Name, email or group',
  searching: 'Searching…',
  noMatch: 'No one matches',
  members: (count) => (count === 1 ? '1 member' : `${count} members`),
}

/** Props of `PeoplePicker`; other attributes go to the root `div`. */
export interface PeoplePickerProps extends Omit<ComponentPropsWithRef<'div'>, 'onSelect' | 'children'> {
  /** The current suggestions, in order (the app fetches them for the text `onSearch` reports). */
  options: readonly PeopleOption[]
  /** Every change of the text, and `''` once a pick clears it (debouncing and fetching are the app's). */
  onSearch: (query: string) => void
  /** A suggestion was chosen (click, or Enter on the highlighted one); the field then empties. */
  onSelect: (option: PeopleOption) => void
  /** Suggestions are being fetched: a spinner in the field, "Searching…" while the list is empty. */
  loading?: boolean
  /** The field's label; defaults to "Share with people". */
  label?: string
  /** The placeholder; defaults to "Name, email or group". */
  placeholder?: string
  /** Disables the field. */
  disabled?: boolean
  /** Ids that already have access: never offered, whatever `options` holds. */
  exclude?: readonly string[]
  /** Texts; see `defaultPeoplePickerLabels`. */
  labels?: Partial<PeoplePickerLabels>
}

/** The second line of an option: a user's email, a group's member count. */
const detailOf = (option: PeopleOption, labels: PeoplePickerLabels, digits: (text: string) => string) =>
  option.type === 'group' ? digits(labels.members(option.members)) : option.email

/**
 * A combobox (Ariakit Combobox) to find people and groups of this server and pick one: each row
 * shows an avatar (initials, or the group icon), the name and the email or member count. The list
 * opens once there is text; the first match is highlighted, so Enter picks it, and Arrow keys move.
 */
export function PeoplePicker({
  options,
  onSearch,
  onSelect,
  loading = false,
  label,
  placeholder,
  disabled = false,
  exclude = [],
  labels: labelOverrides,
  className,
  ...props
}: PeoplePickerProps) {
  const labels = useLabels('peoplePicker', defaultPeoplePickerLabels, labelOverrides)
  const digits = useLocaleDigits()
  const [text, setText] = useState('')
  const change = (next: string) => {
    setText(next)
    onSearch(next)
  }
  const combobox = Ariakit.useComboboxStore({ value: text, setValue: change })
  const shown = options.filter((option) => !exclude.includes(option.id))
  const name = label ?? labels.label

  const pick = (option: PeopleOption) => {
    onSelect(option)
    change('')
  }

  // Escape with the suggestions open closes them, and only them. Ariakit hands the key on to the
  // highlighted option in the (portalled) popover, which closes there, while the original event
  // bubbles on from the field and also closed a dialog around the picker (the share dialog).
  const closeOnEscape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || !combobox.getState().open) return
    event.stopPropagation()
    combobox.hide()
  }

  return (
    <div data-part="people-picker" {...props} className={cx(css.root, className)}>
      <Ariakit.ComboboxProvider store={combobox}>
        <Ariakit.ComboboxLabel className={css.label}>{name}</Ariakit.ComboboxLabel>
        <div className={css.field}>
          <Icon name="search" size="small" className={css.searchIcon} />
          <Ariakit.Combobox
            placeholder={placeholder ?? labels.placeholder}
            disabled={disabled}
            autoSelect
            showMinLength={1}
            spellCheck={false}
            aria-busy={loading || undefined}
            onKeyDownCapture={closeOnEscape}
            className={css.input}
          />
          {loading ? <SpinnerGraphic size="small" className={css.spinner} /> : null}
        </div>
        <Ariakit.ComboboxPopover
          gutter={4}
          sameWidth
          unmountOnHide
          portalElement={scopedPortal}
          aria-label={name}
          aria-busy={loading || undefined}
          className={css.popover}
        >
          {shown.map((option) => (
            <Ariakit.ComboboxItem
              key={`${option.type}:${option.id}`}
              value={peopleOptionName(option)}
              setValueOnClick={false}
              data-part="people-option"
              data-type={option.type}
              className={css.item}
              onClick={() => pick(option)}
            >
              <Avatar person={option} />
              <PersonText name={peopleOptionName(option)} detail={detailOf(option, labels, digits)} />
            </Ariakit.ComboboxItem>
          ))}
          {shown.length === 0 ? (
            // A disabled option, so the listbox is never empty (assistive technology reads that as broken).
            <Ariakit.ComboboxItem disabled className={css.empty} data-state={loading ? 'loading' : 'empty'}>
              {loading ? labels.searching : labels.noMatch}
            </Ariakit.ComboboxItem>
          ) : null}
        </Ariakit.ComboboxPopover>
      </Ariakit.ComboboxProvider>
    </div>
  )
}
