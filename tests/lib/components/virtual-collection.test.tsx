// The collection engine's focus hand-over (issue #8 keyboard journey): when the focused item leaves
// the list (moved, trashed), focus goes to the item that took its place, never to <body>. Driven
// through FileGrid, the public face of the engine.
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { indexOfId } from '../../../lib/components/virtual-collection/use-roving-focus.ts'
import { type BrowserFile, FileGrid } from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

const at = new Date(2024, 2, 7, 21, 5)
const files = (...names: string[]): BrowserFile[] => names.map((name) => ({ id: name, name, size: 1, uploadDate: at }))

const option = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name.replace('.', '\\.')} `) })

function Grid({ items }: { items: BrowserFile[] }) {
  return (
    <>
      <FileGrid title="Files" items={items} />
      <button type="button">Elsewhere</button>
    </>
  )
}

function renderGrid(items: BrowserFile[]) {
  const view = setup(<Grid items={items} />)
  const update = (next: BrowserFile[]) => view.rerender(<Grid items={next} />)
  return { ...view, update }
}

/** A frame for the hand-over, then a little more: it must not have happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('VirtualCollection focus hand-over', () => {
  it('given focus on a card, when its item leaves the list, then the card that took its place gets focus', async () => {
    const { user, update } = renderGrid(files('a.txt', 'b.txt', 'c.txt'))
    await user.tab()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(option('b.txt'))
    update(files('a.txt', 'c.txt'))
    await waitFor(() => expect(document.activeElement).toBe(option('c.txt')))
    expect(option('c.txt').tabIndex).toBe(0)
  })

  it('given focus on the last card, when its item leaves, then the new last card gets focus', async () => {
    const { user, update } = renderGrid(files('a.txt', 'b.txt', 'c.txt'))
    await user.tab()
    await user.keyboard('{End}')
    update(files('a.txt', 'b.txt'))
    await waitFor(() => expect(document.activeElement).toBe(option('b.txt')))
  })

  it('given focus on the only card, when its item leaves, then the heading gets focus', async () => {
    const { user, update } = renderGrid(files('a.txt'))
    await user.tab()
    update([])
    const heading = screen.getByRole('heading', { name: 'Files' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    // Script-focusable only: the heading is no tab stop.
    expect(heading.tabIndex).toBe(-1)
  })

  it('given focus moved on to another element, when the last focused item leaves, then the collection does not take focus back', async () => {
    const { user, update } = renderGrid(files('a.txt', 'b.txt'))
    await user.tab()
    await user.tab()
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' })
    expect(document.activeElement).toBe(elsewhere)
    update(files('b.txt'))
    await settle()
    expect(document.activeElement).toBe(elsewhere)
    // Even once that element lets focus go: the user had left the collection.
    elsewhere.blur()
    update([])
    await settle()
    expect(document.activeElement).toBe(document.body)
  })

  it('given focus on a card, when other items change around it, then it keeps focus', async () => {
    const { user, update } = renderGrid(files('a.txt', 'b.txt', 'c.txt'))
    await user.tab()
    await user.keyboard('{ArrowRight}')
    update(files('b.txt', 'c.txt', 'd.txt'))
    await settle()
    expect(document.activeElement).toBe(option('b.txt'))
  })
})

describe('finding the active item by id', () => {
  const items = files('a.txt', 'b.txt', 'c.txt', 'd.txt')

  it('looks where it was last seen first, so a list that only grew is not scanned', () => {
    const getId = vi.fn((file: BrowserFile) => file.id)
    expect(indexOfId(items, getId, 'c.txt', 2)).toBe(2)
    expect(getId).toHaveBeenCalledTimes(1)
  })

  it('scans when it moved, and answers -1 when it left the list or nothing is active', () => {
    const getId = (file: BrowserFile) => file.id
    expect(indexOfId(items, getId, 'c.txt', 0)).toBe(2)
    expect(indexOfId(items, getId, 'c.txt', 99)).toBe(2)
    expect(indexOfId(items, getId, 'gone.txt', 1)).toBe(-1)
    expect(indexOfId(items, getId, null, 0)).toBe(-1)
  })
})
