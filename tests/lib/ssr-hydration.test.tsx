// The client side of server rendering: markup made by renderToString is hydrated by the same
// element without a mismatch (React reports those through console.error and onRecoverableError)
// and the server's nodes are kept, not replaced.
import { act, type ReactElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FileGrid, FileList, PhotoGallery, Sidebar } from '../../lib/index.ts'
import { serverFiles } from './helpers/ssr-items.ts'

let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  unmount = undefined
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

async function hydrate(element: ReactElement, onServer = element) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(onServer)
  document.body.append(container)
  const first = container.querySelector('[role="option"], [role="row"][aria-rowindex="2"]')
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const recoverable: unknown[] = []
  await act(async () => {
    const root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) })
    unmount = () => root.unmount()
  })
  return { container, first, errors: errors.mock.calls.map((call) => String(call[0])), recoverable }
}

describe('hydrating server-rendered collections', () => {
  it.each([
    ['FileGrid', <FileGrid key="g" title="Files" items={serverFiles(2000)} initialItemCount={24} />],
    ['FileList', <FileList key="l" title="Files" items={serverFiles(2000)} initialItemCount={20} />],
    [
      'PhotoGallery',
      <PhotoGallery key="p" title="Photos" items={serverFiles(300)} initialWidth={1000} initialItemCount={20} />,
    ],
    ['Sidebar', <Sidebar key="s" active="home" />],
  ])('hydrates %s without a mismatch, keeping the server’s nodes', async (_name, element) => {
    const { container, first, errors, recoverable } = await hydrate(element)
    expect(recoverable).toEqual([])
    expect(errors.filter((e) => /hydrat|did not match|server/i.test(e))).toEqual([])
    if (_name === 'Sidebar') return
    expect(first).not.toBeNull()
    expect(container.contains(first)).toBe(true)
  })

  it('reports a mismatch when the client renders other items than the server did (the check can fail)', async () => {
    const { recoverable, errors } = await hydrate(
      <FileGrid title="Files" items={serverFiles(30)} initialItemCount={24} />,
      <FileGrid title="Files" items={serverFiles(30).reverse()} initialItemCount={24} />,
    )
    expect(recoverable.length + errors.filter((e) => /hydrat|did not match/i.test(e)).length).toBeGreaterThan(0)
  })
})
