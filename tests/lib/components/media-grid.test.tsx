import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type BrowserFile, MediaGrid, mediaGridMinCell } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const media = (n: number): BrowserFile[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    name: i % 2 ? `clip-${i}.mp4` : `IMG_${i}.jpg`,
    size: 1,
    uploadDate: new Date(2024, 0, 1),
    thumbnailUrl: `/thumb/${i}`,
    isVideo: i % 2 === 1,
  }))

describe('MediaGrid', () => {
  it('is a listbox of thumbnail tiles named by file name, with a 100 px minimum cell', async () => {
    setup(<MediaGrid title="Photos and Videos" items={media(4)} selectedIds={['m2']} />)
    expect(mediaGridMinCell).toBe(100)
    const listbox = screen.getByRole('listbox', { name: 'Photos and Videos' })
    expect(listbox.getAttribute('style')).toContain(': 100px')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['IMG_0.jpg', 'clip-1.mp4', 'IMG_2.jpg', 'clip-3.mp4'])
    expect(screen.getByRole('option', { name: 'IMG_2.jpg' }).getAttribute('aria-selected')).toBe('true')
    expect(listbox.querySelectorAll('img')).toHaveLength(4)
    await expectNoAxeViolations()
  })

  it('given a video, then its tile carries a play overlay; a photo does not', () => {
    setup(<MediaGrid title="Photos and Videos" items={media(2)} />)
    const overlay = (name: string) =>
      screen.getByRole('option', { name }).querySelectorAll('svg path[d^="M8 5.2"]').length
    expect(overlay('clip-1.mp4')).toBe(1)
    expect(overlay('IMG_0.jpg')).toBe(0)
  })

  it('given a thumbnail that fails to load, then the tile shows an error icon instead', async () => {
    setup(<MediaGrid title="Photos" items={media(1)} thumbnailErrorLabel="Preview unavailable" />)
    const tile = screen.getByRole('option', { name: 'IMG_0.jpg' })
    fireEvent.error(tile.querySelector('img') as HTMLImageElement)
    expect(tile.querySelector('img')).toBeNull()
    expect(within(tile).getByRole('img', { name: 'Preview unavailable' })).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given the keyboard, then arrows, Enter and Space work as in the file grid', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = Number(this.dataset.index ?? 0)
      const top = Math.floor(index / 5) * 100
      return { top, left: (index % 5) * 100, width: 100, height: 100 } as DOMRect
    })
    const onItemOpen = vi.fn()
    const onItemToggle = vi.fn()
    const { user } = setup(
      <MediaGrid title="Photos" items={media(12)} onItemOpen={onItemOpen} onItemToggle={onItemToggle} />,
    )
    await user.tab()
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'IMG_6.jpg' }))
    await user.keyboard('{Enter} ')
    expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'm6' }), expect.anything())
    expect(onItemToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'm6' }), expect.anything())
  })

  it('given thumbnails disabled or no thumbnail, then tiles show the extension badge', () => {
    setup(<MediaGrid title="Photos" items={media(1)} thumbnailsDisabled />)
    const tile = screen.getByRole('option', { name: 'IMG_0.jpg' })
    expect(tile.querySelector('img')).toBeNull()
    expect(tile.textContent).toBe('JPG')
  })
})
