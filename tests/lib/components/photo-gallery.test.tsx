// The photo gallery (issue #23): the justified packing as pure functions (rows fill the width,
// the last row of a month is not stretched, months never share a row, appending re-packs only the
// last month), the row-following keyboard moves, and the component in jsdom.
import { screen, within } from '@testing-library/react'
import { type ComponentProps, type ReactNode, type Ref, useImperativeHandle, useRef } from 'react'
import { type GroupedVirtuosoHandle, VirtuosoMockContext } from 'react-virtuoso'
import { describe, expect, it, vi } from 'vitest'
import { galleryMove, nearestInRow } from '../../../lib/components/photo-gallery/gallery-moves.ts'
import { byDate } from '../../../lib/components/photo-gallery/date-order.ts'
import { layoutRatio, maxAspectRatio, rowOfItem } from '../../../lib/components/photo-gallery/gallery-layout.ts'
import {
  type BrowserFile,
  Button,
  defaultTargetRowHeight,
  deMessages,
  type LayoutItem,
  LocaleProvider,
  packGallery,
  PhotoGallery,
  type PhotoGalleryProps,
  rowItemWidths,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

// jsdom lays nothing out, so a jump cannot be seen in a scroll position: the gallery's Virtuoso
// handle records where it was asked to scroll, and still scrolls.
const scrollToIndex = vi.hoisted(() => vi.fn())
vi.mock('react-virtuoso', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-virtuoso')>()
  type Props = ComponentProps<typeof real.GroupedVirtuoso> & { ref?: Ref<GroupedVirtuosoHandle> }
  function GroupedVirtuoso({ ref, ...props }: Props) {
    const inner = useRef<GroupedVirtuosoHandle>(null)
    useImperativeHandle(ref, () => ({
      ...inner.current!,
      scrollToIndex: (location) => {
        scrollToIndex(location)
        inner.current?.scrollToIndex(location)
      },
    }))
    return <real.GroupedVirtuoso ref={inner} {...props} />
  }
  return { ...real, GroupedVirtuoso }
})

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const squares = (n: number, groupKey = '2026-10'): LayoutItem[] => Array.from({ length: n }, () => ({ groupKey }))

/** `n` items over a few months with mixed ratios, some unknown. */
function mixed(n: number, seed: number): LayoutItem[] {
  const r = random(seed)
  let month = 0
  return Array.from({ length: n }, () => {
    if (r() < 0.03) month++
    const pick = r()
    const aspectRatio =
      pick < 0.2
        ? undefined
        : pick < 0.5
          ? 4 / 3
          : pick < 0.7
            ? 3 / 4
            : pick < 0.8
              ? 16 / 9
              : pick < 0.9
                ? 9 / 16
                : 0.5 + r() * 3
    return { groupKey: `2026-${month}`, aspectRatio }
  })
}

const rowSum = (items: readonly LayoutItem[], layout: ReturnType<typeof packGallery>, row: number) => {
  const { start, end } = layout.rows[row]!
  const widths = rowItemWidths(
    items.slice(start, end).map((item) => item.aspectRatio ?? 1),
    layout.rows[row]!,
    layout.options.width,
    layout.options.gap,
  )
  return widths.reduce((a, b) => a + b, 0) + layout.options.gap * (widths.length - 1)
}

