import { createEvent, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FileRequestDropZone, type UploadItem } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' })
const report = new File(['yy'], 'report.pdf', { type: 'application/pdf' })
const scan = new File(['zzz'], 'scan.png', { type: 'image/png' })

// A drag event whose dataTransfer carries files (jsdom has no DragEvent or DataTransfer of its own).
function drag(
  type: 'dragEnter' | 'dragOver' | 'dragLeave' | 'drop',
  target: Element,
  files: File[] = [],
  relatedTarget: Element | null = null,
) {
  const event = createEvent[type](target)
  Object.defineProperties(event, {
    dataTransfer: { value: { types: files.length ? ['Files'] : ['text/plain'], files, dropEffect: 'none' } },
    relatedTarget: { value: relatedTarget },
  })
  fireEvent(target, event)
  return event
}

const zoneOf = () => screen.getByText('Drag files here').parentElement!

const uploads: UploadItem[] = [
  { id: '2', name: 'report.pdf', type: 'file', progress: 40, state: 'running' },
  { id: '1', name: 'photo.jpg', type: 'file', progress: 100, state: 'completed' },
]

describe('FileRequestDropZone', () => {
  it('names the request after the folder, says the folder stays hidden and shows the limits that are set', async () => {
    setup(
      <FileRequestDropZone
        title="Wedding photos"
        onFiles={() => {}}
        maxFileSize={2 * 1024 ** 3}
        maxTotalBytes={10 * 1024 ** 3}
      />,
    )
    const region = screen.getByRole('region', { name: 'Wedding photos' })
    expect(within(region).getByRole('heading', { level: 1, name: 'Wedding photos' })).toBeTruthy()
    expect(region.textContent).toContain(
      "Files you add here are sent to the folder's owner. You can't see what is in the folder.",
    )
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Up to 2 GB per file', 'Up to 10 GB in total'])
    await expectNoAxeViolations()
  })

  it('shows no limits when none are set', () => {
    setup(<FileRequestDropZone title="Inbox" onFiles={() => {}} maxFileSize={null} />)
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('Choose files opens the picker (keyboard too) and hands over what was chosen', async () => {
    const onFiles = vi.fn()
    const { user } = setup(<FileRequestDropZone title="Inbox" onFiles={onFiles} accept="image/*" />)
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(picker.multiple).toBe(true)
    expect(picker.accept).toBe('image/*')
    const click = vi.spyOn(picker, 'click')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose files' }))
    await user.keyboard('{Enter}')
    expect(click).toHaveBeenCalledOnce()
    await user.upload(picker, [photo, scan])
    expect(onFiles).toHaveBeenCalledWith([photo, scan])
  })

  it('highlights while files are dragged over it and hands over dropped files', () => {
    const onFiles = vi.fn()
    setup(<FileRequestDropZone title="Inbox" onFiles={onFiles} />)
    const zone = zoneOf()
    const over = drag('dragOver', zone, [photo])
    // Accepting the drop: without preventDefault the browser would open the file.
    expect(over.defaultPrevented).toBe(true)
    drag('dragEnter', zone, [photo])
    expect(zone.dataset.dragging).toBe('true')
    // Over a child of the zone: still dragging.
    drag('dragLeave', zone, [photo], screen.getByRole('button', { name: 'Choose files' }))
    expect(zone.dataset.dragging).toBe('true')
    drag('dragLeave', zone, [photo], document.body)
    expect(zone.dataset.dragging).toBeUndefined()
    drag('dragEnter', zone, [photo])
    drag('drop', zone, [photo, report])
    expect(onFiles).toHaveBeenCalledWith([photo, report])
    expect(zone.dataset.dragging).toBeUndefined()
  })

  it('ignores drags of text, not files', () => {
    setup(<FileRequestDropZone title="Inbox" onFiles={() => {}} />)
    const zone = zoneOf()
    expect(drag('dragOver', zone).defaultPrevented).toBe(false)
    drag('dragEnter', zone)
    expect(zone.dataset.dragging).toBeUndefined()
  })

  it('disabled: says so, has no button and takes no dropped files', async () => {
    const onFiles = vi.fn()
    setup(<FileRequestDropZone title="Inbox" onFiles={onFiles} disabled maxFileSize={1024 ** 2} />)
    expect(screen.getByText('Uploads are paused')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Choose files' })).toBeNull()
    const zone = screen.getByText('Uploads are paused').parentElement!
    expect(zone.dataset.disabled).toBe('true')
    drag('drop', zone, [photo])
    expect(onFiles).not.toHaveBeenCalled()
    // The limits still say what the link will take.
    expect(screen.getByText('Up to 1 MB per file')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('expired: says the link expired and takes nothing', () => {
    const onFiles = vi.fn()
    setup(<FileRequestDropZone title="Inbox" onFiles={onFiles} expired maxFileSize={1024 ** 2} />)
    expect(screen.getByText('This link has expired')).toBeTruthy()
    expect(screen.getByText('Ask the person who sent it for a new one.')).toBeTruthy()
    expect(screen.queryByText('Up to 1 MB per file')).toBeNull()
    drag('drop', screen.getByText('This link has expired').parentElement!, [photo])
    expect(onFiles).not.toHaveBeenCalled()
  })

  it('lists the uploads in an upload panel whose controls call back', async () => {
    const onCancelUpload = vi.fn()
    const onCloseUploads = vi.fn()
    const { user } = setup(
      <FileRequestDropZone
        title="Inbox"
        onFiles={() => {}}
        uploads={uploads}
        onCancelUpload={onCancelUpload}
        onCloseUploads={onCloseUploads}
      />,
    )
    const panel = screen.getByRole('region', { name: 'Your uploads' })
    expect(within(panel).getByRole('heading', { name: 'Uploading 2 file(s)' })).toBeTruthy()
    await user.click(within(panel).getByRole('button', { name: 'Cancel upload of report.pdf' }))
    expect(onCancelUpload).toHaveBeenCalledWith('2')
    await user.click(within(panel).getByRole('button', { name: 'Close uploads' }))
    expect(onCloseUploads).toHaveBeenCalledOnce()
  })

  it('forwards props, merges className, renders children and takes other texts', () => {
    setup(
      <FileRequestDropZone
        title="Inbox"
        onFiles={() => {}}
        className="mine"
        data-testid="zone"
        headingLevel={2}
        labels={{ choose: 'Add files' }}
      >
        <p>Extra</p>
      </FileRequestDropZone>,
    )
    expect(screen.getByTestId('zone').className).toContain('mine')
    expect(screen.getByRole('heading', { level: 2, name: 'Inbox' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add files' })).toBeTruthy()
    expect(screen.getByText('Extra')).toBeTruthy()
  })
})
