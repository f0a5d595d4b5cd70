import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { SearchBar, type SearchSuggestion } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const folders: SearchSuggestion[] = [
  { id: 'f1', name: 'Holiday photos', path: [] },
  {
    id: 'f2',
    name: 'Holiday 2023 - a folder with a rather long name that needs cutting',
    path: [{ id: 'p1', name: 'Photos' }],
  },
]
const longPath = [
  { id: 'p2', name: 'Family' },
  { id: 'p3', name: 'Trips and holidays of many years' },
  { id: 'p4', name: '2023' },
  { id: 'p5', name: 'Summer on the coast of Portugal' },
]
const files: SearchSuggestion[] = [
  { id: 'a', name: 'holiday.jpg', path: [{ id: 'p1', name: 'Photos' }] },
  { id: 'b', name: 'holiday-plan.pdf', path: [] },
  { id: 'c', name: 'holiday packing list.docx', path: longPath },
  { id: 'd', name: 'holiday.mp4' },
  { id: 'e', name: 'holiday budget.xlsx', path: [{ id: 'p6', name: 'Finance' }] },
  { id: 'g', name: 'HOLIDAY', path: [] },
  { id: 'h', name: 'holiday-map.png', path: longPath },
]

const submit = fn()
const selectFolder = fn()
const selectFile = fn()

const meta = preview.meta({
  title: 'Library/SearchBar',
  tags: ['autodocs'],
  component: SearchBar,
  args: { onSubmit: submit, onSelectFolder: selectFolder, onSelectFile: selectFile },
  beforeEach: () => {
    submit.mockClear()
    selectFolder.mockClear()
    selectFile.mockClear()
  },
  decorators: [
    (Story) => (
      <div style={{ width: 760, minHeight: 480 }}>
        <Story />
      </div>
    ),
  ],
})

/** Filters the sample suggestions as the app's fetch would (without the 500 ms debounce). */
function Live({
  empty = false,
  loading = false,
  placeholder,
}: {
  empty?: boolean
  loading?: boolean
  placeholder?: string
}) {
  const [text, setText] = useState('')
  const match = (list: SearchSuggestion[]) =>
    empty || text.trim() === '' ? [] : list.filter((s) => s.name.toLowerCase().includes(text.trim().toLowerCase()))
  return (
    <SearchBar
      value={text}
      onValueChange={setText}
      placeholder={placeholder}
      loading={loading}
      folders={match(folders)}
      files={match(files)}
      onSubmit={submit}
      onSelectFolder={selectFolder}
      onSelectFile={selectFile}
    />
  )
}

export const Playground = meta.story({ render: () => <Live /> })

/** Empty (each area's placeholder), with text (clear button), disabled, and a narrow viewport. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="empty, home">
        <SearchBar aria-label="Search 1" onSubmit={submit} />
      </State>
      <State label="empty, media">
        <SearchBar aria-label="Search 2" placeholder="Search Media" onSubmit={submit} />
      </State>
      <State label="empty, trash">
        <SearchBar aria-label="Search 3" placeholder="Search Trash" onSubmit={submit} />
      </State>
      <State label="with text (clear button)">
        <SearchBar aria-label="Search 4" defaultValue="quarterly report" onSubmit={submit} />
      </State>
      <State label="disabled">
        <SearchBar aria-label="Search 5" disabled onSubmit={submit} />
      </State>
      <State label="narrow viewport (300 px)">
        <div style={{ width: 300 }}>
          <SearchBar
            aria-label="Search 6"
            defaultValue="a long query that does not fit in the field"
            onSubmit={submit}
          />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

const typeAndWait = async (userEvent: { type: (el: Element, text: string) => Promise<void> }, text: string) => {
  const input = screen.getByRole('combobox')
  await userEvent.type(input, text)
  const listbox = await screen.findByRole('listbox')
  await waitFor(() => expect(listbox).toHaveAttribute('data-enter'))
  return listbox
}

/** The dropdown: folder and file groups (the list scrolls past 400 px), one row highlighted. */
export const StatesOpen = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await typeAndWait(userEvent, 'hol')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
  },
})

export const StatesOpenDark = StatesOpen.extend({ globals: { theme: 'dark' } })

/** Right to left: the path line mirrors with the row. */
export const StatesOpenRtl = StatesOpen.extend({ globals: { dir: 'rtl' } })

/** German: the path's first crumb reads "Start". */
export const StatesOpenGerman = StatesOpen.extend({ globals: { locale: 'de-DE' } })

/** Each row keeps the spec's 47 px with its path line. */
export const PathLine = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'packing')
    const option = within(listbox).getByRole('option', { name: 'holiday packing list.docx' })
    await expect(option).toHaveAccessibleDescription(
      'Home › Family › Trips and holidays of many years › 2023 › Summer on the coast of Portugal',
    )
    await expect(option.getBoundingClientRect().height).toBe(47)
  },
})

/** No match: "No Results". */
export const StatesNoResults = meta.story({
  render: () => <Live empty />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'zzz')
    await expect(within(listbox).getByRole('option')).toHaveTextContent('No Results')
  },
})

/** Fetching with nothing to show yet: a spinner. */
export const StatesLoading = meta.story({
  render: () => <Live empty loading />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'hol')
    await expect(within(listbox).getByRole('option')).toHaveTextContent('Searching')
  },
})

/** Keyboard: type, Enter submits; ArrowDown to a file and Enter opens it; Escape closes the list. */
export const Keyboard = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await userEvent.tab()
    const input = screen.getByRole('combobox', { name: 'Search' })
    await expect(input).toHaveFocus()
    await userEvent.keyboard('plan{Enter}')
    await expect(submit).toHaveBeenCalledWith('plan')
    await userEvent.keyboard('{Backspace}')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(selectFile).toHaveBeenCalledWith(files[1])
    await expect(submit).toHaveBeenCalledOnce()
    await userEvent.keyboard('n')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    await expect(input).toHaveFocus()
  },
})

/** Pointer: click a folder suggestion; the clear button empties the field. */
export const Pointer = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await typeAndWait(userEvent, 'photos')
    await userEvent.click(screen.getByRole('option', { name: 'Holiday photos' }))
    await expect(selectFolder).toHaveBeenCalledWith(folders[0])
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await expect(screen.getByRole('combobox')).toHaveValue('')
    await expect(screen.getByRole('combobox')).toHaveFocus()
  },
})
