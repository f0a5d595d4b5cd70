import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchBar, type SearchBarProps, type SearchSuggestion } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const folders: SearchSuggestion[] = [{ id: 'f1', name: 'Holiday photos' }]
const files: SearchSuggestion[] = [
  { id: 'a', name: 'holiday.jpg' },
  { id: 'b', name: 'holiday-plan.pdf' },
]

// The app's side: it filters (here at once; really debounced and fetched) and passes the lists in.
function Harness(props: Partial<SearchBarProps> & { found?: boolean }) {
  const { found = true, onValueChange, ...rest } = props
  const [text, setText] = useState('')
  const match = (list: SearchSuggestion[]) =>
    found ? list.filter((s) => s.name.toLowerCase().includes(text.toLowerCase())) : []
  return (
    <SearchBar
      onSubmit={() => {}}
      {...rest}
      value={text}
      onValueChange={(next) => {
        setText(next)
        onValueChange?.(next)
      }}
      folders={text ? match(folders) : []}
      files={text ? match(files) : []}
    />
  )
}

/** The text of the element that describes `el` (its aria-describedby). */
const describedBy = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent

describe('SearchBar', () => {
  it('is a combobox in a search landmark, placeholder "Search" by default or the one given', () => {
    const { unmount } = setup(<SearchBar onSubmit={() => {}} />)
    expect(
      within(screen.getByRole('search')).getByRole('combobox', { name: 'Search' }).getAttribute('placeholder'),
    ).toBe('Search')
    unmount()
    setup(<SearchBar placeholder="Search Trash" onSubmit={() => {}} />)
    expect(screen.getByRole('combobox', { name: 'Search Trash' }).getAttribute('placeholder')).toBe('Search Trash')
  })

  it('given typing, then every change reaches onValueChange and folder and file suggestions show in groups', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<Harness onValueChange={onValueChange} />)
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'hol')
    const listbox = await screen.findByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('group')
        .map(
          (g) =>
            g.getAttribute('aria-labelledby') &&
            document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
        ),
    ).toEqual(['Folders', 'Files'])
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Holiday photos', 'JPGholiday.jpg', 'PDFholiday-plan.pdf'])
    expect(onValueChange.mock.calls).toEqual([['h'], ['ho'], ['hol']])
    await expectNoAxeViolations()
  })

  it('reports each change through onValueChange', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<SearchBar onValueChange={onValueChange} onSubmit={() => {}} />)
    await user.type(screen.getByRole('combobox'), 'ab')
    expect(onValueChange.mock.calls).toEqual([['a'], ['ab']])
  })

  it('given text with no results, then the dropdown says "No Results"; with no text, no dropdown', async () => {
    const { user } = setup(<Harness found={false} />)
    const input = screen.getByRole('combobox', { name: 'Search' })
    await user.click(input)
    expect(screen.queryByRole('listbox')).toBeNull()
    await user.type(input, 'zzz')
    const listbox = await screen.findByRole('listbox')
    const [only, ...rest] = within(listbox).getAllByRole('option')
    expect(rest).toHaveLength(0)
    expect(only?.textContent).toBe('No Results')
    expect(only?.getAttribute('aria-disabled')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given loading with nothing yet, then it shows a spinner instead of "No Results"', async () => {
    const { user } = setup(<Harness found={false} loading />)
    await user.type(screen.getByRole('combobox'), 'x')
    expect((await screen.findByRole('option')).textContent).toBe('Searching')
  })

  it('given Enter with no suggestion highlighted, then onSubmit gets the text', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<Harness onSubmit={onSubmit} />)
    await user.type(screen.getByRole('combobox'), 'holiday{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('holiday')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  })

  it('given an empty text, then Enter still submits (the app goes back to the area root)', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<SearchBar onSubmit={onSubmit} />)
    await user.click(screen.getByRole('combobox'))
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('')
  })

  it('given ArrowDown to a folder and Enter, then onSelectFolder runs instead of a submit', async () => {
    const onSelectFolder = vi.fn()
    const onSubmit = vi.fn()
    const { user } = setup(<Harness onSelectFolder={onSelectFolder} onSubmit={onSubmit} />)
    await user.type(screen.getByRole('combobox'), 'hol')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Holiday photos' }).hasAttribute('data-active-item')).toBe(true),
    )
    await user.keyboard('{Enter}')
    expect(onSelectFolder).toHaveBeenCalledWith(folders[0])
    expect(onSubmit).not.toHaveBeenCalled()
    // The text is left as typed.
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('hol')
  })

  it('given a click on a file, then onSelectFile runs', async () => {
    const onSelectFile = vi.fn()
    const { user } = setup(<Harness onSelectFile={onSelectFile} />)
    await user.type(screen.getByRole('combobox'), 'plan')
    await user.click(await screen.findByRole('option', { name: /holiday-plan\.pdf/ }))
    expect(onSelectFile).toHaveBeenCalledWith(files[1])
  })

  it('given the clear button, then the text resets, onValueChange gets "" and focus stays in the field', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<SearchBar defaultValue="report" onValueChange={onValueChange} onSubmit={() => {}} />)
    const input = screen.getByRole<HTMLInputElement>('combobox')
    expect(input.value).toBe('report')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(input.value).toBe('')
    expect(onValueChange).toHaveBeenLastCalledWith('')
    expect(document.activeElement).toBe(input)
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
  })

  it('given Escape with the dropdown open, then it closes and focus stays in the field', async () => {
    const { user } = setup(<Harness />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'hol')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    expect(document.activeElement).toBe(input)
  })

  it('given suggestions with a path, then each row names the item and describes it with its path line', async () => {
    const withPath: SearchSuggestion[] = [
      { id: 'x', name: 'holiday.jpg', path: [{ id: 'p', name: 'Photos' }] },
      { id: 'y', name: 'plan.pdf', path: [] },
    ]
    const { user } = setup(<SearchBar onSubmit={() => {}} files={withPath} pathRoot="trash" />)
    await user.type(screen.getByRole('combobox'), 'h')
    const option = await screen.findByRole('option', { name: 'holiday.jpg' })
    expect(describedBy(option)).toBe('Trash › Photos')
    expect(describedBy(screen.getByRole('option', { name: 'plan.pdf' }))).toBe('Trash')
  })
  it('wires the combobox: expanded with its listbox, the highlight as aria-activedescendant', async () => {
    const { user } = setup(<Harness />)
    const input = screen.getByRole('combobox')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.hasAttribute('aria-controls')).toBe(false)
    await user.type(input, 'hol')
    const listbox = await screen.findByRole('listbox', { name: 'Search' })
    expect(input.getAttribute('aria-expanded')).toBe('true')
    expect(input.getAttribute('aria-controls')).toBe(listbox.id)
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const second = screen.getByRole('option', { name: 'holiday.jpg' })
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id)
    expect(second.getAttribute('aria-selected')).toBe('true')
    // Past the last row it stays; ArrowUp from the first row goes back to the field.
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'holiday-plan.pdf' }).id,
    )
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
    expect(document.activeElement).toBe(input)
  })

  it('given typing after a highlight, then nothing stays highlighted and Enter submits the new text', async () => {
    const onSubmit = vi.fn()
    const onSelectFolder = vi.fn()
    const { user } = setup(<Harness onSubmit={onSubmit} onSelectFolder={onSelectFolder} />)
    await user.type(screen.getByRole('combobox'), 'hol')
    await user.keyboard('{ArrowDown}i{Enter}')
    expect(onSelectFolder).not.toHaveBeenCalled()
    expect(onSubmit).toHaveBeenCalledWith('holi')
  })

  it('given a click outside, then the dropdown closes; a click in the field opens it again', async () => {
    const { user } = setup(
      <>
        <Harness />
        <button type="button">elsewhere</button>
      </>,
    )
    const input = screen.getByRole('combobox')
    await user.type(input, 'hol')
    await screen.findByRole('listbox')
    await user.click(screen.getByRole('button', { name: 'elsewhere' }))
    expect(screen.queryByRole('listbox')).toBeNull()
    await user.click(input)
    expect(await screen.findByRole('listbox')).toBeTruthy()
  })

  it('given a press on a suggestion, then focus stays in the field until the click chooses it', async () => {
    const onSelectFile = vi.fn()
    const { user } = setup(<Harness onSelectFile={onSelectFile} />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'jpg')
    const option = await screen.findByRole('option', { name: 'holiday.jpg' })
    await user.pointer({ keys: '[MouseLeft>]', target: option })
    expect(document.activeElement).toBe(input)
    expect(screen.getByRole('listbox')).toBeTruthy()
    await user.pointer({ keys: '[/MouseLeft]', target: option })
    expect(onSelectFile).toHaveBeenCalledWith(files[0])
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
