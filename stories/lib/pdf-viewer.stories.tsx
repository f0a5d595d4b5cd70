import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import type { ReactNode } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { PdfViewer } from '../../lib/viewers.ts'

// The document is made here with pdf-lib, so the stories ship no binary file: five pages, words
// on each, "cumulus" three times on page 3, and a blue band on page 1.
async function makeDocument(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 1; n <= 5; n++) {
    const page = doc.addPage([420, 560])
    if (n === 1) page.drawRectangle({ x: 0, y: 460, width: 420, height: 100, color: rgb(0.15, 0.39, 0.92) })
    page.drawText(`Page ${n}`, { x: 40, y: 500, size: 28, font, color: rgb(0.1, 0.1, 0.1) })
    const lines =
      n === 3
        ? ['Cumulus clouds are heaped and fluffy.', 'A cumulus grows on warm days;', 'cumulus means heap.']
        : ['Clouds drift over the hills.', 'Rain may follow in the evening.']
    lines.forEach((line, k) => page.drawText(line, { x: 40, y: 420 - k * 28, size: 16, font }))
  }
  return doc.save()
}

const bytes = makeDocument()
/** pdf.js takes the buffer it is given: each viewer gets a copy. */
const loadDocument = () => bytes.then((b) => b.slice().buffer as ArrayBuffer)
const neverLoads = () => new Promise<ArrayBuffer>(() => {})
const notAPdf = () => Promise.resolve(new TextEncoder().encode('this is not a PDF').buffer as ArrayBuffer)

const Frame = ({ title, children }: { title: string; children: ReactNode }) => (
  <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
    <figcaption style={{ font: '12px Inter, sans-serif' }}>{title}</figcaption>
    <div style={{ height: 300, display: 'flex' }}>{children}</div>
  </figure>
)

const meta = preview.meta({
  title: 'Library/PdfViewer',
  tags: ['autodocs'],
  component: PdfViewer,
  args: { src: loadDocument, onError: fn() },
  render: (args) => (
    <div style={{ height: 520, display: 'flex' }}>
      <PdfViewer {...args} />
    </div>
  ),
})

/** Waits until every drawn page has its text layer, and the viewer's state is `state`. */
async function settled(root: HTMLElement, state = 'ready') {
  await waitFor(
    () => {
      const viewers = root.querySelectorAll('[data-part="pdf-viewer"]')
      for (const v of viewers) {
        const s = v.getAttribute('data-state')
        if (s === 'loading' && v.getAttribute('data-expect') === 'loading') continue
        if (s !== (v.getAttribute('data-expect') ?? state)) throw new Error('not settled')
        for (const layer of v.querySelectorAll('[data-part="text-layer"]'))
          if (!layer.querySelector('span')) throw new Error('text not laid out')
      }
    },
    { timeout: 10_000 },
  )
}

export const Default = meta.story({
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const c = within(canvasElement)
    await expect(c.getByText('of 5')).toBeVisible()
    // Virtualised: page 1 and its neighbour are drawn, the rest are placeholders.
    await expect(canvasElement.querySelectorAll('[data-part="page"]').length).toBeLessThan(5)
  },
})

export const Find = meta.story({
  args: { initialQuery: 'cumulus' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement)
    await waitFor(() => expect(c.getByText('1 of 3')).toBeVisible(), { timeout: 10_000 })
    await c.getByRole('button', { name: 'Next match' }).click()
    await waitFor(() => expect(c.getByText('2 of 3')).toBeVisible())
    await waitFor(() => expect(canvasElement.querySelectorAll('mark[data-part="match"]').length).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    await waitFor(() => expect(c.getByRole('textbox', { name: 'Page' })).toHaveValue('3'), { timeout: 5_000 })
  },
})

export const Zoom = meta.story({
  args: { initialZoom: 1 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement)
    await waitFor(() => expect(c.getByText('100%')).toBeVisible(), { timeout: 10_000 })
    await c.getByRole('button', { name: 'Zoom in' }).click()
    await expect(c.getByText('125%')).toBeVisible()
    await c.getByRole('button', { name: 'Zoom out' }).click()
    await c.getByRole('button', { name: 'Zoom out' }).click()
    await expect(c.getByText('75%')).toBeVisible()
  },
})

export const GoToPage = meta.story({
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const c = within(canvasElement)
    const field = c.getByRole('textbox', { name: 'Page' })
    field.focus()
    ;(field as HTMLInputElement).select()
    await userEvent.keyboard('4{Enter}')
    await waitFor(() => expect(field).toHaveValue('4'), { timeout: 5_000 })
  },
})

export const Unreadable = meta.story({
  args: { src: notAPdf },
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement)
    await waitFor(() => expect(c.getByRole('alert')).toHaveTextContent("This PDF can't be shown"), { timeout: 10_000 })
    await expect(args.onError).toHaveBeenCalled()
  },
})

/** Every state in one frame: the visual baseline. */
export const States = meta.story({
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 480px)', gap: 16 }}>
      <Frame title="Loading">
        <PdfViewer src={neverLoads} data-expect="loading" />
      </Frame>
      <Frame title="A five-page document, fit width">
        <PdfViewer src={loadDocument} />
      </Frame>
      <Frame title="Error">
        <PdfViewer src={notAPdf} data-expect="error" />
      </Frame>
      <Frame title="Find with matches">
        <PdfViewer src={loadDocument} initialQuery="cumulus" />
      </Frame>
      <Frame title="Zoomed to 150 %">
        <PdfViewer src={loadDocument} initialZoom={1.5} />
      </Frame>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    await waitFor(() => expect(within(canvasElement).getByText('1 of 3')).toBeVisible(), { timeout: 10_000 })
    await waitFor(() => expect(canvasElement.querySelectorAll('mark[data-part="match"]').length).toBeGreaterThan(0), {
      timeout: 10_000,
    })
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** In German (`LocaleProvider` with `deMessages`): "Seite 1 von 5", zoom and find. */
export const StatesGerman = States.extend({
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const c = within(canvasElement)
    await waitFor(() => expect(c.getByText('1 von 3')).toBeVisible(), { timeout: 10_000 })
    // Three viewers are ready (the others load and fail).
    await expect(c.getAllByText('von 5').length).toBe(3)
    await expect(c.getAllByRole('button', { name: 'Vergrößern' }).length).toBe(3)
    await expect(c.getAllByRole('searchbox', { name: 'Im Dokument suchen' }).length).toBe(3)
    for (const next of c.getAllByRole('button', { name: 'Nächster' })) {
      const box = next.getBoundingClientRect()
      const viewer = next.closest('[data-part="pdf-viewer"]')!.getBoundingClientRect()
      await expect(box.right).toBeLessThanOrEqual(viewer.right)
    }
    await expect(c.getByRole('alert')).toHaveTextContent('Dieses PDF kann nicht angezeigt werden')
    await expect(c.getByRole('status', { name: 'PDF wird geladen' })).toBeTruthy()
  },
})
