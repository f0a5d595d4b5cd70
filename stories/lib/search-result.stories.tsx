import { useState } from 'react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type BrowserFile,
  type BrowserFolder,
  FileList,
  FolderGrid,
  ItemPath,
  type PathCrumb,
  TextSnippet,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const photos: PathCrumb = { id: 'photos', name: 'Photos' }
const longPath: PathCrumb[] = [
  { id: 'family', name: 'Family' },
  { id: 'trips', name: 'Trips and holidays of many years' },
  { id: 'y2023', name: '2023' },
  { id: 'pt', name: 'Summer on the coast of Portugal, with the long drive there' },
]

/** A snippet with `words` marked where they first occur (each after the one before). */
function marked(text: string, words: string[]) {
  let from = 0
  const marks = words.map((word) => {
    const start = text.indexOf(word, from)
    from = start + word.length
    return [start, from] as [number, number]
  })
  return { text, marks }
}

const results: BrowserFile[] = [
  { id: 'r1', name: 'holiday.jpg', size: 2_400_000, uploadDate: new Date(2024, 6, 2, 10, 5), path: [photos] },
  {
    id: 'r2',
    name: 'Garden notes.pdf',
    size: 81_000,
    uploadDate: new Date(2024, 4, 12, 9, 0),
    path: [],
    snippet: marked(
      '…planted the sunflower seeds along the south fence; the sunflowers came up in nine days <img onerror=alert(1)>',
      ['sunflower', 'sunflowers'],
    ),
  },
  {
    id: 'r3',
    name: 'packing list with a rather long name that needs cutting short.docx',
    size: 12_000,
    uploadDate: new Date(2023, 7, 1, 18, 30),
    path: longPath,
    snippet: marked('Sunscreen, hats, the holiday camera and its charger.', ['holiday']),
  },
]

const folderResults: BrowserFolder[] = [
  { id: 'f1', name: 'Holiday 2023', createdAt: new Date(2023, 5, 1), path: [{ id: 'family', name: 'Family' }] },
]

const openFolder = fn()

const meta = preview.meta({
  title: 'Library/SearchResult',
  tags: ['autodocs'],
  component: ItemPath,
  args: { path: [photos], onFolderClick: openFolder },
  beforeEach: () => {
    openFolder.mockClear()
  },
})

export const Playground = meta.story({})

/** The path (Home or Trash first, long paths cut short), a snippet with marks, and search rows in a list. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="path: in Home">
        <ItemPath path={[]} onFolderClick={() => {}} />
      </State>
      <State label="path: one folder">
        <ItemPath path={[photos]} onFolderClick={() => {}} />
      </State>
      <State label="path: long, 320 px">
        <div style={{ width: 320 }}>
          <ItemPath path={longPath} onFolderClick={() => {}} />
        </div>
      </State>
      <State label="path: in Trash, plain text (no callback)">
        <ItemPath path={[photos]} root="trash" />
      </State>
      <State label="path: in a share, from Shared with me">
        <ItemPath path={[photos]} root="shared" onFolderClick={() => {}} />
      </State>
      <State label="snippet (markup in the text stays text)">
        <TextSnippet snippet={results[1]!.snippet!} />
      </State>
      <State label="search rows: folders and files with path and snippet">
        <div style={{ width: '100%' }}>
          <FolderGrid
            title="Search"
            view="list"
            items={folderResults}
            onPathClick={() => {}}
            style={{ height: 120, width: '100%' }}
          />
          <FileList title="Files" items={results} onPathClick={() => {}} style={{ height: 300, width: '100%' }} />
        </div>
      </State>
      <State label="search rows, narrow (360 px)">
        <FileList title="Files" items={results} onPathClick={() => {}} style={{ height: 300, width: 360 }} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left: crumbs run from the right, separators and marks follow. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** German: the first crumb reads "Start". */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** A crumb hands its folder id to the callback; the first (Home) hands `undefined`; the row's own click stays out. */
export const CrumbClick = meta.story({
  render: function Render() {
    const [opened, setOpened] = useState<string>('')
    const onItemClick = fn()
    return (
      <>
        <FileList
          title="Files"
          items={results}
          onItemClick={onItemClick}
          onPathClick={(id, file) => setOpened(`${id ?? 'home'} from ${file.name}`)}
          style={{ height: 300 }}
        />
        <output data-testid="opened">{opened}</output>
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click((await canvas.findAllByRole('button', { name: 'Open folder Photos' }))[0]!)
    await expect(canvas.getByTestId('opened')).toHaveTextContent('photos from holiday.jpg')
    await userEvent.click(canvas.getAllByRole('button', { name: 'Open folder Home' })[1]!)
    await expect(canvas.getByTestId('opened')).toHaveTextContent('home from Garden notes.pdf')
    await expect(canvas.getAllByRole('row', { selected: false }).length).toBeGreaterThan(0)
  },
})

/** Keyboard: Right from a row walks its crumbs, then its Actions button; Left walks back; Enter opens a crumb's folder. */
export const CrumbKeyboard = meta.story({
  render: function Render() {
    const [opened, setOpened] = useState<string>('')
    return (
      <>
        <FileList title="Files" items={results} onPathClick={(id) => setOpened(id ?? 'home')} style={{ height: 300 }} />
        <output data-testid="opened">{opened}</output>
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findAllByRole('button', { name: 'Open folder Photos' })
    await userEvent.tab()
    const row = canvas.getAllByRole('row')[1]!
    await expect(row).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getAllByRole('button', { name: 'Open folder Home' })[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    const crumb = canvas.getAllByRole('button', { name: 'Open folder Photos' })[0]!
    await expect(crumb).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByTestId('opened')).toHaveTextContent('photos')
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('button', { name: 'Actions for holiday.jpg' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}')
    await expect(row).toHaveFocus()
  },
})
