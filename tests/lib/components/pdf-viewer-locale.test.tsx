// PdfViewer's texts follow the LocaleProvider like every other component's. pdf.js needs a canvas
// and a worker, which jsdom has not, so a stand-in document of 12 pages takes its place here
// (the real one is drawn in the stories, German state included); the texts are the viewer's own.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { deMessages, LocaleProvider } from '../../../lib/index.ts'
import { PdfViewer } from '../../../lib/viewers.ts'
import { setup } from '../helpers/render.tsx'

vi.mock('../../../lib/components/pdf-viewer/pdfjs.ts', () => {
  const page = (n: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 400 * scale, height: 500 * scale, scale }),
    getTextContent: async () => ({ items: [{ str: n === 3 ? 'Wolken über Wolken' : 'Regen', hasEOL: false }] }),
  })
  const doc = { numPages: 12, getPage: async (n: number) => page(n), destroy: async () => {} }
  const pdfjs = {
    getDocument: (source: { data?: Uint8Array }) => ({
      promise: source.data?.length ? Promise.resolve(doc) : Promise.reject(new Error('Invalid PDF structure')),
      destroy: async () => {},
    }),
  }
  return { loadPdfjs: async () => pdfjs }
})

const german = (src: () => Promise<ArrayBuffer>) => (
  <LocaleProvider locale="de-DE" messages={deMessages}>
    <div style={{ height: 400, display: 'flex' }}>
      <PdfViewer src={src} />
    </div>
  </LocaleProvider>
)

describe('PdfViewer in German', () => {
  it('says Seite x von y, zooms with Vergrößern / Verkleinern / An Breite anpassen, and finds with Im Dokument suchen', async () => {
    const { user } = setup(german(() => Promise.resolve(new ArrayBuffer(8))))
    const toolbar = await screen.findByRole('toolbar', { name: 'PDF' })
    const bar = within(toolbar)
    expect(bar.getByRole('textbox', { name: 'Seite' })).toHaveProperty('value', '1')
    expect(bar.getByText('von 12')).toBeTruthy()
    expect(bar.getByRole('button', { name: 'Vergrößern' })).toBeTruthy()
    expect(bar.getByRole('button', { name: 'Verkleinern' })).toBeTruthy()
    expect(bar.getByRole('button', { name: 'An Breite anpassen' })).toBeTruthy()
    const find = bar.getByRole('searchbox', { name: 'Im Dokument suchen' })
    expect(find.getAttribute('placeholder')).toBe('Im Dokument suchen')
    expect(bar.getByRole('button', { name: 'Nächster' })).toBeTruthy()
    expect(bar.getByRole('button', { name: 'Vorheriger' })).toBeTruthy()
    await user.type(find, 'wolken')
    await waitFor(() => expect(toolbar.textContent).toContain('1 von 2'))
    await user.clear(find)
    await user.type(find, 'schnee')
    await waitFor(() => expect(toolbar.textContent).toContain('Keine Treffer'))
    expect(screen.getAllByRole('group', { name: /^Seite \d+$/ }).length).toBeGreaterThan(0)
  })

  it('says PDF wird geladen while loading', async () => {
    setup(german(() => new Promise<ArrayBuffer>(() => {})))
    expect(await screen.findByRole('status', { name: 'PDF wird geladen' })).toBeTruthy()
  })

  it('given a broken file, then the German error', async () => {
    setup(german(() => Promise.resolve(new ArrayBuffer(0))))
    expect((await screen.findByRole('alert')).textContent).toBe('Dieses PDF kann nicht angezeigt werden')
  })
})