describe('packGallery', () => {
  it('given squares on a desktop, then rows of equal squares fill the width exactly near 180 px', () => {
    const items = squares(20)
    const layout = packGallery(items, { width: 1200, targetRowHeight: 180, gap: 2 })
    // 1200 px: 6 squares would be 198 px tall, 7 are 170 (closer to 180): rows of 7.
    expect(layout.rows.map((r) => r.end - r.start)).toEqual([7, 7, 6])
    expect(layout.rows[0]).toMatchObject({ height: 170, justified: true })
    expect(rowSum(items, layout, 0)).toBe(1200)
    expect(rowSum(items, layout, 1)).toBe(1200)
  })

  it.each([390, 358, 768, 1024, 1183, 1440, 2560])(
    'given mixed ratios at %i px, then every justified row sums to the width within 1 px',
    (width) => {
      const items = mixed(3000, width)
      const target = defaultTargetRowHeight(width)
      const layout = packGallery(items, { width, targetRowHeight: target, gap: 2 })
      let justified = 0
      for (let row = 0; row < layout.rows.length; row++) {
        const { height, justified: full } = layout.rows[row]!
        if (full) {
          justified++
          expect(Math.abs(rowSum(items, layout, row) - width)).toBeLessThanOrEqual(1)
          // The packing closes a row as close to the target as the ratios allow.
          expect(height).toBeGreaterThan(target / 2)
          expect(height).toBeLessThan(target * 2)
        } else {
          expect(rowSum(items, layout, row)).toBeLessThanOrEqual(width)
        }
      }
      expect(justified).toBeGreaterThan(layout.rows.length / 2)
      // Every item is in exactly one row, in order.
      expect(layout.rows[0]!.start).toBe(0)
      for (let row = 1; row < layout.rows.length; row++) expect(layout.rows[row]!.start).toBe(layout.rows[row - 1]!.end)
      expect(layout.rows.at(-1)!.end).toBe(items.length)
    },
  )

  it('given a month that ends mid-row, then its last row keeps the target height unstretched and the next month starts a new row', () => {
    const items = [...squares(9, '2026-10'), ...squares(3, '2026-9')]
    const layout = packGallery(items, { width: 1200, targetRowHeight: 180, gap: 2 })
    expect(layout.groups.map((g) => [g.key, g.firstItem, g.firstRow, g.rowCount])).toEqual([
      ['2026-10', 0, 0, 2],
      ['2026-9', 9, 2, 1],
    ])
    expect(layout.groupCounts).toEqual([2, 1])
    expect(layout.rows[1]).toMatchObject({ group: 0, start: 7, end: 9, height: 180, justified: false })
    expect(rowItemWidths([1, 1], layout.rows[1]!, 1200, 2)).toEqual([180, 180])
    expect(layout.rows[2]).toMatchObject({ group: 1, start: 9, end: 12, justified: false })
  })

  it('given rows of many months, then no row mixes two months and each month lists its rows', () => {
    const items = mixed(2000, 7)
    const layout = packGallery(items, { width: 1000, targetRowHeight: 180, gap: 2 })
    for (const row of layout.rows) {
      const keys = new Set(items.slice(row.start, row.end).map((i) => i.groupKey))
      expect(keys.size).toBe(1)
      expect(layout.groups[row.group]!.key).toBe(items[row.start]!.groupKey)
    }
    expect(layout.groupCounts.reduce((a, b) => a + b, 0)).toBe(layout.rows.length)
    expect(layout.groups.length).toBe(new Set(items.map((i) => i.groupKey)).size)
  })

  it('given pages appended to the same list, then resuming from the last month gives the very layout a full pack gives', () => {
    const items = mixed(5000, 3)
    const options = { width: 1440, targetRowHeight: 180, gap: 2 }
    let layout = packGallery(items.slice(0, 100), options)
    for (let end = 200; end <= items.length; end += 100) {
      const previous = layout
      layout = packGallery(items.slice(0, end), options, previous)
      // Rows before the previous last month are the same objects: kept, not recomputed.
      const kept = previous.groups.at(-1)!.firstRow
      for (let row = 0; row < kept; row++) expect(layout.rows[row]).toBe(previous.rows[row])
    }
    expect(layout).toEqual(packGallery(items, options))
  })

  it('given other options than the previous layout, then it packs from the start', () => {
    const items = squares(30)
    const narrow = packGallery(items, { width: 500, targetRowHeight: 110, gap: 2 })
    expect(packGallery(items, { width: 1200, targetRowHeight: 180, gap: 2 }, narrow)).toEqual(
      packGallery(items, { width: 1200, targetRowHeight: 180, gap: 2 }),
    )
  })

  it('given no items, extreme ratios or a very wide picture, then the layout stays sane', () => {
    expect(packGallery([], { width: 800, targetRowHeight: 180, gap: 2 }).rows).toEqual([])
    expect(layoutRatio(undefined)).toBe(1)
    expect(layoutRatio(Number.NaN)).toBe(1)
    expect(layoutRatio(-2)).toBe(1)
    expect(layoutRatio(100)).toBe(maxAspectRatio)
    // A panorama on a phone fills a row alone.
    const layout = packGallery([{ groupKey: 'a', aspectRatio: 4 }, { groupKey: 'a' }, { groupKey: 'a' }], {
      width: 358,
      targetRowHeight: 110,
      gap: 2,
    })
    expect(layout.rows[0]).toMatchObject({ start: 0, end: 1, justified: true, height: 90 })
    expect(rowItemWidths([4], layout.rows[0]!, 358, 2)).toEqual([358])
  })

  it('aims at ~110 px rows on a phone and ~180 px on a desktop', () => {
    expect(defaultTargetRowHeight(358)).toBe(110)
    expect(defaultTargetRowHeight(390)).toBe(110)
    expect(defaultTargetRowHeight(1440)).toBe(180)
    const mid = defaultTargetRowHeight(700)
    expect(mid).toBeGreaterThan(110)
    expect(mid).toBeLessThan(180)
  })
})

