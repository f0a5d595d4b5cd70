// A file request's page (/s/{token} of an upload link, issue #19): a drop zone, and each file's
// upload in "Your uploads" with its progress or the server's reason for a refusal.
import { http } from 'msw'
import { screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { ok } from '../../mocks/handlers.ts'
import { createTusServer } from '../../mocks/tus.ts'
import { appBeforeEach, appScreen, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/File request',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/s/tok', false),
  beforeEach: appBeforeEach,
})

const base = '/share-service/public/tok'
const request = () =>
  http.get(`*${base}`, () => ok({ itemType: 'folder', name: 'Send me photos', access: 'upload', expiresAt: null }))
const files = (n: number) =>
  Array.from({ length: n }, (_, i) => new File([`file ${i}`], `photo-${i + 1}.jpg`, { type: 'image/jpeg' }))

/** The request, nothing sent yet. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(request())
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Send me photos', level: 1 }))
  },
})

/** Four files sent: three arrived, one refused with the server's reason. */
export const StatesSent = meta.story({
  beforeEach({ msw }) {
    const tus = createTusServer(`${base}/uploads`)
    tus.refuse('photo-4.jpg', 413, "File is larger than this link's limit of 5 bytes per file")
    msw.use(request(), ...tus.handlers)
  },
  async play() {
    await screen.findByRole('heading', { name: 'Send me photos', level: 1 })
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, files(4))
    const region = within(await screen.findByRole('region', { name: 'Your uploads' }))
    await shown(await region.findByText('photo-1.jpg'))
    await shown(region.getByText('photo-4.jpg'))
    await shown(await region.findByText("File is larger than this link's limit of 5 bytes per file"))
  },
})

/** On a phone. */
export const Phone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(request())
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Send me photos', level: 1 }))
  },
})
