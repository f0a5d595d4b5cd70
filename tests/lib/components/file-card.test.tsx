import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type BrowserFile, FileCard } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const file = (extra: Partial<BrowserFile> = {}): BrowserFile => ({
  id: '1',
  name: 'holiday.jpg',
  size: 1,
  uploadDate: new Date(2024, 2, 7, 21, 5),
  ...extra,
})

describe('FileCard', () => {
  it('shows the name and the upload date in the locale card format (en-US by default)', async () => {
    setup(<FileCard file={file()} />)
    expect(screen.getByText('holiday.jpg').getAttribute('title')).toBe('holiday.jpg')
    expect(screen.getByText('03/07/24, 09:05 PM')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given a thumbnail URL, then it shows the image (decorative: the name is the text); otherwise the extension badge', () => {
    const { rerender, container } = setup(<FileCard file={file({ thumbnailUrl: '/t/1' })} />)
    const image = container.querySelector('img')
    expect(image?.getAttribute('src')).toBe('/t/1')
    expect(image?.getAttribute('alt')).toBe('')
    expect(image?.getAttribute('loading')).toBe('lazy')
    rerender(<FileCard file={file()} />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('JPG').getAttribute('aria-hidden')).toBe('true')
  })

  it('given thumbnails disabled, then the badge shows even with a URL', () => {
    const { container } = setup(<FileCard file={file({ thumbnailUrl: '/t/1' })} thumbnailsDisabled />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('JPG')).toBeTruthy()
  })

  it('given a broken thumbnail, then it falls back to the badge, and a new URL gets its own chance', () => {
    const { rerender, container } = setup(<FileCard file={file({ thumbnailUrl: '/t/broken' })} />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('JPG')).toBeTruthy()
    rerender(<FileCard file={file({ thumbnailUrl: '/t/fixed' })} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/t/fixed')
  })

  it('given selected, then it says so with data-selected; given a role, its name is its text', () => {
    setup(<FileCard file={file()} selected role="option" aria-selected />)
    const card = screen.getByRole('option', { name: 'holiday.jpg 03/07/24, 09:05 PM' })
    expect(card.getAttribute('data-selected')).toBe('true')
  })

  it('given a video, then it carries the play mark (decoration), centred on a thumbnail and in the corner over a badge; other files do not', () => {
    const { rerender, container } = setup(
      <FileCard file={file({ name: 'clip.mp4', isVideo: true, thumbnailUrl: '/t/1' })} role="option" />,
    )
    const mark = () => container.querySelector('[data-play-badge]')
    expect(mark()?.getAttribute('aria-hidden')).toBe('true')
    const centred = mark()?.className
    // The accessible name is still the name and the date.
    expect(screen.getByRole('option', { name: 'clip.mp4 03/07/24, 09:05 PM' })).toBeTruthy()
    rerender(<FileCard file={file({ name: 'clip.mp4', isVideo: true })} role="option" />)
    expect(mark()).not.toBeNull()
    expect(mark()?.className).not.toBe(centred)
    rerender(<FileCard file={file({ thumbnailUrl: '/t/1' })} role="option" />)
    expect(mark()).toBeNull()
  })

  it('given badgeMax and a date formatter, then they are used', () => {
    setup(<FileCard file={file({ name: 'movie.torrent' })} badgeMax={3} formatDate={() => 'yesterday'} />)
    expect(screen.getByText('TOT')).toBeTruthy()
    expect(screen.getByText('yesterday')).toBeTruthy()
  })

  it('with openCue, a selected card shows "Open" (hidden from the accessibility tree); not selected, nothing; openLabel renames it', () => {
    const { rerender, container } = setup(<FileCard file={file()} openCue />)
    expect(container.querySelector('[data-part="open-cue"]')).toBeNull()
    rerender(<FileCard file={file()} openCue selected />)
    const cue = container.querySelector('[data-part="open-cue"]')
    expect(cue?.textContent).toBe('Open')
    expect(cue?.getAttribute('aria-hidden')).toBe('true')
    rerender(<FileCard file={file()} openCue selected openLabel="View" />)
    expect(container.querySelector('[data-part="open-cue"]')?.textContent).toBe('View')
    rerender(<FileCard file={file()} selected />)
    expect(container.querySelector('[data-part="open-cue"]')).toBeNull()
  })
})
