import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, type FormEvent, type KeyboardEvent, useId, useRef } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { SpinnerGraphic } from '../spinner/spinner.tsx'
import * as css from './search-bar.css.ts'
import { useLabels } from '../../locale/locale.tsx'
import { defaultItemPathLabels, type ItemPathRoot, type PathCrumb } from '../search-result/item-path.tsx'
import { scopedPortal } from '../../internal/portal-scope.ts'

/** A folder or file suggestion. */
export interface SearchSuggestion {
  id: string
  name: string
  /** Where it is: its folders from the root down, outermost first (`[]`: in the root). Shown as a second line. */
  path?: readonly PathCrumb[]
}

/** Props of `SearchBar`; other form attributes are forwarded. */
export interface SearchBarProps extends Omit<ComponentPropsWithRef<'form'>, 'onChange' | 'onSubmit' | 'children'> {
  /** Controlled text. */
  value?: string
  /** Initial text when uncontrolled (e.g. the query of a search route). */
  defaultValue?: string
  /** Every change of the text, cleared included: the app debounces (500 ms) and fetches suggestions. */
  onValueChange?: (text: string) => void
  /** Enter (with no suggestion highlighted): the app navigates to the search route, or the area root when empty. */
  onSubmit: (text: string) => void
  /** Placeholder; defaults to `labels.placeholder`, "Search" (the app passes "Search Media" or "Search Trash"). */
  placeholder?: string
  /** Accessible name of the field; defaults to the placeholder. */
  label?: string
  /** Folder suggestions. */
  folders?: readonly SearchSuggestion[]
  /** File suggestions. */
  files?: readonly SearchSuggestion[]
  /** Suggestions are being fetched: a spinner shows instead of "No Results". */
  loading?: boolean
  /** A folder suggestion was chosen. */
  onSelectFolder?: (folder: SearchSuggestion) => void
  /** A file suggestion was chosen. */
  onSelectFile?: (file: SearchSuggestion) => void
  /** Disables the field. */
  disabled?: boolean
  /** The first folder of the suggestions' path lines: Home (default) or Trash. */
  pathRoot?: ItemPathRoot
  /** Texts; defaults "Search", "Clear search", "Folders", "Files", "No Results", "Searching". */
  labels?: Partial<SearchBarLabels>
}

/** The texts of `SearchBar`; each has an English default. */
export interface SearchBarLabels {
  /** The placeholder, which also names the field when no `label` is given. */
  placeholder: string
  clear: string
  folders: string
  files: string
  noResults: string
  loading: string
}

/** English defaults of `SearchBarLabels`. */
export const defaultSearchBarLabels: SearchBarLabels = {
  placeholder: 'Search',
  clear: 'Clear search',
  folders: 'Folders',
  files: 'Files',
  noResults: 'No Results',
  loading: 'Searching',
}

/**
 * The header's search field, an Ariakit Combobox: suggestions of folders and files in a
 * dropdown (or "No Results"), a clear button, Enter submits; choosing a suggestion opens it.
 */
