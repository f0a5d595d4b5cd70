import '../helpers/setup.ts'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { formatFileDate } from '@cumulus/ui'
import { navigateAway } from '../../../app/api/navigate.ts'
import { renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, server } from '../helpers/server.ts'

vi.mock('../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))

const info = (linkType?: 'public' | 'one', size = 1536) => ({
  filename: 'Holiday photos.zip',
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: { size, ...(linkType ? { linkType } : {}) },
})

describe('public download page (SPEC §2)', () => {
  it('shows a spinner while loading, then the name, File details (access, size, date) and Download', async () => {
    let release!: () => void
    server.use(
      mock.get(
        '*/file-service/public/info/f1/tok',
        () => new Promise<Response>((resolve) => (release = () => resolve(ok(info('public'))))),
      ),
    )
    renderApp('/public-download/f1/tok')
    await waitFor(() => expect(release).toBeTypeOf('function'))
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    release()
    expect(await screen.findByText('Holiday photos.zip')).toBeTruthy()
    // The library's FileDetails lays the block out; the page checks what it says.
    expect(screen.getByRole('heading', { name: 'File details' })).toBeTruthy()
    expect(screen.getByText('Public')).toBeTruthy()
    expect(screen.getByText('1.5 KB')).toBeTruthy()
    // MM/DD/YYYY hh:mma in local time.
    expect(screen.getByText(formatFileDate('2024-03-07T21:05:00.000Z'))).toBeTruthy()
    expect(formatFileDate('2024-03-07T21:05:00.000Z')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(AM|PM)$/)
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy()
  })

  it.each([
    ['one', 'Temporary'],
    ['public', 'Public'],
    [undefined, 'Private'],
  ] as const)('labels the access of a linkType %s as %s', async (linkType, label) => {
    server.use(mock.get('*/file-service/public/info/f1/tok', () => ok(info(linkType))))
    renderApp('/public-download/f1/tok')
    await screen.findByRole('heading', { name: 'File details' })
    expect(screen.getByText(label)).toBeTruthy()
  })

  it('Copy name copies the file name and says "Filename Copied"', async () => {
    server.use(mock.get('*/file-service/public/info/f1/tok', () => ok(info('one'))))
    const { user } = renderApp('/public-download/f1/tok')
    await user.click(await screen.findByRole('button', { name: 'Copy name' }))
    expect(await toasts().findByText('Filename Copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('Holiday photos.zip')
  })

  it('Download navigates to the public download address', async () => {
    server.use(mock.get('*/file-service/public/info/f%201/t%2Fk', () => ok(info('public'))))
    const { user } = renderApp('/public-download/f%201/t%2Fk')
    await user.click(await screen.findByRole('button', { name: 'Download' }))
    expect(navigateAway).toHaveBeenCalledWith('/file-service/public/download/f%201/t%2Fk')
  })

  it('given the link has a password, then it hands the visitor to the link’s page, which asks for it', async () => {
    server.use(
      mock.get('*/file-service/public/info/f1/t%2Fk', () =>
        apiError(401, 'SHARE_PASSWORD_REQUIRED', 'This link needs a password'),
      ),
      mock.get('*/share-service/public/t%2Fk', () =>
        apiError(401, 'SHARE_PASSWORD_REQUIRED', 'This link needs a password'),
      ),
    )
    renderApp('/public-download/f1/t%2Fk')
    await waitFor(() => expect(window.location.pathname).toBe('/s/t%2Fk'))
    expect(await screen.findByLabelText('Password')).toBeTruthy()
    expect(screen.queryByText('Error getting public file')).toBeNull()
  })

  it('given the link is invalid, then "Error getting public file"', async () => {
    server.use(mock.get('*/file-service/public/info/f1/tok', () => apiError(404)))
    renderApp('/public-download/f1/tok')
    expect(await screen.findByText('Error getting public file')).toBeTruthy()
  })
})
