import '../../helpers/setup.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../app/api/files.ts'
import { isPreviewable } from '../../../../app/features/items/browser-items.ts'
import { FileViewer } from '../../../../app/features/viewer/file-viewer.tsx'
import { setPopupSelect } from '../../../../app/state/selection.ts'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'

const song = (id: string, filename: string, cover = false): FileJson => ({
  _id: id,
  filename,
  length: 4000,
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: {
    parent: '/',
    size: 4000,
    hasThumbnail: cover,
    isVideo: false,
    thumbnailID: cover ? `t-${id}` : '',
    preview: 'audio',
  },
})
const photo: FileJson = {
  ...song('p', 'beach.jpg', true),
  metadata: { ...song('p', 'beach.jpg', true).metadata, preview: 'image' },
}

const one = song('s1', 'one.mp3', true)
const two = song('s2', 'two.flac')
const three = song('s3', 'three.ogg')

function stream(tags: Record<string, { audio?: object } | 404>) {
  server.use(
    mock.get('*/file-service/download/access-token-stream-video', () => ok({ message: 'ok' })),
    mock.delete('*/file-service/remove-stream-video-token', () => ok({ message: 'ok' })),
    mock.get('*/file-service/media-info/:id', ({ params }) => {
      const info = tags[params.id as string]
      return !info || info === 404 ? apiError(404, 'NOT_FOUND', 'File not found') : ok(info)
    }),
  )
}

function setup(files: FileJson[]) {
  window.history.replaceState(null, '', '/folder/f1')
  return render(<FileViewer files={files} hasMore={false} loadMore={() => {}} />)
}

const audio = () => document.querySelector('audio')
const heading = () => within(screen.getByRole('dialog')).getByRole('heading').textContent

describe('file viewer: songs (DESIGN.md §8 "Previews")', () => {
  it('given a song, then it is previewable, and the player shows its tags, its cover and streams it', async () => {
    expect(isPreviewable(two)).toBe(true)
    stream({ s1: { audio: { title: 'Café del Mar', artist: 'Energy 52', album: 'Ibiza', duration: 185 } } })
    setup([one, two])
    act(() => setPopupSelect({ type: 'file', file: one }))
    const dialog = await screen.findByRole('dialog', { name: 'one.mp3' })
    const player = await within(dialog).findByRole('group', { name: 'Café del Mar' })
    expect(within(player).getByText('Energy 52')).toBeTruthy()
    expect(within(player).getByText('Ibiza')).toBeTruthy()
    expect(within(player).getByRole('img', { name: 'Cover art' }).getAttribute('src')).toBe(
      '/file-service/thumbnail/t-s1',
    )
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('/file-service/stream-video/s1'))
    // The token first, once; opened from the list, the song waits for Play.
    expect(sent('/file-service/download/access-token-stream-video')).toHaveLength(1)
    expect(audio()!.autoplay).toBe(false)
    expect(document.querySelector('[data-part="audio-total"]')!.textContent).toBe('3:05')
  })

  it('given no tags (or no media-info route), then the file name is the title and a note stands in for the cover', async () => {
    stream({ s2: 404 })
    setup([two])
    act(() => setPopupSelect({ type: 'file', file: two }))
    const dialog = await screen.findByRole('dialog', { name: 'two.flac' })
    expect(await within(dialog).findByRole('group', { name: 'two.flac' })).toBeTruthy()
    await waitFor(() => expect(sent('/file-service/media-info/s2')).toHaveLength(1))
    expect(within(dialog).queryByRole('img', { name: 'Cover art' })).toBeNull()
  })

  it('when a track ends, then the viewer moves to the next song of the list (past other files) and plays it', async () => {
    // SWR keeps what it read across tests: songs of their own.
    const [a, b, c] = [song('e1', 'one.mp3'), song('e2', 'two.flac'), song('e3', 'three.ogg')]
    stream({ e1: { audio: { title: 'One' } }, e2: { audio: { title: 'Two' } }, e3: { audio: { title: 'Three' } } })
    setup([a, photo, b, c])
    act(() => setPopupSelect({ type: 'file', file: a }))
    await screen.findByRole('group', { name: 'One' })
    expect(screen.getByRole('button', { name: 'Previous track' }).getAttribute('aria-disabled')).toBe('true')
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('/file-service/stream-video/e1'))
    fireEvent(audio()!, new Event('ended'))
    await waitFor(() => expect(heading()).toBe('two.flac'))
    await screen.findByRole('group', { name: 'Two' })
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('/file-service/stream-video/e2'))
    expect(audio()!.autoplay).toBe(true)
    // The player's previous goes back over the photo to the first song.
    fireEvent.click(screen.getByRole('button', { name: 'Previous track' }))
    await waitFor(() => expect(heading()).toBe('one.mp3'))
  })

  it('given the last song ends, then the viewer stays on it', async () => {
    stream({ s3: { audio: { title: 'Three' } } })
    // (s3 is read here only.)
    setup([one, three])
    act(() => setPopupSelect({ type: 'file', file: three }))
    await screen.findByRole('group', { name: 'Three' })
    expect(screen.getByRole('button', { name: 'Next track' }).getAttribute('aria-disabled')).toBe('true')
    await waitFor(() => expect(audio()).toBeTruthy())
    fireEvent(audio()!, new Event('ended'))
    await new Promise((r) => setTimeout(r, 30))
    expect(heading()).toBe('three.ogg')
  })

  it('given a song the browser cannot play, then the error and a Download button', async () => {
    const broken = song('x1', 'broken.mp3')
    stream({ x1: { audio: { title: 'Broken' } } })
    setup([broken])
    act(() => setPopupSelect({ type: 'file', file: broken }))
    await screen.findByRole('group', { name: 'Broken' })
    await waitFor(() => expect(audio()).toBeTruthy())
    fireEvent.error(audio()!)
    expect((await screen.findByRole('alert')).textContent).toContain("This file can't be played here")
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy()
  })
})
