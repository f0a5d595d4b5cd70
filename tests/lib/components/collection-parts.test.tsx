import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  type BrowserFile,
  FileGrid,
  FileList,
  FolderGrid,
  MediaGrid,
  PhotoGallery,
  VirtualCollection,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'
import { Virtual } from '../helpers/virtual.tsx'

// What lib/README.md promises a consumer's CSS: each collection's root is named by its component
// (`data-part`), and the item with keyboard focus carries `data-focus-visible`, as Ariakit's own do.

const files: BrowserFile[] = [
  { id: 'a', name: 'a.pdf', size: 1, uploadDate: new Date(2024, 0, 2) },
  { id: 'b', name: 'b.jpg', size: 2, uploadDate: new Date(2024, 0, 3), aspectRatio: 1.5 },
]
const folders = [{ id: 'f', name: 'Work', createdAt: new Date(2024, 0, 2) }]

const rootPart = (name: string) =>
  screen
    .getByRole('heading', { name })
    .closest('[data-part]:not([data-part="collection-header"])')
    ?.getAttribute('data-part')

describe('collection roots', () => {
  it.each([
    ['FileGrid', <FileGrid key="g" title="Files" items={files} />, 'file-grid'],
    ['FileGrid in list view', <FileGrid key="gl" title="Files" view="list" items={files} />, 'file-grid'],
    ['FileList', <FileList key="l" title="Files" items={files} />, 'file-list'],
    ['FolderGrid', <FolderGrid key="f" title="Files" items={folders} />, 'folder-grid'],
    ['FolderGrid in list view', <FolderGrid key="fl" title="Files" view="list" items={folders} />, 'folder-grid'],
    ['MediaGrid', <MediaGrid key="m" title="Files" items={files} />, 'media-grid'],
    ['PhotoGallery', <PhotoGallery key="p" title="Files" items={files} initialWidth={600} />, 'photo-gallery'],
    [
      'VirtualCollection',
      <VirtualCollection
        key="v"
        title="Files"
        view="grid"
        items={files}
        getId={(file) => file.id}
        renderItem={(file, props) => (
          <div {...props} aria-label={file.name}>
            {file.name}
          </div>
        )}
      />,
      'collection',
    ],
  ])('%s names its root', (_, ui, part) => {
    setup(<Virtual>{ui}</Virtual>)
    expect(rootPart('Files')).toBe(part)
  })

  it("keeps a consumer's own data-part on the root", () => {
    setup(
      <Virtual>
        <MediaGrid title="Files" items={files} data-part="my-media" />
      </Virtual>,
    )
    expect(rootPart('Files')).toBe('my-media')
  })
})

describe('data-focus-visible on items', () => {
  it.each([
    ['FileGrid', <FileGrid key="g" title="Files" items={files} />],
    ['FileList', <FileList key="l" title="Files" items={files} />],
    ['MediaGrid', <MediaGrid key="m" title="Files" items={files} />],
  ])('%s: given Tab and arrows, then the focused item has it; given a click, then none has it', async (_, ui) => {
    const { user } = setup(
      <>
        <button type="button">Before</button>
        <Virtual>{ui}</Virtual>
      </>,
    )
    const marked = () =>
      [...document.querySelectorAll('[data-focus-visible]')].map((el) => el.getAttribute('data-index'))
    screen.getByRole('button', { name: 'Before' }).focus()
    await user.tab()
    expect(document.activeElement?.getAttribute('data-index')).toBe('0')
    expect(marked()).toEqual(['0'])
    await user.keyboard(ui.type === FileList ? '{ArrowDown}' : '{ArrowRight}')
    expect(document.activeElement?.getAttribute('data-index')).toBe('1')
    expect(marked()).toEqual(['1'])
    await user.click(document.querySelector('[data-index="0"]')!)
    expect(document.activeElement?.getAttribute('data-index')).toBe('0')
    expect(marked()).toEqual([])
    // A key after the click: the keyboard again.
    await user.keyboard(ui.type === FileList ? '{ArrowDown}' : '{ArrowRight}')
    expect(marked()).toEqual(['1'])
    await user.click(screen.getByRole('button', { name: 'Before' }))
    expect(marked()).toEqual([])
  })
})
