import '../../helpers/setup.ts'
import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../app/api/files.ts'
import { isPreviewable } from '../../../../app/features/items/browser-items.ts'
import { FileViewer } from '../../../../app/features/viewer/file-viewer.tsx'
import { setPopupSelect } from '../../../../app/state/selection.ts'
import { textHandlers } from '../../../../mocks/handlers.ts'
import { sent, server } from '../../helpers/server.ts'

const textFile = (id: string, filename: string): FileJson => ({
  _id: id,
  filename,
  length: 100,
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: { parent: '/', size: 100, hasThumbnail: false, isVideo: false, thumbnailID: '', preview: 'text' },
})

const notes = textFile('n1', 'notes.md')
const data = textFile('j1', 'data.json')
const big = textFile('b1', 'server.log')

async function open(file: FileJson, files: FileJson[]) {
  render(<FileViewer files={files} hasMore={false} loadMore={() => {}} />)
  act(() => setPopupSelect({ type: 'file', file }))
  return screen.findByRole('dialog', { name: file.filename })
}

describe('file viewer: text files (DESIGN.md §8 "Previews")', () => {
  it('counts a text file as previewable', () => {
    expect(isPreviewable(notes)).toBe(true)
    expect(isPreviewable({ ...notes, metadata: { ...notes.metadata, preview: null } })).toBe(false)
  })

  it(
    'given a Markdown file, then its text comes from the text route and renders, raw HTML dropped',
    { timeout: 30_000 },
    async () => {
      server.use(...textHandlers({ n1: '# Packing list\n\n<script>window.__ran = 1</script>\n\n- tent\n' }))
      const dialog = await open(notes, [notes])
      // The first viewer to open loads the viewers' module and react-markdown: on a busy machine, seconds.
      expect(await within(dialog).findByRole('heading', { name: 'Packing list' }, { timeout: 20_000 })).toBeTruthy()
      expect(within(dialog).getByRole('listitem').textContent).toBe('tent')
      expect(dialog.querySelector('script')).toBeNull()
      expect(sent('/file-service/text/n1', 'GET')).toHaveLength(1)
    },
  )

  it('given JSON text, then it shows as text (never parsed), in the labelled region', async () => {
    server.use(...textHandlers({ j1: '{"a": 1}' }))
    const dialog = await open(data, [data])
    const region = await within(dialog).findByRole('region', { name: 'Contents of data.json' })
    expect(region.textContent).toContain('{"a": 1}')
  })

  it('given a truncated text, then the viewer says only the first 1 MB shows', async () => {
    server.use(...textHandlers({ b1: { text: 'line 1\nline 2', truncated: true } }))
    const dialog = await open(big, [big])
    expect(await within(dialog).findByText('Showing the first 1 MB')).toBeTruthy()
  })

  it('given the text cannot be read, then an error shows in the stage', async () => {
    // An id of its own: SWR keeps what earlier tests read.
    const gone = textFile('g1', 'gone.txt')
    server.use(...textHandlers({}))
    const dialog = await open(gone, [gone])
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error loading text')
  })
})