describe('galleryMove', () => {
  // Width 1000, squares of 200: rows [0..4], [5..9], then a short row [10, 11] of 180 px squares.
  const items: LayoutItem[] = [...squares(12, 'b')]
  const ratios = [1, 1, 1, 1, 1, 2, 0.5, 1, 1, 1, 1, 1]
  const withRatios = items.map((item, i) => ({ ...item, aspectRatio: ratios[i] }))
  const layout = packGallery(withRatios, { width: 1000, targetRowHeight: 180, gap: 0 })
  const ratioOf = (i: number) => ratios[i]
  const move = (key: string, index: number, pageRows = 1) => galleryMove(key, index, layout, ratioOf, pageRows)

  it('lays out the fixture as the tests assume', () => {
    expect(layout.rows.map((r) => [r.start, r.end])).toEqual([
      [0, 5],
      [5, 10],
      [10, 12],
    ])
    expect(rowOfItem(layout, 0)).toBe(0)
    expect(rowOfItem(layout, 7)).toBe(1)
    expect(rowOfItem(layout, 11)).toBe(2)
  })

  it('Left and Right go along the items across rows, and stop at the ends', () => {
    expect(move('ArrowRight', 4)).toBe(5)
    expect(move('ArrowLeft', 5)).toBe(4)
    expect(move('ArrowLeft', 0)).toBeNull()
    expect(move('ArrowRight', 11)).toBeNull()
  })

  it('Up and Down go to the item of the next row whose middle is nearest', () => {
    // Row 1 spans (1000 px over ratios 2, .5, 1, 1, 1 = 5.5): 0–364, 364–455, 455–636, ...
    // Item 1 (200–400) has its middle, 300, over item 5, though item 6's middle (409) is nearer.
    expect(move('ArrowDown', 1)).toBe(5)
    // Item 2's middle, 500, is over item 7.
    expect(move('ArrowDown', 2)).toBe(7)
    expect(move('ArrowUp', 7)).toBe(2)
    expect(nearestInRow(layout, 9, 2, ratioOf)).toBe(11)
    // The short last row: from the right edge, Down lands on its last item; Down again stays.
    expect(move('ArrowDown', 9)).toBe(11)
    expect(move('ArrowDown', 11)).toBeNull()
    expect(move('ArrowUp', 0)).toBeNull()
  })

  it('Home and End go to the first and last item; PageDown and PageUp move by a screen of rows', () => {
    expect(move('Home', 7)).toBe(0)
    expect(move('End', 3)).toBe(11)
    // Clamped to the last row, whose 180 px squares end at 360: item 11 is the nearest to 500.
    expect(move('PageDown', 2, 5)).toBe(11)
    expect(move('PageUp', 11, 5)).toBe(1)
    expect(move('PageDown', 11, 5)).toBeNull()
  })

  it('leaves other keys alone', () => {
    expect(move('a', 3)).toBeUndefined()
    expect(move('Enter', 3)).toBeUndefined()
  })
})