export function SearchBar({
  value,
  defaultValue = '',
  onValueChange,
  onSubmit,
  placeholder: placeholderProp,
  label,
  folders = [],
  files = [],
  loading = false,
  onSelectFolder,
  onSelectFile,
  disabled = false,
  pathRoot = 'home',
  labels: labelOverrides,
  className,
  ...props
}: SearchBarProps) {
  const labels = useLabels('searchBar', defaultSearchBarLabels, labelOverrides)
  const placeholder = placeholderProp ?? labels.placeholder
  const pathLabels = useLabels('itemPath', defaultItemPathLabels)
  // The path as one line of text ("Home › Photos › 2024"); the row stays 47 px with it.
  const pathLine = (path: readonly PathCrumb[] | undefined) =>
    path ? [pathLabels[pathRoot], ...path.map((p) => p.name)].join(' › ') : undefined
  const baseId = useId()
  const pathId = (kind: string, suggestion: SearchSuggestion) => `${baseId}-${kind}-${suggestion.id}`
  // The option is named by the name alone; the path line (hidden from the name) is its description.
  const itemA11y = (kind: string, suggestion: SearchSuggestion) =>
    suggestion.path ? { 'aria-describedby': pathId(kind, suggestion) } : {}
  const itemText = (kind: string, suggestion: SearchSuggestion) => {
    const line = pathLine(suggestion.path)
    return line === undefined ? (
      <span className={css.itemName}>{suggestion.name}</span>
    ) : (
      <span className={css.itemText}>
        <span className={css.itemName}>{suggestion.name}</span>
        <span id={pathId(kind, suggestion)} aria-hidden className={css.itemPath} data-part="search-suggestion-path">
          {line}
        </span>
      </span>
    )
  }
  const [text, change] = useControllableState(value, defaultValue, onValueChange)
  const input = useRef<HTMLInputElement>(null)

  const combobox = Ariakit.useComboboxStore({ value: text, setValue: change })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    combobox.hide()
    onSubmit(text)
  }

  // Ariakit keeps Enter for the highlighted suggestion; with none highlighted it is a submit.
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || combobox.getState().activeId) return
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }

  const clear = () => {
    change('')
    combobox.hide()
    input.current?.focus()
  }

  return (
    <form
      role="search"
      noValidate
      data-part="search-bar"
      {...props}
      className={cx(css.form, className)}
      onSubmit={submit}
    >
      <Ariakit.ComboboxProvider store={combobox}>
        <Icon name="search" size="small" className={css.searchIcon} />
        <Ariakit.Combobox
          ref={input}
          type="search"
          aria-label={label ?? placeholder}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="list"
          autoSelect={false}
          // Suggestions (or "No Results") only once there is text.
          showMinLength={1}
          spellCheck={false}
          onKeyDown={keyDown}
          className={css.input}
        />
        {text !== '' ? (
          <IconButton icon="close" label={labels.clear} size="small" className={css.clear} onClick={clear} />
        ) : null}
        <Ariakit.ComboboxPopover
          gutter={4}
          sameWidth
          unmountOnHide
          portalElement={scopedPortal}
          className={css.popover}
          aria-label={label ?? placeholder}
        >
          {folders.length > 0 ? (
            <Ariakit.ComboboxGroup>
              <Ariakit.ComboboxGroupLabel className={css.groupLabel}>{labels.folders}</Ariakit.ComboboxGroupLabel>
              {folders.map((folder) => (
                <Ariakit.ComboboxItem
                  key={folder.id}
                  value={folder.name}
                  setValueOnClick={false}
                  className={css.item}
                  {...itemA11y('folder', folder)}
                  onClick={() => onSelectFolder?.(folder)}
                >
                  <span className={css.badgeCell}>
                    <Icon name="folder" className={css.itemIcon} />
                  </span>
                  {itemText('folder', folder)}
                </Ariakit.ComboboxItem>
              ))}
            </Ariakit.ComboboxGroup>
          ) : null}
          {files.length > 0 ? (
            <Ariakit.ComboboxGroup>
              <Ariakit.ComboboxGroupLabel className={css.groupLabel}>{labels.files}</Ariakit.ComboboxGroupLabel>
              {files.map((file) => (
                <Ariakit.ComboboxItem
                  key={file.id}
                  value={file.name}
                  setValueOnClick={false}
                  className={css.item}
                  {...itemA11y('file', file)}
                  onClick={() => onSelectFile?.(file)}
                >
                  <span className={css.badgeCell}>
                    <ExtensionBadge filename={file.name} size="small" max={3} aria-hidden />
                  </span>
                  {itemText('file', file)}
                </Ariakit.ComboboxItem>
              ))}
            </Ariakit.ComboboxGroup>
          ) : null}
          {folders.length === 0 && files.length === 0 ? (
            // A disabled option, so the listbox is never empty (which assistive technology reads as broken).
            <Ariakit.ComboboxItem disabled className={css.empty} data-state={loading ? 'loading' : 'empty'}>
              {loading ? (
                <>
                  <SpinnerGraphic size="small" />
                  {labels.loading}
                </>
              ) : (
                labels.noResults
              )}
            </Ariakit.ComboboxItem>
          ) : null}
        </Ariakit.ComboboxPopover>
      </Ariakit.ComboboxProvider>
    </form>
  )
}
