import { expect, fn, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, Button, PhotoGallery, type PhotoGalleryProps } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Pictures drawn at their own aspect ratio, so the story shows cropping (object-fit: cover) and packing.
const pictures = new Map<string, string>()
const picture = (hue: number, ratio: number) => {
  const key = `${hue}:${ratio}`
  const kept = pictures.get(key)
  if (kept) return kept
  const w = Math.round(200 * ratio)
  const h = 200
  const url = `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="hsl(${hue},55%,60%)"/><circle cx="${w * 0.75}" cy="${h * 0.25}" r="${Math.min(w, h) / 10}" fill="hsl(${hue},85%,88%)"/><path d="M0 ${h}L${w * 0.35} ${h / 2}l${w * 0.25} ${h * 0.3} ${w * 0.15}-${h * 0.15} ${w * 0.25} ${h * 0.35}z" fill="hsl(${hue + 30},40%,28%)"/></svg>`,
  )}`
  pictures.set(key, url)
  return url
}
const broken = 'data:image/png;base64,AAAA'
const ratios = [4 / 3, 3 / 4, 1, 16 / 9, 9 / 16, 3 / 2, 2 / 3, undefined]

/** `count` files, newest first, `perMonth` to a month from November 2026 back; every 5th has a known ratio only. */
const media = (count: number, perMonth = 14): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => {
    const ratio = ratios[i % ratios.length]
    return {
      id: `m${i}`,
      name: i % 6 === 1 ? `clip-${i}.mp4` : `IMG_${String(1000 + i)}.jpg`,
      size: 2_000_000 + i,
      uploadDate: new Date(2026, 10 - Math.floor(i / perMonth), 28 - (i % perMonth), 12),
      thumbnailUrl: i % 23 === 9 ? broken : picture((i * 37) % 360, ratio ?? 1),
      isVideo: i % 6 === 1,
      ...(ratio ? { aspectRatio: ratio } : {}),
    }
  })

const squares = (count: number) => media(count).map(({ aspectRatio: _unknown, ...file }) => file)

const meta = preview.meta({
  title: 'Library/PhotoGallery',
  tags: ['autodocs'],
  component: PhotoGallery,
  args: {
    title: 'Photos and Videos',
    items: media(60),
    style: { height: 480 },
    onItemClick: fn(),
    onItemOpen: fn(),
    onItemToggle: fn(),
    onEndReached: fn(),
  },
})

export const Playground = meta.story({})

// Made on first use only: the other stories need not pay for 100,000 items.
let hundredThousand: BrowserFile[] | undefined

/** 100,000 items over ~330 months: virtualised by rows, packed once per width. */
export const HundredThousand = meta.story({
  args: { style: { height: 600 } },
  render: (args) => <PhotoGallery {...args} items={(hundredThousand ??= media(100_000, 300))} />,
})

const box = (height: number, gallery: PhotoGalleryProps) => (
  <PhotoGallery {...gallery} style={{ height, width: '100%' }} />
)

const settled = async (canvasElement: HTMLElement, galleries: number) => {
  await waitFor(() =>
    expect(canvasElement.querySelectorAll('[role="listbox"] [role="option"]').length).toBeGreaterThan(galleries),
  )
  await waitFor(() => expect(canvasElement.querySelector(`img[src="${broken}"]`)).toBeNull())
  await waitFor(() => expect([...canvasElement.querySelectorAll('img')].every((image) => image.complete)).toBe(true))
}

/** Known and unknown ratios, months, selection, videos, a broken thumbnail, badges, a phone width, empty and loading. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="mixed ratios · months · selected (3) · broken thumbnail" wide>
        {box(420, {
          title: 'Photos and Videos',
          items: media(30),
          selectedIds: ['m0', 'm3', 'm16'],
          targetRowHeight: 120,
        })}
      </State>
      <State label="ratios unknown: squares">
        {box(300, { title: 'Photos', items: squares(20), targetRowHeight: 100 })}
      </State>
      <State label="thumbnails disabled: badges, loading more">
        {box(300, {
          title: 'Videos',
          items: squares(9),
          thumbnailsDisabled: true,
          loading: true,
          targetRowHeight: 100,
        })}
      </State>
      <State label="phone width (358 px): ~110 px rows">
        <div style={{ width: 358 }}>{box(360, { title: 'Photos', items: media(16) })}</div>
      </State>
      <State label="empty">
        {box(320, {
          title: 'Photos and Videos',
          items: [],
          emptyTitle: 'No photos or videos yet',
          emptyDescription: 'Upload photos and videos and they show up here',
          emptyAction: (
            <Button variant="primary" icon="upload">
              Upload Files
            </Button>
          ),
        })}
      </State>
      <State label="loading">{box(80, { title: 'Photos', items: [], loading: true })}</State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 4)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Tiles are options named by the file name; arrows follow the rows; Enter opens; Space toggles. */
export const Keyboard = meta.story({
  args: { items: squares(40), targetRowHeight: 120 },
  play: async ({ canvas, userEvent, args }) => {
    const first = await canvas.findByRole('option', { name: 'IMG_1000.jpg' })
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('option', { name: 'clip-1.mp4' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const below = document.activeElement as HTMLElement
    await expect(below.getBoundingClientRect().top).toBeGreaterThan(first.getBoundingClientRect().bottom)
    // Right below: its span covers the middle of the tile it came from.
    const from = canvas.getByRole('option', { name: 'clip-1.mp4' }).getBoundingClientRect()
    const to = below.getBoundingClientRect()
    await expect(to.left <= from.left + from.width / 2 && to.right >= from.left + from.width / 2).toBe(true)
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

/** Rows fill the gallery's width exactly; a month's last row keeps its height. */
export const Justified = meta.story({
  args: { items: media(40), targetRowHeight: 120 },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector<HTMLElement>('[role="listbox"]')!
    await waitFor(() => expect(list.querySelectorAll('[role="option"]').length).toBeGreaterThan(10))
    const rows = [...list.querySelectorAll<HTMLElement>('[role="none"]')].filter((row) =>
      row.querySelector('[role="option"]'),
    )
    const widths = rows.map(
      (row) =>
        [...row.children].reduce((sum, tile) => sum + tile.getBoundingClientRect().width, 0) +
        2 * (row.children.length - 1),
    )
    const full = widths.filter((w) => Math.abs(w - list.clientWidth) <= 1)
    await expect(full.length).toBeGreaterThan(rows.length / 2)
    await expect(widths.every((w) => w <= list.clientWidth + 1)).toBe(true)
  },
})

/** Four photos a month over a few months of four years, newest first. */
const yearsOfMedia = () => {
  const months = [
    [2026, 10],
    [2026, 7],
    [2026, 2],
    [2025, 11],
    [2025, 6],
    [2024, 4],
    [2021, 1],
  ] as const
  return media(months.length * 4).map((file, i) => {
    const [year, month] = months[Math.floor(i / 4)]!
    return { ...file, uploadDate: new Date(year, month, 20 - (i % 4), 12) }
  })
}

/** The date scrubber (`scrubber`): the years on the inline-end edge, each over its months; mirrored right to left. */
export const StatesScrubber = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="scrubber: four years, seven months">
        {box(420, { title: 'Photos', items: yearsOfMedia(), scrubber: true, targetRowHeight: 90 })}
      </State>
      <State label="right to left">
        <div dir="rtl" style={{ width: '100%' }}>
          {/* Two scrubbers on one page: each landmark needs its own name. */}
          {box(420, {
            title: 'Photos',
            items: yearsOfMedia(),
            scrubber: true,
            targetRowHeight: 90,
            labels: { scrubber: 'Jump to month (RTL)' },
          })}
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 2)
  },
})

export const StatesScrubberDark = StatesScrubber.extend({ globals: { theme: 'dark' } })

/** Choosing a month in the scrubber scrolls its heading to the top of the gallery. */
export const Scrubber = meta.story({
  // Four a month from November 2026 back to September 2025: months enough under January 2026 to scroll it to the top.
  args: { items: media(60, 4), scrubber: true, targetRowHeight: 120, style: { height: 360 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const nav = await canvas.findByRole('navigation', { name: 'Jump to month' })
    await expect(nav).toHaveTextContent('2026')
    await expect(nav).toHaveTextContent('2025')
    await userEvent.click(canvas.getByRole('button', { name: 'Jan 2026' }))
    const scroller = canvasElement.querySelector<HTMLElement>('[data-virtuoso-scroller]')!
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(0))
    // The stuck header now reads January 2026, at the scroller's top.
    await waitFor(() => {
      const header = [...canvasElement.querySelectorAll<HTMLElement>('[data-testid="virtuoso-top-item-list"]')]
      expect(header.map((h) => h.textContent)).toContain('January 2026')
      expect(
        Math.abs(header[0]!.getBoundingClientRect().top - scroller.getBoundingClientRect().top),
      ).toBeLessThanOrEqual(1)
    })
  },
})
