import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type BrowserFile, QuickAccessItem } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const file = (extra: Partial<BrowserFile> = {}): BrowserFile => ({
  id: '1',
  name: 'notes.docx',
  size: 1,
  uploadDate: new Date(2024, 2, 7, 9, 5),
  ...extra,
})

describe('QuickAccessItem', () => {
  it('is a button named by the file name and date, pressed while selected', async () => {
    const { rerender } = setup(<QuickAccessItem file={file()} />)
    const button = screen.getByRole('button', { name: 'notes.docx 03/07/24, 09:05 AM' })
    expect(button.getAttribute('aria-pressed')).toBe('false')
    rerender(<QuickAccessItem file={file()} selected />)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    await expectNoAxeViolations()
  })

  it('shows the short badge (3 characters) without a thumbnail, and falls back to it when the thumbnail breaks', () => {
    const { container, rerender } = setup(<QuickAccessItem file={file()} />)
    expect(screen.getByText('DOX')).toBeTruthy()
    rerender(<QuickAccessItem file={file({ name: 'a.jpg', thumbnailUrl: '/t' })} />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('JPG')).toBeTruthy()
  })

  it('given the keyboard, then Enter and Space click it; right-click reaches onContextMenu', async () => {
    const onClick = vi.fn()
    const onContextMenu = vi.fn()
    const { user } = setup(<QuickAccessItem file={file()} onClick={onClick} onContextMenu={onContextMenu} />)
    await user.tab()
    await user.keyboard('{Enter} ')
    expect(onClick).toHaveBeenCalledTimes(2)
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('button') })
    expect(onContextMenu).toHaveBeenCalledOnce()
  })
})
