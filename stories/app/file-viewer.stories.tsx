// SPEC §2 "File viewer modal": full screen, the name, a menu and close; previous and next among
// pictures and videos; "Error loading image" when a picture fails.
import { http, HttpResponse } from 'msw'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers } from '../../mocks/handlers.ts'
import { viewportShot } from '../lib/_support/visual.ts'
import { appScreen, findCard, imagesSettled, phone, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/File viewer',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/home'), ...viewportShot },
  beforeEach: withHomeDrive,
})

const openPhoto = async () => {
  await userEvent.dblClick(await findCard('holiday.jpg'))
  return within(await screen.findByRole('dialog', { name: 'holiday.jpg' }))
}

/** A photo, full screen, with its name, menu, close and the arrows. */
export const States = meta.story({
  async play() {
    const viewer = await openPhoto()
    await shown(viewer.getByRole('heading', { name: 'holiday.jpg' }))
    for (const name of ['File actions', 'Close', 'Next']) await shown(viewer.getByRole('button', { name }))
    await imagesSettled()
  },
})

/** Next goes to the next picture or video. */
export const Next = meta.story({
  async play() {
    const viewer = await openPhoto()
    await userEvent.click(viewer.getByRole('button', { name: 'Next' }))
    await shown(await screen.findByRole('heading', { name: 'clip.mp4' }))
  },
})

/** The picture fails: "Error loading image". */
export const StatesImageError = meta.story({
  beforeEach({ msw }) {
    // holiday.jpg under an id of its own: the page keeps pictures it has shown by URL (the States
    // story's full-size holiday.jpg), which would be drawn again without asking the server.
    const drive = sampleDrive(12)
    drive.files = drive.files.map((f) => (f.filename === 'holiday.jpg' ? { ...f, _id: 'file-broken' } : f))
    msw.use(
      http.get('*/file-service/full-thumbnail/:id', () => new HttpResponse(null, { status: 500 })),
      ...driveHandlers(drive),
    )
  },
  async play() {
    const viewer = await openPhoto()
    await shown(await viewer.findByText('Error loading image'))
  },
})

/** Close dismisses it. */
export const Close = meta.story({
  async play() {
    const viewer = await openPhoto()
    await userEvent.click(viewer.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
})

/** On a phone. */
export const StatesPhone = meta.story({
  ...phone(),
  async play() {
    await openPhoto()
    await imagesSettled()
  },
})
