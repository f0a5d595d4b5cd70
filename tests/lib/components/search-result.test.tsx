import { render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  type BrowserFile,
  deMessages,
  FileList,
  ItemPath,
  LocaleProvider,
  normalizeMarks,
  TextSnippet,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const path = [
  { id: 'a', name: 'Photos' },
  { id: 'b', name: '2024' },
]

const list = (ui: ReactElement) => <>{ui}</>

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!

describe('ItemPath', () => {
  it('given a path, then Home comes first and each crumb hands its folder id (undefined for Home)', async () => {
    const open = vi.fn()
    const { user, container } = setup(<ItemPath path={path} onFolderClick={open} />)
    const list = screen.getByRole('list', { name: 'Location' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Photos', '2024'])
    await user.click(screen.getByRole('button', { name: 'Open folder 2024' }))
    expect(open).toHaveBeenLastCalledWith('b')
    await user.click(screen.getByRole('button', { name: 'Open folder Home' }))
    expect(open).toHaveBeenLastCalledWith(undefined)
    expect(open).toHaveBeenCalledTimes(2)
    await expectNoAxeViolations(container)
  })

  it('given root trash and no callback, then the crumbs are plain text starting at Trash', () => {
    render(<ItemPath path={path} root="trash" />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Trash', '›Photos', '›2024'])
  })

  it('given root shared, then the first crumb is Shared with me and hands back no folder id', async () => {
    const open = vi.fn()
    const { user } = setup(<ItemPath path={path} root="shared" onFolderClick={open} />)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Shared with me', '›Photos', '›2024'])
    await user.click(screen.getByRole('button', { name: 'Open folder Shared with me' }))
    expect(open).toHaveBeenLastCalledWith(undefined)
  })

  it('speaks German in a German LocaleProvider', () => {
    render(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <ItemPath path={[]} onFolderClick={() => {}} />
      </LocaleProvider>,
    )
    expect(screen.getByRole('list', { name: 'Ort' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ordner Start öffnen' }).textContent).toContain('Start')
  })
})

describe('TextSnippet', () => {
  it('given marks, then exactly the marked ranges are in <mark>', () => {
    const { container } = render(
      <TextSnippet
        snippet={{
          text: 'the sunflower and the sunflowers',
          marks: [
            [4, 13],
            [22, 32],
          ],
        }}
      />,
    )
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['sunflower', 'sunflowers'])
    expect(container.textContent).toBe('the sunflower and the sunflowers')
  })

  it('given markup in the text, then it shows as text and no element is created from it', () => {
    const { container } = render(
      <TextSnippet snippet={{ text: 'a <img src=x onerror="alert(1)"> b', marks: [[0, 1]] }} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe('a <img src=x onerror="alert(1)"> b')
  })

  it('given marks out of bounds, reversed or overlapping, then they are clipped and merged', () => {
    expect(
      normalizeMarks('abcdefghij', [
        [8, 40],
        [5, 2],
        [1, 3],
        [2, 5],
        [-4, 0],
      ]),
    ).toEqual([
      [1, 5],
      [8, 10],
    ])
  })
})

describe('FileList with search results', () => {
  const files: BrowserFile[] = [
    { id: '1', name: 'holiday.jpg', size: 10, uploadDate: '2024-01-01T00:00:00Z', path },
    {
      id: '2',
      name: 'notes.pdf',
      size: 10,
      uploadDate: '2024-01-01T00:00:00Z',
      path: [],
      snippet: { text: 'a sunflower', marks: [[2, 11]] },
    },
  ]

  it('given a crumb click, then onPathClick gets the folder id and the item, and the row click is not called', async () => {
    const onPathClick = vi.fn()
    const onItemClick = vi.fn()
    const { user } = setup(
      list(<FileList title="Files" items={files} onPathClick={onPathClick} onItemClick={onItemClick} />),
    )
    await user.click(screen.getByRole('button', { name: 'Open folder Photos' }))
    expect(onPathClick).toHaveBeenCalledWith('a', files[0])
    expect(onItemClick).not.toHaveBeenCalled()
    const row = rowOf('notes.pdf')
    expect(row.querySelector('mark')?.textContent).toBe('sunflower')
  })

  it('given a focused row, then Right walks the crumbs and the Actions button, Left walks back', async () => {
    const onPathClick = vi.fn()
    const { user } = setup(list(<FileList title="Files" items={files} onPathClick={onPathClick} />))
    const row = rowOf('holiday.jpg')
    row.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Open folder Home' }))
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Open folder 2024' }))
    await user.keyboard('{Enter}')
    expect(onPathClick).toHaveBeenCalledWith('b', files[0])
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Actions for holiday.jpg' }))
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    expect(document.activeElement).toBe(row)
  })
})