const picture = (i: number, month: number, extra: Partial<BrowserFile> = {}): BrowserFile => ({
  id: `p${i}`,
  name: i % 3 === 1 ? `clip-${i}.mp4` : `IMG_${i}.jpg`,
  size: 1,
  uploadDate: new Date(2026, month, 28 - (i % 20), 12),
  thumbnailUrl: `/thumb/${i}`,
  isVideo: i % 3 === 1,
  ...extra,
})

function Virtual({ children }: { children: ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 180 }}>
      {children}
    </VirtuosoMockContext.Provider>
  )
}

describe('PhotoGallery', () => {
  it('is a listbox of tiles named by file name, under month headers, grouped by when each was taken', async () => {
    const items = [
      picture(0, 10),
      picture(1, 10),
      // Uploaded in November, taken in September 2019: grouped with September 2019.
      picture(2, 10, { takenDate: '2019-09-14T08:00:00' }),
      picture(3, 9),
    ]
    setup(
      <Virtual>
        <PhotoGallery title="Photos and Videos" items={items} selectedIds={['p3']} initialWidth={1000} />
      </Virtual>,
    )
    const listbox = screen.getByRole('listbox', { name: 'Photos and Videos' })
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
      // Newest first by that date: the September 2019 photo goes last.
    ).toEqual(['IMG_0.jpg', 'clip-1.mp4', 'IMG_3.jpg', 'IMG_2.jpg'])
    expect(screen.getByText('November 2026')).toBeTruthy()
    expect(screen.getByText('September 2019')).toBeTruthy()
    expect(screen.getByText('October 2026')).toBeTruthy()
    expect(screen.getByRole('option', { name: 'IMG_3.jpg' }).getAttribute('aria-selected')).toBe('true')
    // Each month's short row keeps the target height (180 px on a 1000 px gallery), squares.
    const tile = screen.getByRole('option', { name: 'IMG_0.jpg' })
    expect(tile.style.width).toBe('180px')
    expect(tile.style.height).toBe('180px')
    await expectNoAxeViolations()
  })

  it('given items in any order, then it sorts them by date itself: each month has one header, newest first or oldest', () => {
    // Months as an unsorted listing gave them: August 2024, July 2025, July 2024, July 2025, …
    const at = (i: number, iso: string) => picture(i, 0, { takenDate: iso })
    const items = [
      at(0, '2024-08-03T10:00:00'),
      at(1, '2025-07-20T10:00:00'),
      at(2, '2024-07-09T10:00:00'),
      at(3, '2025-07-02T10:00:00'),
      at(4, '2024-08-30T10:00:00'),
    ]
    const names = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label'))
    const { rerender } = setup(
      <Virtual>
        <PhotoGallery title="Photos" items={items} initialWidth={1000} />
      </Virtual>,
    )
    expect(names()).toEqual(['clip-1.mp4', 'IMG_3.jpg', 'clip-4.mp4', 'IMG_0.jpg', 'IMG_2.jpg'])
    for (const month of ['July 2025', 'August 2024', 'July 2024']) expect(screen.getAllByText(month)).toHaveLength(1)
    rerender(
      <Virtual>
        <PhotoGallery title="Photos" items={items} initialWidth={1000} order="oldest" />
      </Virtual>,
    )
    expect(names()).toEqual(['IMG_2.jpg', 'IMG_0.jpg', 'clip-4.mp4', 'IMG_3.jpg', 'clip-1.mp4'])
  })

  it('given items already in order, then the very same array is used (an appended page re-packs only its rows)', () => {
    const ordered = [picture(0, 10), picture(1, 10), picture(2, 9)]
    expect(byDate(ordered, (f) => f.uploadDate, 'newest')).toBe(ordered)
    const equal = [picture(0, 10), picture(20, 10)]
    // Equal dates keep their order (stable), either way.
    expect(byDate(equal, () => 5, 'oldest')).toBe(equal)
    expect(byDate(ordered, (f) => f.uploadDate, 'oldest').map((f) => f.id)).toEqual(['p2', 'p1', 'p0'])
  })

  it('given a refetched list where a file learnt when it was taken, then it moves to that month', () => {
    const before = [picture(0, 10), picture(1, 10)]
    const { rerender } = setup(
      <Virtual>
        <PhotoGallery title="Photos" items={before} initialWidth={800} />
      </Virtual>,
    )
    expect(screen.queryByText('May 2018')).toBeNull()
    // Same ids, same order, new objects (a revalidated page): one now has a taken date.
    rerender(
      <Virtual>
        <PhotoGallery
          title="Photos"
          items={[{ ...before[0]! }, { ...before[1]!, takenDate: new Date(2018, 4, 2) }]}
          initialWidth={800}
        />
      </Virtual>,
    )
    expect(screen.getByText('May 2018')).toBeTruthy()
    expect(screen.getByText('November 2026')).toBeTruthy()
  })

  it('shows the name over a tile (for sight; the tile is already named) and a play mark on videos', () => {
    setup(
      <Virtual>
        <PhotoGallery title="Photos" items={[picture(0, 10), picture(1, 10)]} initialWidth={800} />
      </Virtual>,
    )
    const video = screen.getByRole('option', { name: 'clip-1.mp4' })
    const caption = within(video).getByText('clip-1.mp4')
    expect(caption.closest('[aria-hidden="true"]')).toBe(caption)
    expect(video.querySelectorAll('svg path[d^="M8 5.2"]')).toHaveLength(1)
    expect(screen.getByRole('option', { name: 'IMG_0.jpg' }).querySelectorAll('svg path[d^="M8 5.2"]')).toHaveLength(0)
  })

  it('given the keyboard, then Down follows the rows, Enter opens, Space toggles, and one tile is tabbable', async () => {
    // 1000 px, squares: rows of 6 (165 px tall; 5 would be 198, further from 180), so Down from the 2nd goes to the 8th.
    const items = Array.from({ length: 12 }, (_, i) => picture(i, 10))
    const onItemOpen = vi.fn()
    const onItemToggle = vi.fn()
    const { user } = setup(
      <Virtual>
        <PhotoGallery
          title="Photos"
          items={items}
          initialWidth={1000}
          targetRowHeight={180}
          onItemOpen={onItemOpen}
          onItemToggle={onItemToggle}
        />
      </Virtual>,
    )
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toHaveLength(1)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'IMG_0.jpg' }))
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'clip-7.mp4' }))
    await user.keyboard('{ArrowUp}{End}')
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'IMG_11.jpg' }))
    await user.keyboard('{Home}{Enter} ')
    expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'p0' }), expect.anything())
    expect(onItemToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'p0' }), expect.anything())
  })

  it('given a right-click on a tile, then the shared menu opens with its actions', async () => {
    const onSelect = vi.fn()
    const { user } = setup(
      <Virtual>
        <PhotoGallery
          title="Photos"
          items={[picture(0, 10)]}
          initialWidth={800}
          itemMenu={() => [{ id: 'open', label: 'Open', onSelect }]}
        />
      </Virtual>,
    )
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('option', { name: 'IMG_0.jpg' }) })
    await user.click(await screen.findByRole('menuitem', { name: 'Open' }))
    expect(onSelect).toHaveBeenCalled()
  })

  it('given no items, then a picture, the heading, the hint and the next action show', async () => {
    const onUpload = vi.fn()
    const { user } = setup(
      <PhotoGallery
        title="Photos and Videos"
        items={[]}
        emptyTitle="No photos or videos yet"
        emptyDescription="Upload photos and videos and they show up here"
        emptyAction={<Button onClick={onUpload}>Upload Files</Button>}
      />,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'No photos or videos yet' })).toBeTruthy()
    expect(screen.getByText('Upload photos and videos and they show up here')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Upload Files' }))
    expect(onUpload).toHaveBeenCalled()
    expect(screen.queryByRole('listbox')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given no items while loading, then a spinner shows instead of the empty state', () => {
    setup(<PhotoGallery title="Photos" items={[]} loading emptyTitle="No photos or videos yet" />)
    expect(screen.getByRole('status')).toBeTruthy()
    expect(screen.queryByText('No photos or videos yet')).toBeNull()
  })

  it('given items while the next page loads, then the spinner shows under them, beside the busy listbox and not in it', async () => {
    setup(
      <Virtual>
        <PhotoGallery title="Photos" items={[picture(0, 10), picture(1, 10)]} loading initialWidth={1000} />
      </Virtual>,
    )
    const listbox = screen.getByRole('listbox', { name: 'Photos' })
    expect(listbox.getAttribute('aria-busy')).toBe('true')
    const status = screen.getByRole('status')
    expect(listbox.contains(status)).toBe(false)
    expect(listbox.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expectNoAxeViolations()
  })
})

