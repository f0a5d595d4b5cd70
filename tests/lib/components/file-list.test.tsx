import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type BrowserFile, FileList, FileListRow } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const at = new Date(2024, 2, 7, 21, 5)
const files = (n: number): BrowserFile[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `f${i}`,
    name: `file-${i}.pdf`,
    size: 1024 ** 2 * (i + 1),
    uploadDate: at,
  }))

describe('FileList', () => {
  it('shows the SPEC columns Name, Size, Created, Actions, with sizes in B/KB/MB and dates in the locale card format', async () => {
    setup(<FileList title="Files" items={files(3)} />)
    const grid = screen.getByRole('grid', { name: 'Files' })
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Size', 'Created', 'Actions'])
    const rows = within(grid).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('gridcell')[1]?.textContent)).toEqual(['1 MB', '2 MB', '3 MB'])
    expect(within(rows[0] as HTMLElement).getAllByRole('gridcell')[2]?.textContent).toBe('03/07/24, 09:05 PM')
    await expectNoAxeViolations()
  })

  it('given column texts and an Actions label, then they replace the defaults', () => {
    setup(
      <FileList
        title="Files"
        items={files(1)}
        columnLabels={{ created: 'Uploaded' }}
        actionsLabel={(name) => `More for ${name}`}
      />,
    )
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Size',
      'Uploaded',
      'Actions',
    ])
    expect(screen.getByRole('button', { name: 'More for file-0.pdf' })).toBeTruthy()
  })

  it('given 10,000 rows, then only a window of them is in the DOM and the grid counts them all', () => {
    setup(<FileList title="Files" items={files(10_000)} />)
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10001')
    const rows = screen.getAllByRole('row')
    expect(rows.length).toBeLessThan(300)
    expect(rows.at(-1)?.getAttribute('aria-rowindex')).toBe(String(rows.length))
  })

  it('given Home and End, then focus goes to the first and last row', async () => {
    const { user } = setup(<FileList title="Files" items={files(6)} />)
    await user.tab()
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(screen.getByRole('row', { name: /^file-5\.pdf/ }))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(screen.getByRole('row', { name: /^file-0\.pdf/ }))
  })

  it('given PageDown and PageUp, then focus jumps by about a window of rows and stays in bounds', async () => {
    const { user } = setup(<FileList title="Files" items={files(30)} />)
    await user.tab()
    await user.keyboard('{PageDown}')
    const index = Number((document.activeElement as HTMLElement).dataset.index)
    expect(index).toBeGreaterThan(1)
    expect(index).toBeLessThan(30)
    await user.keyboard('{PageUp}{PageUp}')
    expect(document.activeElement).toBe(screen.getByRole('row', { name: /^file-0\.pdf/ }))
  })

  it('given a row without an itemMenu, then its Actions button reports a context menu for the app to show', async () => {
    const onItemContextMenu = vi.fn()
    const { user } = setup(<FileList title="Files" items={files(2)} onItemContextMenu={onItemContextMenu} />)
    const button = screen.getByRole('button', { name: 'Actions for file-1.pdf' })
    expect(button.getAttribute('aria-haspopup')).toBeNull()
    await user.click(button)
    expect(onItemContextMenu).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1' }), expect.anything())
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('FileList column headers that sort (columnSort)', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name })

  it('given a sort, then its column says so with aria-sort and the others say none; Actions never sorts', async () => {
    setup(<FileList title="Files" items={files(2)} columnSort={{ value: 'size_desc', onValueChange: () => {} }} />)
    expect(header('Size').getAttribute('aria-sort')).toBe('descending')
    expect(header('Name').getAttribute('aria-sort')).toBe('none')
    expect(header('Created').getAttribute('aria-sort')).toBe('none')
    expect(within(header('Actions')).queryByRole('button')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given a click on the sorted column, then it flips; on another, name sorts ascending and size and date descending', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<FileList title="Files" items={files(2)} columnSort={{ value: 'alp_asc', onValueChange }} />)
    await user.click(within(header('Name')).getByRole('button'))
    expect(onValueChange).toHaveBeenLastCalledWith('alp_desc')
    await user.click(within(header('Size')).getByRole('button'))
    expect(onValueChange).toHaveBeenLastCalledWith('size_desc')
    // The keyboard reaches the headers: Enter on the focused one sorts.
    within(header('Created')).getByRole('button').focus()
    await user.keyboard('{Enter}')
    expect(onValueChange).toHaveBeenLastCalledWith('date_desc')
  })

  it('given fields of your own, then the columns sort by them, and a column left out stays plain text', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(
      <FileList
        title="Files"
        items={files(1)}
        columnSort={{ value: 'title_asc', onValueChange, fields: { name: 'title' } }}
      />,
    )
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending')
    expect(within(header('Size')).queryByRole('button')).toBeNull()
    await user.click(within(header('Name')).getByRole('button'))
    expect(onValueChange).toHaveBeenLastCalledWith('title_desc')
  })

  it('given no columnSort, then the headers are plain text', () => {
    setup(<FileList title="Files" items={files(1)} />)
    expect(screen.getAllByRole('columnheader').some((h) => h.hasAttribute('aria-sort'))).toBe(false)
  })
})

describe('FileListRow', () => {
  it('renders a file or a folder as a row of four cells; a folder has no size', async () => {
    setup(
      <div role="grid" aria-label="Items">
        <div role="rowgroup">
          <FileListRow file={files(1)[0] as BrowserFile} />
          <FileListRow folder={{ id: 'd', name: 'Photos', createdAt: at }} selected />
        </div>
      </div>,
    )
    const [file, folder] = screen.getAllByRole('row')
    expect(within(file as HTMLElement).getAllByRole('gridcell')).toHaveLength(4)
    expect(
      within(folder as HTMLElement)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Photos', '', '03/07/24, 09:05 PM', ''])
    expect(folder?.getAttribute('data-selected')).toBe('true')
    expect(screen.getByRole('button', { name: 'Actions for Photos' })).toBeTruthy()
    await expectNoAxeViolations()
  })
})
