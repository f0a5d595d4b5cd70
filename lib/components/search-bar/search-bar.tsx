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
import { useSuggestionBox } from './use-suggestion-box.ts'

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
 * The header's search field, a combobox: suggestions of folders and files in a dropdown under
 * it (or "No Results"), a clear button, Enter submits; choosing a suggestion opens it.
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

  // Folders first, then files: one run of options for the arrow keys.
  const options = [
    ...folders.map((suggestion) => ({ kind: 'folder' as const, suggestion })),
    ...files.map((suggestion) => ({ kind: 'file' as const, suggestion })),
  ]
  const box = useSuggestionBox({
    text,
    count: options.length,
    onChoose: (index) => {
      const option = options[index]
      if (option?.kind === 'folder') onSelectFolder?.(option.suggestion)
      else if (option) onSelectFile?.(option.suggestion)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    box.hide()
    onSubmit(text)
  }

  // Enter with no suggestion highlighted is a submit (the box takes it for a highlighted one).
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    box.inputProps.onKeyDown(event)
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }

  const clear = () => {
    change('')
    box.hide()
    input.current?.focus()
  }

  const option = (index: number) => {
    const { kind, suggestion } = options[index]!
    return (
      <div key={suggestion.id} {...box.optionProps(index)} className={css.item} {...itemA11y(kind, suggestion)}>
        <span className={css.badgeCell}>
          {kind === 'folder' ? (
            <Icon name="folder" className={css.itemIcon} />
          ) : (
            <ExtensionBadge filename={suggestion.name} size="small" max={3} aria-hidden />
          )}
        </span>
        {itemText(kind, suggestion)}
      </div>
    )
  }
  const group = (kind: 'folder' | 'file', title: string, from: number, count: number) =>
    count > 0 ? (
      <div role="group" aria-labelledby={`${baseId}-${kind}-label`}>
        <div id={`${baseId}-${kind}-label`} className={css.groupLabel}>
          {title}
        </div>
        {Array.from({ length: count }, (_, i) => option(from + i))}
      </div>
    ) : null

  return (
    <form
      role="search"
      noValidate
      data-part="search-bar"
      {...props}
      className={cx(css.form, className)}
      onSubmit={submit}
    >
      <Icon name="search" size="small" className={css.searchIcon} />
      <input
        ref={input}
        type="search"
        {...box.inputProps}
        value={text}
        onChange={(event) => {
          change(event.target.value)
          box.inputProps.onChange(event)
        }}
        onKeyDown={keyDown}
        aria-label={label ?? placeholder}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        className={css.input}
      />
      {text !== '' ? (
        <IconButton icon="close" label={labels.clear} size="small" className={css.clear} onClick={clear} />
      ) : null}
      {box.open ? (
        <div {...box.listProps} aria-label={label ?? placeholder} className={css.popover}>
          {group('folder', labels.folders, 0, folders.length)}
          {group('file', labels.files, folders.length, files.length)}
          {options.length === 0 ? (
            // A disabled option, so the listbox is never empty (which assistive technology reads as broken).
            <div
              role="option"
              aria-disabled
              aria-selected={false}
              className={css.empty}
              data-state={loading ? 'loading' : 'empty'}
            >
              {loading ? (
                <>
                  <SpinnerGraphic size="small" />
                  {labels.loading}
                </>
              ) : (
                labels.noResults
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </form>
  )
}
