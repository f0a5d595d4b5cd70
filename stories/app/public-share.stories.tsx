// A share link's page (/s/{token}, issue #19): the shared file, the password lock, and the pages
// for a link that is gone or expired. The shared folder and the file request have their own files.
import { delay, http, HttpResponse } from 'msw'
import { expect, screen, userEvent } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { apiError, ok, thumbnailSvg } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, imagesSettled, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Public share',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/s/tok', false),
  beforeEach: appBeforeEach,
})

const base = '*/share-service/public/tok'
const fileInfo = { itemType: 'file', access: 'view', expiresAt: null, size: 1536 }

/** A shared photo: its preview, name, size and Download. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get(base, () => ok({ ...fileInfo, name: 'beach.jpg', preview: 'image' })),
      http.get(
        `${base}/preview`,
        () => new HttpResponse(thumbnailSvg('beach'), { headers: { 'Content-Type': 'image/svg+xml' } }),
      ),
    )
  },
  async play() {
    await shown(await screen.findByRole('img', { name: 'Preview of beach.jpg' }))
    await shown(screen.getByRole('heading', { name: 'beach.jpg', level: 1 }))
    await shown(screen.getByRole('button', { name: 'Download' }))
    await imagesSettled()
  },
})

/** A file without a preview, with an expiry. */
export const FileWithExpiry = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get(base, () =>
        ok({ ...fileInfo, name: 'report.pdf', preview: null, expiresAt: '2030-01-02T03:04:00.000Z' }),
      ),
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'report.pdf' }))
    await shown(screen.getByText('Link expires'))
  },
})

/** The link is being read. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(base, () => delay('infinite')))
  },
  async play() {
    await shown(await screen.findByRole('status', { name: 'Loading' }))
  },
})

/** A password link: the lock, and a wrong password said so. */
export const StatesPassword = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get(base, () =>
        HttpResponse.json(
          { statusCode: 401, code: 'SHARE_PASSWORD_REQUIRED', message: 'This link is protected by a password' },
          { status: 401 },
        ),
      ),
      http.post(`${base}/unlock`, () => apiError(401, 'SHARE_PASSWORD_INCORRECT', 'Incorrect password')),
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'This link is protected' }))
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password. Try again.')
  },
})

/** A revoked link (404). */
export const StatesRevoked = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(base, () => apiError(404, 'NOT_FOUND', 'Link not found')))
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: "This link doesn't exist or was revoked" }))
  },
})

/** An expired link (410). */
export const Expired = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(base, () => apiError(410, 'SHARE_EXPIRED', 'This link has expired')))
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'This link has expired' }))
    await shown(screen.getByText('Ask the person who shared it for a new one.'))
  },
})

/** The server fails: its reason, with Try again. */
export const ServerError = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(base, () => apiError(500, 'INTERNAL', 'Something broke')))
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: "This link couldn't be opened" }))
    await shown(screen.getByRole('button', { name: 'Try again' }))
  },
})
