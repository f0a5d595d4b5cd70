// The family timeline on the Media page (issue #39 point 5): "Include shared" starts on when
// anything is shared with the user and is saved when chosen; others' tiles name their owner, and
// chips filter by person.
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { FileJson } from '../../../app/api/files.ts'
import { setLoggedIn } from '../../../app/state/user.ts'
import { makeFile } from '../helpers/drive.ts'
import { renderApp } from '../helpers/render.tsx'
import { http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const thumb = { hasThumbnail: true, thumbnailID: 't' }
const mine = makeFile(1, { filename: 'mine.jpg', metadata: thumb })
const bens = makeFile(2, {
  filename: 'bens.jpg',
  metadata: thumb,
  owner: { _id: 'ben', displayName: 'Ben' },
  role: 'viewer',
})

/** Answers the media list: with include=shared, Ben's photo joins mine (or only one person's). */
function serveMedia(shared: boolean) {
  server.use(
    mock.get('*/share-service/shared-with-me', () => ok({ items: shared ? [{ _id: 's1' }] : [] })),
    mock.get('*/file-service/list', ({ request }) => {
      const q = new URL(request.url).searchParams
      if (q.get('include') !== 'shared') return ok([mine])
      const person = q.get('person')
      const all: FileJson[] = [mine, bens]
      return ok(person ? all.filter((f) => (f.owner?._id ?? testUser._id) === person) : all)
    }),
  )
}

const listQuery = () => sent('/file-service/list', 'GET').map((r) => Object.fromEntries(new URLSearchParams(r.search)))

async function open() {
  // jsdom has no layout: give the gallery a width to pack its rows into.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp('/media')
}

beforeAll(async () => {
  await import('../../../app/screens/files/files-screen.tsx')
})

describe('Media: the family timeline', () => {
  it('given nothing shared with me, then Media lists my own photos and Include shared is off', async () => {
    serveMedia(false)
    await open()
    expect(await screen.findByRole('option', { name: /^mine\.jpg/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Include shared' }).getAttribute('aria-pressed')).toBe('false')
    expect(listQuery()).toHaveLength(1)
    expect(listQuery()[0]!.include).toBeUndefined()
  })

  it('given something shared with me, then the timeline is on at once, tiles say whose, and chips filter by person', async () => {
    serveMedia(true)
    const { user } = await open()
    const tile = await screen.findByRole('option', { name: /^bens\.jpg/ })
    // The first list is already the timeline: no read of my gallery alone before it.
    expect(listQuery()[0]).toMatchObject({ mediaMode: 'true', include: 'shared' })
    // The lib's OwnerBadge: "Ben's" on the tile, "Shared by Ben" its name (names bidi-isolated).
    expect(tile.textContent).toMatch(/Ben\W*'s/)
    expect(within(tile).getByRole('img', { name: /Shared by \W*Ben/ })).toBeTruthy()
    expect(
      within(screen.getByRole('option', { name: /^mine\.jpg/ })).queryByRole('img', { name: /Shared by/ }),
    ).toBeNull()
    const chips = screen.getByRole('group', { name: 'Whose photos' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Everyone', 'Me', 'Ben'])
    await user.click(within(chips).getByRole('button', { name: 'Ben' }))
    await waitFor(() => expect(listQuery().at(-1)).toMatchObject({ include: 'shared', person: 'ben' }))
    await waitFor(() => expect(screen.queryByRole('option', { name: /^mine\.jpg/ })).toBeNull())
    // Ben's filter leaves the other chips in place.
    expect(within(chips).getByRole('button', { name: 'Ben' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(within(chips).getByRole('button', { name: 'Me' }))
    await waitFor(() => expect(listQuery().at(-1)).toMatchObject({ person: testUser._id }))
    await user.click(within(chips).getByRole('button', { name: 'Everyone' }))
    // Everyone again: the first list, both people's photos (SWR may answer it from its cache).
    expect(await screen.findByRole('option', { name: /^bens\.jpg/ })).toBeTruthy()
    expect(await screen.findByRole('option', { name: /^mine\.jpg/ })).toBeTruthy()
  })

  it('given I turn Include shared off, then Media is mine alone, and the choice is saved over what is shared', async () => {
    serveMedia(true)
    const { user } = await open()
    await screen.findByRole('option', { name: /^bens\.jpg/ })
    await user.click(screen.getByRole('button', { name: 'Include shared' }))
    await waitFor(() => expect(listQuery().at(-1)!.include).toBeUndefined())
    await waitFor(() => expect(screen.queryByRole('option', { name: /^bens\.jpg/ })).toBeNull())
    expect(screen.queryByRole('group', { name: 'Whose photos' })).toBeNull()
    expect(localStorage.getItem('media-include-shared')).toBe('false')
  })

  it('given the choice saved as off, then Media never asks what is shared and lists mine', async () => {
    localStorage.setItem('media-include-shared', 'false')
    const { resetFilters } = await import('../../../app/state/filters.ts')
    resetFilters()
    serveMedia(true)
    await open()
    expect(await screen.findByRole('option', { name: /^mine\.jpg/ })).toBeTruthy()
    expect(sent('/share-service/shared-with-me', 'GET')).toHaveLength(0)
    expect(listQuery()[0]!.include).toBeUndefined()
  })

  it('given "Shared with me" cannot be read, then Media lists my own photos', async () => {
    server.use(
      mock.get('*/share-service/shared-with-me', () => new Response(null, { status: 404 })),
      mock.get('*/file-service/list', () => ok([mine])),
    )
    await open()
    expect(await screen.findByRole('option', { name: /^mine\.jpg/ })).toBeTruthy()
    expect(listQuery()[0]!.include).toBeUndefined()
  })
})
