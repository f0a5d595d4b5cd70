import { screen } from '@testing-library/react'
import type { KeyboardEvent, ReactNode } from 'react'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  type BrowserFile,
  type BrowserFolder,
  FileGrid,
  type FileGridProps,
  FileList,
  FolderGrid,
  type FolderGridProps,
  MediaGrid,
  type MenuEntry,
  PhotoGallery,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'
import { Virtual } from '../helpers/virtual.tsx'

// The grids are generic over the embedder's item type: every callback that hands an item back
// hands back the embedder's own (with its extra fields), inferred from `items`. Checked by the
// type checker (`npm run typecheck` covers tests/); `expectTypeOf` is vitest's own.

interface Folder extends BrowserFolder {
  extra: string
}
interface Photo extends BrowserFile {
  album: string
}

const folders: Folder[] = [{ id: 'f', name: 'Work', createdAt: new Date(2024, 0, 2), extra: 'x' }]
const photos: Photo[] = [{ id: 'p', name: 'a.jpg', size: 1, uploadDate: new Date(2024, 0, 2), album: 'Summer' }]

describe('item types', () => {
  it("infers the embedder's folder type in FolderGrid's callbacks (no TS2322 on onItemOpen)", () => {
    const open = (folder: Folder, event: KeyboardEvent<HTMLElement>) => [folder.extra, event.key]
    const menu = (folder: Folder): MenuEntry[] => [{ id: 'open', label: folder.extra }]
    const ui = (
      <FolderGrid
        title="Folders"
        items={folders}
        onItemOpen={open}
        itemMenu={menu}
        onItemClick={(folder) => expectTypeOf(folder).toEqualTypeOf<Folder>()}
        onItemContextMenu={(folder) => expectTypeOf(folder).toEqualTypeOf<Folder>()}
        onItemToggle={(folder) => expectTypeOf(folder).toEqualTypeOf<Folder>()}
        onItemDoubleOpen={(folder) => expectTypeOf(folder).toEqualTypeOf<Folder>()}
        onItemsDrop={(target) => expectTypeOf(target).toEqualTypeOf<Folder>()}
        getDragIds={(folder) => [folder.extra]}
        onPathClick={(_, folder) => expectTypeOf(folder).toEqualTypeOf<Folder>()}
      />
    )
    expect(ui.type).toBe(FolderGrid)
    expectTypeOf<FolderGridProps<Folder>['onItemOpen']>().toEqualTypeOf<
      ((item: Folder, event: KeyboardEvent<HTMLElement>) => void) | undefined
    >()
  })

  it("infers the embedder's file type in FileGrid, FileList, MediaGrid and PhotoGallery", () => {
    const ui = (
      <>
        <FileGrid
          title="Files"
          items={photos}
          onItemOpen={(file) => expectTypeOf(file).toEqualTypeOf<Photo>()}
          renderItem={(file, _props, state): ReactNode => [file.album, state.card]}
          onPathClick={(_, file) => expectTypeOf(file).toEqualTypeOf<Photo>()}
        />
        <FileList
          title="Files"
          items={photos}
          onItemOpen={(file) => expectTypeOf(file).toEqualTypeOf<Photo>()}
          renderItem={(file, _props, state): ReactNode => [file.album, state.row]}
        />
        <MediaGrid title="Media" items={photos} onItemClick={(file) => expectTypeOf(file).toEqualTypeOf<Photo>()} />
        <PhotoGallery
          title="Photos"
          items={photos}
          renderBadge={(file) => file.album}
          onItemContextMenu={(file) => expectTypeOf(file).toEqualTypeOf<Photo>()}
        />
      </>
    )
    expect(ui.props.children).toHaveLength(4)
    // The default stays the kit's own type.
    expectTypeOf<FileGridProps['onItemOpen']>().toEqualTypeOf<
      ((item: BrowserFile, event: KeyboardEvent<HTMLElement>) => void) | undefined
    >()
  })

  it('refuses a callback for another item type, and items that are not kit items', () => {
    const ui = (
      <>
        {/* @ts-expect-error: the folders are Folders, not Photos */}
        <FolderGrid title="Folders" items={folders} onItemOpen={(photo: Photo) => photo.album} />
        {/* @ts-expect-error: a grid's items must be BrowserFiles */}
        <FileGrid title="Files" items={[{ id: 'x' }]} />
      </>
    )
    expect(ui.props.children).toHaveLength(2)
  })

  it('accepts undefined for optional props (exactOptionalPropertyTypes: a wrapper passing its own optional props on)', () => {
    const wrapper = (props: Partial<Pick<FileGridProps<Photo>, 'view' | 'onItemOpen' | 'loading' | 'renderItem'>>) => (
      <FileGrid
        title="Files"
        items={photos}
        view={props.view}
        onItemOpen={props.onItemOpen}
        loading={props.loading}
        renderItem={props.renderItem}
      />
    )
    expectTypeOf<FileGridProps['view']>().toEqualTypeOf<'grid' | 'list' | undefined>()
    expect(wrapper({}).type).toBe(FileGrid)
  })

  it('hands the very item passed in back, extra fields included', async () => {
    const onItemOpen = vi.fn<(folder: Folder) => void>()
    const { user } = setup(
      <Virtual>
        <FolderGrid title="Folders" items={folders} onItemOpen={onItemOpen} />
      </Virtual>,
    )
    screen.getByRole('option', { name: /Work/ }).focus()
    await user.keyboard('{Enter}')
    expect(onItemOpen.mock.calls[0]?.[0]).toBe(folders[0])
    expect(onItemOpen.mock.calls[0]?.[0].extra).toBe('x')
  })
})
