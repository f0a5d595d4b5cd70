import '../../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { File as NodeFile } from 'node:buffer'
import { describe, expect, it, vi } from 'vitest'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { setViewportWidth } from '../../helpers/dom.ts'
import { renderApp } from '../../helpers/render.tsx'
import { http as mock, ok, sent, server, testUserDetailed } from '../../helpers/server.ts'
import { createTusServer } from '../../../../mocks/tus.ts'

// jsdom resolves tus-js-client's Node build; the app ships the browser one (XHR, localStorage).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

const GB = 1024 ** 3

function serveUsage(used: number, quota: number | null) {
  server.use(
    mock.get('*/user-service/user-detailed', () =>
      ok({ ...testUserDetailed, storage: { usedBytes: used, fileCount: 3 }, used, quota }),
    ),
  )
}

async function openHome() {
  setLoggedIn(true)
  const view = renderApp('/home')
  await screen.findByRole('search')
  return view
}

const meter = () => screen.findByRole('group', { name: 'Storage' })

describe('storage meter in the sidebar (issue #20)', () => {
  it('with a quota: "X of Y used" over a bar filled to the share used', async () => {
    serveUsage(1.5 * GB, 2 * GB)
    await openHome()
    const box = await meter()
    expect(within(box).getByText('1.5 GB of 2 GB used')).toBeTruthy()
    const bar = within(box).getByRole('progressbar', { name: 'Storage' })
    expect(bar.getAttribute('aria-valuenow')).toBe('75')
  })

  it('without a quota: "X used" and no bar', async () => {
    serveUsage(300 * 1024 ** 2, null)
    await openHome()
    const box = await meter()
    expect(within(box).getByText('300 MB used')).toBeTruthy()
    expect(within(box).queryByRole('progressbar')).toBeNull()
  })

  it('an older server without `used`: the usage of `storage.usedBytes`, no bar', async () => {
    server.use(
      mock.get('*/user-service/user-detailed', () =>
        ok({ ...testUserDetailed, storage: { usedBytes: 2048, fileCount: 1 } }),
      ),
    )
    await openHome()
    expect(within(await meter()).getByText('2 KB used')).toBeTruthy()
  })

  it('reads the usage again after an upload lands', async () => {
    const tus = createTusServer()
    server.use(...tus.handlers)
    let used = 1024
    server.use(mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, used, quota: GB })))
    await openHome()
    expect(within(await meter()).getByText('1 KB of 1 GB used')).toBeTruthy()
    const before = sent('/user-service/user-detailed').length
    used = 3072
    const file = new NodeFile([new Uint8Array(2048)], 'a.bin', {
      type: 'application/octet-stream',
      lastModified: 1,
    }) as unknown as File
    const item = { kind: 'file', getAsFile: () => file, webkitGetAsEntry: () => null }
    fireEvent.drop(screen.getByRole('main'), {
      dataTransfer: { types: ['Files'], files: [file], items: [item], dropEffect: 'copy' },
    })
    await waitFor(() => expect(tus.upload('a.bin')?.fileId).toBeTruthy())
    expect(await within(await meter()).findByText('3 KB of 1 GB used')).toBeTruthy()
    expect(sent('/user-service/user-detailed').length).toBeGreaterThan(before)
  })

  it('on phones it is left out (the lib’s drawer has no slot; Settings → Account shows the usage)', async () => {
    setViewportWidth(600)
    serveUsage(GB, 2 * GB)
    await openHome()
    expect(screen.queryByRole('group', { name: 'Storage' })).toBeNull()
  })
})
