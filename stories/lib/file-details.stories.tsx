import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, FileDetails, FileDetailsDialog, sprinkles, vars } from '../../lib/index.ts'
import { samplePhoto } from './_support/sample-photo.ts'
import { State, StateGrid } from './_support/state-grid.tsx'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const copyName = fn()
const download = fn()

// A local date, so every machine's screenshot reads the same.
const uploaded = new Date(2024, 2, 7, 21, 5)

const meta = preview.meta({
  title: 'Library/FileDetails',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: FileDetails,
  args: {
    name: 'Quarterly report.pdf',
    access: 'public',
    fileSize: 2_411_724,
    uploadDate: uploaded,
    onCopyName: copyName,
    onDownload: download,
  } as const,
  beforeEach: () => {
    copyName.mockClear()
    download.mockClear()
  },
})

// The public download page puts the details on a card.
const card = sprinkles({ padding: 'xlarge', background: 'raised', borderRadius: 'large', boxShadow: 'small' })

export const Playground = meta.story({
  render: (args) => (
    <div className={card} style={{ width: 420 }}>
      <FileDetails {...args} />
    </div>
  ),
})

const details = (patch: Partial<Parameters<typeof FileDetails>[0]> = {}) => (
  <div className={card} style={{ width: 360, border: `1px solid ${vars.color.border}` }}>
    <FileDetails
      name="Quarterly report.pdf"
      access="public"
      fileSize={2_411_724}
      uploadDate={uploaded}
      onCopyName={copyName}
      onDownload={download}
      {...patch}
    />
  </div>
)

/**
 * Public, private and temporary access; a download in progress; a long name; an empty file; a photo
 * (thumbnail and date taken); a narrow viewport.
 */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="public">{details()}</State>
      <State label="private">{details({ name: 'notes.docx', access: 'private', fileSize: 1536 })}</State>
      <State label="temporary">{details({ name: 'invoice-2024-03.pdf', access: 'one', fileSize: 88_321 })}</State>
      <State label="downloading (busy)">{details({ downloading: true })}</State>
      <State label="long name">
        {details({
          name: 'A_very_long_file_name_without_spaces_for_the_final_board_meeting_version_2_reviewed.xlsx',
          access: 'one',
        })}
      </State>
      <State label="empty file">{details({ name: 'empty.txt', access: 'private', fileSize: 0 })}</State>
      <State label="photo (thumbnail, taken)">
        {details({
          name: 'IMG_2041.HEIC',
          access: 'private',
          fileSize: 3_210_000,
          thumbnailUrl: samplePhoto,
          takenDate: new Date(2023, 7, 19, 18, 40),
        })}
      </State>
      <State label="narrow viewport (280 px)">
        <div className={card} style={{ width: 280, boxSizing: 'border-box' }}>
          <FileDetails
            name="holiday.mov"
            access="public"
            fileSize={734_003_200}
            uploadDate={uploaded}
            onCopyName={copyName}
            onDownload={download}
          />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The file details modal (non-previewable files). */
export const StatesDialog = meta.story({
  parameters: viewportShot,
  render: (args) => <FileDetailsDialog {...args} open onClose={() => {}} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Quarterly report.pdf' })
    await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
    await waitFor(() => expect(getComputedStyle(dialog).opacity).toBe('1'))
  },
})

export const StatesDialogDark = StatesDialog.extend({ globals: { theme: 'dark' } })

/** Keyboard: Copy name, then Download. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Copy name' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(copyName).toHaveBeenCalledWith('Quarterly report.pdf')
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Download' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(download).toHaveBeenCalledOnce()
    await expect(canvas.getByRole('group', { name: 'File details' })).toHaveTextContent(/03\/07\/2024,\s09:05\sPM/)
  },
})

/** The dialog: Escape closes it and focus returns to the file that opened it. */
export const DialogFocusReturn = meta.story({
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <Button onClick={() => setOpen(true)}>notes.docx</Button>
        <FileDetailsDialog {...args} name="notes.docx" open={open} onClose={() => setOpen(false)} />
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'notes.docx' })
    await userEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'notes.docx' })
    await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
    await userEvent.click(screen.getByRole('button', { name: 'Download' }))
    await expect(download).toHaveBeenCalledOnce()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  },
})
