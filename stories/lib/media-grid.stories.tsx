import { expect, fn, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, MediaGrid, type MediaGridProps } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const picture = (hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="hsl(${hue},55%,60%)"/><circle cx="150" cy="50" r="20" fill="hsl(${hue},85%,88%)"/><path d="M0 200L70 100l50 60 30-30 50 70z" fill="hsl(${hue + 30},40%,28%)"/></svg>`,
  )}`
const broken = 'data:image/png;base64,AAAA'

const media = (count: number): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    name: i % 4 === 1 ? `clip-${i}.mp4` : `IMG_${String(1000 + i)}.jpg`,
    size: 2_000_000 + i,
    uploadDate: new Date(2024, 2, 1, 12, i % 60),
    thumbnailUrl: i % 9 === 7 ? broken : picture((i * 37) % 360),
    isVideo: i % 4 === 1,
  }))

const meta = preview.meta({
  title: 'Library/MediaGrid',
  tags: ['autodocs'],
  component: MediaGrid,
  args: {
    title: 'Photos and Videos',
    items: media(60),
    style: { height: 400 },
    onItemClick: fn(),
    onItemOpen: fn(),
    onItemToggle: fn(),
    onEndReached: fn(),
  },
})

export const Playground = meta.story({})

const box = (height: number, grid: MediaGridProps) => <MediaGrid {...grid} style={{ height, width: '100%' }} />

const settled = async (canvasElement: HTMLElement, grids: number) => {
  await waitFor(() => expect(canvasElement.querySelectorAll('[role="listbox"]').length).toBe(grids))
  await waitFor(() => expect(canvasElement.querySelector(`img[src="${broken}"]`)).toBeNull())
  await waitFor(() => expect([...canvasElement.querySelectorAll('img')].every((image) => image.complete)).toBe(true))
}

/** Photos, videos with a play overlay, broken thumbnails (error icon), selection, 10,000 tiles, empty, loading, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="Photos and Videos · selected (3), broken thumbnail">
        {box(300, { title: 'Photos and Videos', items: media(16), selectedIds: ['m0', 'm1', 'm6'] })}
      </State>
      <State label="Videos · 10,000 (virtualised), loading more">
        {box(300, { title: 'Videos', items: media(10_000).map((m) => ({ ...m, isVideo: true })), loading: true })}
      </State>
      <State label="thumbnails disabled: badges">
        {box(180, { title: 'Photos', items: media(6), thumbnailsDisabled: true })}
      </State>
      <State label="narrow (minimum cell 100 px)">
        <div style={{ width: 230 }}>{box(180, { title: 'Photos', items: media(6) })}</div>
      </State>
      <State label="empty">{box(60, { title: 'Photos', items: [], emptyText: 'No photos or videos yet.' })}</State>
      <State label="loading">{box(60, { title: 'Photos', items: [], loading: true })}</State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 4)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left: the video play mark stays in the middle of its tile. */
export const StatesRtl = meta.story({
  globals: { dir: 'rtl' },
  render: () => box(300, { title: 'Videos', items: media(8).map((m) => ({ ...m, isVideo: true })) }),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 1)
    const mark = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('[data-play-badge]')
      if (!found) throw new Error('no play mark yet')
      return found
    })
    await waitFor(() => expect([...canvasElement.querySelectorAll('img')].every((image) => image.complete)).toBe(true))
    const tile = mark.parentElement!.getBoundingClientRect()
    const box = mark.getBoundingClientRect()
    await expect(Math.abs(box.left + box.width / 2 - (tile.left + tile.width / 2))).toBeLessThan(1)
    await expect(Math.abs(box.top + box.height / 2 - (tile.top + tile.height / 2))).toBeLessThan(1)
  },
})

/** Tiles are options named by the file name; arrows move by row and column; Enter opens; Space toggles. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const first = await canvas.findByRole('option', { name: 'IMG_1000.jpg' })
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('option', { name: 'clip-1.mp4' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const below = document.activeElement as HTMLElement
    await expect(below.getBoundingClientRect().top).toBeGreaterThan(first.getBoundingClientRect().top)
    await userEvent.keyboard('{ArrowUp}')
    await expect(canvas.getByRole('option', { name: 'clip-1.mp4' })).toHaveFocus()
    await userEvent.keyboard('{Enter} ')
    await expect(args.onItemOpen).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'clip-1.mp4' }),
      expect.anything(),
    )
    await expect(args.onItemToggle).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'clip-1.mp4' }),
      expect.anything(),
    )
  },
})

/** A thumbnail that fails to load shows the error icon. */
export const BrokenThumbnail = meta.story({
  args: { items: media(8) },
  play: async ({ canvas }) => {
    const tile = await canvas.findByRole('option', { name: 'IMG_1007.jpg' })
    await waitFor(() => expect(tile.querySelector('[role="img"]')).toHaveAccessibleName('Thumbnail failed to load'))
  },
})