describe('PhotoGallery date scrubber', () => {
  // Newest first: two months of 2026, one of 2019 (taken then, uploaded now), one of 2018.
  const items = [
    picture(0, 10),
    picture(1, 10),
    picture(2, 9),
    picture(3, 10, { takenDate: new Date(2019, 2, 14, 12) }),
    picture(4, 10, { takenDate: new Date(2018, 0, 3, 12) }),
  ]
  const gallery = (props: Partial<PhotoGalleryProps> = {}) => (
    <Virtual>
      <PhotoGallery title="Photos" items={items} initialWidth={1000} scrubber {...props} />
    </Virtual>
  )

  it('is off unless asked for', () => {
    setup(gallery({ scrubber: undefined }))
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('lists the years of the loaded months, each over its months, named by month and year', async () => {
    setup(gallery())
    const nav = screen.getByRole('navigation', { name: 'Jump to month' })
    expect(nav.textContent).toBe('2026NovOct2019Mar2018Jan')
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Nov 2026', 'Oct 2026', 'Mar 2019', 'Jan 2018'])
    // Outside the listbox: its buttons are no tiles.
    expect(screen.getByRole('listbox').contains(nav)).toBe(false)
    await expectNoAxeViolations()
  })

  it('given a locale, then its messages name it', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        {gallery()}
      </LocaleProvider>,
    )
    const nav = screen.getByRole('navigation', { name: 'Zu Monat springen' })
    // Short month names as Intl writes them in German ("Okt", "Okt."; "Mär", "März" by ICU version).
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent!.slice(0, 3)),
    ).toEqual(['Nov', 'Okt', 'Mär', 'Jan'])
  })

  it('given the keyboard, then one month is tabbable, arrows move between the months, Enter and Space scroll to the month', async () => {
    const { user } = setup(gallery())
    const nav = screen.getByRole('navigation', { name: 'Jump to month' })
    const buttons = within(nav).getAllByRole('button')
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]])
    buttons[0]!.focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mar 2019' }))
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[2]])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(buttons[3])
    await user.keyboard('{ArrowDown}{Home}{ArrowUp}')
    expect(document.activeElement).toBe(buttons[0])
    // The tiles kept their own tab stop.
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toHaveLength(1)

    scrollToIndex.mockClear()
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    // March 2019 is the third group: its heading goes to the top of the gallery's own scroller.
    expect(scrollToIndex).toHaveBeenCalledExactlyOnceWith({ groupIndex: 2, align: 'start', offset: 0 })
    await user.keyboard('{ArrowDown} ')
    expect(scrollToIndex).toHaveBeenLastCalledWith({ groupIndex: 3, align: 'start', offset: 0 })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Jan 2018' }))
  })
})
