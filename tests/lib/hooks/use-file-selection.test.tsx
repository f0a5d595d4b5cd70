import { screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { VirtuosoMockContext } from 'react-virtuoso'
import { describe, expect, it } from 'vitest'
import { type BrowserFile, FileList, useFileSelection } from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

const files: BrowserFile[] = Array.from({ length: 6 }, (_, i) => ({ id: `f${i}`, name: `file-${i}.txt`, size: 1, uploadDate: new Date(2024, 0, 1) }))
const fileId = (file: BrowserFile) => file.id

const Virtual = ({ children }: { children: ReactNode }) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 40 }}>{children}</VirtuosoMockContext.Provider>
)

function Browser() {
  const selection = useFileSelection({ items: files, getId: fileId })
  return (
    <Virtual>
      <p data-testid="selected">{selection.selectedIds.join(',')}</p>
      <FileList title="Files" items={files} {...selection.collectionProps} />
    </Virtual>
  )
}

const selected = () => screen.getByTestId('selected').textContent
const row = (i: number) => screen.getByRole('row', { name: new RegExp(`file-${i}\\.txt`) })

// Many clicks with modifiers: slow under jsdom on a busy machine, hence the longer timeouts.
describe('useFileSelection', () => {
  it('a click selects one item; Ctrl or Cmd toggles; Shift selects the range from the anchor, Ctrl+Shift adds it', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(1))
    expect(selected()).toBe('f1')
    await user.click(row(3))
    expect(selected()).toBe('f3')
    await user.keyboard('{Control>}')
    await user.click(row(1))
    await user.keyboard('{/Control}')
    expect(selected()).toBe('f1,f3')
    await user.keyboard('{Meta>}')
    await user.click(row(3))
    await user.keyboard('{/Meta}')
    expect(selected()).toBe('f1')
    // The anchor is the last item clicked (f3, toggled off): Shift+click on f5 selects f3..f5 only.
    await user.keyboard('{Shift>}')
    await user.click(row(5))
    await user.keyboard('{/Shift}')
    expect(selected()).toBe('f3,f4,f5')
    // Backwards from the same anchor, added to what is there.
    await user.keyboard('{Control>}{Shift>}')
    await user.click(row(0))
    await user.keyboard('{/Shift}{/Control}')
    expect(selected()).toBe('f0,f1,f2,f3,f4,f5')
  }, 30_000)

  it('Shift+Arrow extends from the focused item, Space toggles, Escape clears', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(2))
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}')
    expect(selected()).toBe('f2,f3,f4')
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}')
    expect(selected()).toBe('f2,f3')
    await user.keyboard('{ArrowDown}{ArrowDown} ')
    expect(selected()).toBe('f2,f3,f5')
    await user.keyboard('{Escape}')
    expect(selected()).toBe('')
  })

  it('Ctrl+A selects every item and keeps the page text unselected', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(0))
    const event = new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true })
    row(0).dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    await user.keyboard('{Control>}a{/Control}')
    expect(selected()).toBe('f0,f1,f2,f3,f4,f5')
  })

  it('stays controlled when given selectedIds, reporting changes in display order', async () => {
    const changes: string[][] = []
    function Controlled() {
      const selection = useFileSelection({ items: files, getId: fileId, selectedIds: ['f4'], onSelectedIdsChange: (ids) => changes.push(ids) })
      return (
        <Virtual>
          <FileList title="Files" items={files} {...selection.collectionProps} />
        </Virtual>
      )
    }
    const { user } = setup(<Controlled />)
    expect(row(4).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Control>}')
    await user.click(row(1))
    await user.keyboard('{/Control}')
    expect(changes).toEqual([['f1', 'f4']])
    // Controlled: nothing changes until the owner passes new ids.
    expect(row(1).getAttribute('aria-selected')).toBe('false')
  })
})
