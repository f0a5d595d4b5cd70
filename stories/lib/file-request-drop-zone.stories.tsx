import { useState } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { FileRequestDropZone, type FileRequestDropZoneProps, type UploadItem } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const onFiles = fn()
const onCancelUpload = fn()
const onCloseUploads = fn()

const uploads: UploadItem[] = [
  { id: '3', name: 'IMG_4102.jpg', type: 'file', progress: 42, state: 'running' },
  { id: '2', name: 'ceremony.mov', type: 'file', progress: 37, state: 'failed', error: 'File too large' },
  { id: '1', name: 'IMG_4101.jpg', type: 'file', progress: 100, state: 'completed' },
]

const GB = 1024 ** 3

const meta = preview.meta({
  title: 'Library/FileRequestDropZone',
  tags: ['autodocs'],
  component: FileRequestDropZone,
  args: {
    title: 'Wedding photos',
    onFiles,
    onCancelUpload,
    onCloseUploads,
    maxFileSize: 2 * GB,
    maxTotalBytes: 10 * GB,
    style: { maxWidth: 560, padding: 16 },
  },
  beforeEach: () => {
    for (const spy of [onFiles, onCancelUpload, onCloseUploads]) spy.mockClear()
  },
})

export const Playground = meta.story({})

// Each request is a landmark named by its title, so every one in the grid gets its own.
const zone = (title: string, props: Partial<FileRequestDropZoneProps> = {}) => (
  <FileRequestDropZone
    title={title}
    onFiles={onFiles}
    onCancelUpload={onCancelUpload}
    onCloseUploads={onCloseUploads}
    headingLevel={2}
    style={{ width: '100%' }}
    {...props}
  />
)

// A drag of one file over the zone, as the browser sends it.
const dragOver = (element: Element) => {
  const dataTransfer = new DataTransfer()
  dataTransfer.items.add(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }))
  element.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer }))
}

/** Ready with limits, without limits, files dragged over, with uploads, disabled, expired, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3} fill>
      <State label="ready, both limits">
        {zone('Wedding photos', { maxFileSize: 2 * GB, maxTotalBytes: 10 * GB })}
      </State>
      <State label="ready, no limits">{zone('Inbox')}</State>
      <State label="files dragged over">{zone('Scans', { maxFileSize: 500 * 1024 ** 2, id: 'dragging' })}</State>
      <State label="uploading: running, failed, completed">
        {zone('Tax documents', { uploads, maxFileSize: 2 * GB })}
      </State>
      <State label="disabled">{zone('Paused request', { disabled: true, maxFileSize: 2 * GB })}</State>
      <State label="expired">{zone('Old request', { expired: true })}</State>
      <State label="narrow (280 px)">
        <div style={{ width: 280 }}>
          {zone('Birthday party photos and videos', { maxFileSize: 2 * GB, maxTotalBytes: 10 * GB })}
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    const target = within(canvasElement.querySelector('#dragging') as HTMLElement).getByText('Drag files here')
      .parentElement as HTMLElement
    dragOver(target)
    // dragenter is a continuous event to React: its state update renders a moment later.
    await waitFor(() => expect(target).toHaveAttribute('data-dragging', 'true'))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab reaches Choose files; the picker hands over the chosen files. */
export const Keyboard = meta.story({
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Choose files' })).toHaveFocus()
    const picker = canvasElement.querySelector('input[type="file"]') as HTMLInputElement
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' })
    await userEvent.upload(picker, photo)
    await expect(onFiles).toHaveBeenCalledWith([photo])
  },
})

/** Pointer: a drop hands over the files; the uploads appear under the zone and can be canceled. */
export const Pointer = meta.story({
  render: function Render(args) {
    const [items, setItems] = useState<UploadItem[]>([])
    return (
      <FileRequestDropZone
        {...args}
        uploads={items}
        onFiles={(files) => {
          args.onFiles(files)
          setItems(
            files.map((file, i) => ({ id: String(i), name: file.name, type: 'file', progress: 10, state: 'running' })),
          )
        }}
      />
    )
  },
  play: async ({ canvas, userEvent }) => {
    const target = canvas.getByText('Drag files here').parentElement as HTMLElement
    const dataTransfer = new DataTransfer()
    dataTransfer.items.add(new File(['x'], 'toast.txt', { type: 'text/plain' }))
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }))
    await expect(onFiles).toHaveBeenCalledOnce()
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel upload of toast.txt' }))
    await expect(onCancelUpload).toHaveBeenCalledWith('0')
  },
})
