// `/s/{token}` (issue #19): the link's info first, then a password form, a 404 or 410 page, or
// the shared file with its preview. The folder and file-request pages: public-share-folder.test.tsx.
import '../helpers/setup.ts'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { navigateAway } from '../../../app/api/navigate.ts'
import { renderApp } from '../helpers/render.tsx'
import { apiError, HttpResponse, http as mock, ok, requests, sent, server } from '../helpers/server.ts'

vi.mock('../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))

const base = '/share-service/public/tok'
const folderInfo = { itemType: 'folder', name: 'Holiday', access: 'view', expiresAt: null }
const locked = () =>
  HttpResponse.json(
    { statusCode: 401, code: 'SHARE_PASSWORD_REQUIRED', message: 'This link is protected by a password' },
    { status: 401 },
  )

describe('a link that opens nothing', () => {
  it('given an unknown or revoked link (404), then says it does not exist or was revoked', async () => {
    server.use(mock.get(`*${base}`, () => apiError(404, 'NOT_FOUND', 'Link not found')))
    renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: "This link doesn't exist or was revoked" })).toBeTruthy()
    expect(screen.queryByText(/expired/)).toBeNull()
  })

  it('given an expired link (410), then says the link expired, not a generic error', async () => {
    server.use(
      mock.get(`*${base}`, () =>
        apiError(410, 'SHARE_EXPIRED', 'This link has expired: ask the person who shared it for a new one'),
      ),
    )
    renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy()
    expect(screen.getByText('Ask the person who shared it for a new one.')).toBeTruthy()
    expect(screen.queryByText("This link couldn't be opened")).toBeNull()
  })

  it('given the server fails, then shows its reason with Try again', async () => {
    let calls = 0
    server.use(mock.get(`*${base}`, () => (++calls === 1 ? apiError(400, 'BAD_REQUEST', 'Bad token') : ok(folderInfo))))
    server.use(
      mock.get(`*${base}/list`, () => ok({ path: [{ _id: 'root', name: 'Holiday' }], folders: [], files: [] })),
    )
    const { user } = renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: "This link couldn't be opened" })).toBeTruthy()
    expect(screen.getByText('Bad token')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Holiday', level: 1 })).toBeTruthy()
  })
})

describe('a password link', () => {
  it('asks for the password; wrong says so, too many tries says wait, the right one opens the folder', async () => {
    let unlocked = false
    let attempts = 0
    server.use(
      mock.get(`*${base}`, () => (unlocked ? ok(folderInfo) : locked())),
      mock.post(`*${base}/unlock`, async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        attempts++
        if (attempts === 2) return apiError(429, 'TOO_MANY_REQUESTS', 'Too many attempts')
        if (password !== 'right') return apiError(401, 'SHARE_PASSWORD_INCORRECT', 'Incorrect password')
        unlocked = true
        return ok({ message: 'Unlocked' })
      }),
      mock.get(`*${base}/list`, () => ok({ path: [{ _id: 'root', name: 'Holiday' }], folders: [], files: [] })),
    )
    const { user } = renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: 'This link is protected' })).toBeTruthy()
    const field = screen.getByLabelText('Password')
    const open = screen.getByRole('button', { name: 'Open' })
    expect(open.hasAttribute('disabled') || open.getAttribute('aria-disabled') === 'true').toBe(true)

    await user.type(field, 'wrong')
    await user.click(open)
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password. Try again.')

    await user.click(open)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Wait a few minutes, then try again.'),
    )

    await user.clear(field)
    await user.type(field, 'right')
    await user.click(open)
    expect(await screen.findByRole('heading', { name: 'Holiday', level: 1 })).toBeTruthy()
    expect(sent(`${base}/unlock`, 'POST').map((r) => r.body)).toEqual([
      { password: 'wrong' },
      { password: 'wrong' },
      { password: 'right' },
    ])
    // An anonymous 401 is the link's lock, never an expired session: no token refresh was tried.
    expect(sent('/user-service/get-token')).toEqual([])
    expect(requests.some((r) => r.path.startsWith('/user-service'))).toBe(false)
  })
})

describe('a file link', () => {
  const fileInfo = { itemType: 'file', access: 'view', expiresAt: null, size: 1536 }

  it('shows an image through …/preview, the name, the size, and Download', async () => {
    server.use(mock.get(`*${base}`, () => ok({ ...fileInfo, name: 'beach.jpg', preview: 'image' })))
    const { user } = renderApp('/s/tok')
    const picture = await screen.findByRole('img', { name: 'Preview of beach.jpg' })
    expect(picture.getAttribute('src')).toBe(`${base}/preview`)
    expect(screen.getByRole('heading', { name: 'beach.jpg', level: 1 })).toBeTruthy()
    expect(screen.getByText('1.5 KB')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Download' }))
    expect(navigateAway).toHaveBeenCalledWith(`${base}/download`)
  })

  it('plays a video in a player', async () => {
    server.use(mock.get(`*${base}`, () => ok({ ...fileInfo, name: 'clip.mp4', preview: 'video' })))
    renderApp('/s/tok')
    await screen.findByRole('heading', { name: 'clip.mp4' })
    const video = document.querySelector('video')!
    expect(video.getAttribute('src')).toBe(`${base}/preview`)
    expect(video.hasAttribute('controls')).toBe(true)
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull()
  })

  it('shows a file without a preview as its extension badge, with the expiry, and loads nothing else', async () => {
    server.use(
      mock.get(`*${base}`, () =>
        ok({ ...fileInfo, name: 'report.pdf', preview: null, expiresAt: '2030-01-02T03:04:00.000Z' }),
      ),
    )
    renderApp('/s/tok')
    await screen.findByRole('heading', { name: 'report.pdf' })
    expect(screen.getByText('PDF')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull()
    expect(document.querySelector('video')).toBeNull()
    expect(screen.getByText('Link expires')).toBeTruthy()
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02T03:04:00.000Z')
  })

  it('falls back to the badge when the picture fails to load', async () => {
    server.use(mock.get(`*${base}`, () => ok({ ...fileInfo, name: 'odd.png', preview: 'image' })))
    renderApp('/s/tok')
    const picture = await screen.findByRole('img', { name: 'Preview of odd.png' })
    fireEvent.error(picture)
    expect(await screen.findByText('PNG')).toBeTruthy()
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull()
  })
})
