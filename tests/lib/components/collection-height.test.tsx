// A grid or list placed in page flow with no height: its own scroller would be 0 px tall and show
// nothing, so the collection scrolls with the page instead, and a development build says how to
// choose. jsdom has no layout: the scroller's box is stubbed as a real browser measures it.
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { heightlessWarning } from '../../../lib/components/virtual-collection/use-collection-scroll.ts'
import { type BrowserFile, FileGrid, FileList } from '../../../lib/index.ts'
import { stubLayout } from '../helpers/layout.ts'
import { setup } from '../helpers/render.tsx'

const at = new Date(2024, 2, 7, 21, 5)
const files = (n: number): BrowserFile[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i}`, name: `file-${i}.txt`, size: 1, uploadDate: at }))

/** Every element laid out, and `height` px tall (what the page gives the scroller). */
const layoutAt = (height: number) => stubLayout({ height })

const scroller = () => document.querySelector<HTMLElement>('[data-collection-scroller]')
/** An own scroller has its overflow set inline; the page's scrolling has none. */
const scrollsItself = () => scroller()?.style.overflowY === 'auto'

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('a collection the page gives no height', () => {
  it('given a FileGrid in page flow, then it scrolls with the page and warns once, naming the fix', () => {
    layoutAt(0)
    setup(<FileGrid title="Files" items={files(2000)} />)
    expect(scrollsItself()).toBe(false)
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(heightlessWarning('Files'))
    expect(heightlessWarning('Files')).toMatch(/"Files" has no height.*give it or its parent a height.*useWindowScroll/)
  })

  it('given a FileList in page flow, then the same', () => {
    layoutAt(0)
    setup(<FileList title="Documents" items={files(50)} />)
    expect(scrollsItself()).toBe(false)
    expect(warn).toHaveBeenCalledWith(heightlessWarning('Documents'))
  })

  it('given a height, then it keeps its own scroller and says nothing', () => {
    layoutAt(480)
    setup(<FileGrid title="Files" items={files(2000)} />)
    expect(scrollsItself()).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it('given useWindowScroll or nothing to show, then nothing is measured and nothing said', () => {
    layoutAt(0)
    setup(<FileGrid title="Files" items={files(20)} useWindowScroll />)
    setup(<FileGrid title="Empty" items={[]} emptyText="Nothing here" />)
    expect(warn).not.toHaveBeenCalled()
  })

  it('given no layout at all (hidden, or a DOM without layout), then it keeps its own scroller', () => {
    setup(<FileGrid title="Files" items={files(20)} />)
    expect(scrollsItself()).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })
})
