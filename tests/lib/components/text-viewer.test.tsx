import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TextViewer, textKindOf } from '../../../lib/viewers.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'
import { Virtual } from '../helpers/virtual.tsx'

const MARKDOWN = [
  '# Trip notes',
  '',
  '- one',
  '- two',
  '',
  '[the map](https://example.com/map) and [a trap](javascript:alert(1))',
  '',
  '<script>window.__ran = true</script>',
  '',
  '<img src="x" onerror="window.__ran = true">',
  '',
  '![a photo](https://tracker.example/pixel.png)',
].join('\n')

describe('textKindOf', () => {
  it.each([
    ['notes.md', 'markdown', undefined],
    ['table.CSV', 'csv', undefined],
    ['table.tsv', 'csv', undefined],
    ['app.ts', 'code', 'typescript'],
    ['main.py', 'code', 'python'],
    ['data.json', 'code', 'json'],
    ['readme.txt', 'plain', undefined],
    ['Makefile', 'plain', undefined],
  ])('given %s, then %s', (name, mode, language) => {
    expect(textKindOf(name).mode).toBe(mode)
    expect(textKindOf(name).language).toBe(language)
  })
})

describe('TextViewer', () => {
  it('given Markdown, then headings and lists render, raw HTML is dropped and never an element', async () => {
    const { container } = setup(<TextViewer text={MARKDOWN} filename="notes.md" />)
    // The first Markdown view imports the renderer (a lazy chunk): slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip notes' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two'])
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.textContent).not.toContain('window.__ran')
    expect((window as { __ran?: boolean }).__ran).toBeUndefined()
  })

  it('given Markdown links, then web links open in a new tab without opener or referrer; others lose their address', async () => {
    setup(<TextViewer text={MARKDOWN} filename="notes.md" />)
    const map = await screen.findByRole('link', { name: 'the map' })
    expect(map.getAttribute('href')).toBe('https://example.com/map')
    expect(map.getAttribute('target')).toBe('_blank')
    expect(map.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.queryByRole('link', { name: 'a trap' })).toBeNull()
    expect(screen.getByText('a trap').closest('[href]')).toBeNull()
  })

  it("given GitHub's Markdown (a table, a task list, strikethrough, a bare link), then each renders as such; a bare javascript: stays text", async () => {
    const gfm = [
      '| day | place |',
      '| --- | ----- |',
      '| 1   | lake  |',
      '',
      '- [x] tent',
      '- [ ] stove',
      '',
      '~~rain~~ sun, see https://example.com/weather or javascript:alert(1)',
    ].join('\n')
    const { container } = setup(<TextViewer text={gfm} filename="trip.md" />)
    const table = await screen.findByRole('table', {}, { timeout: 10_000 })
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['day', 'place'])
    expect([...table.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', 'lake'])
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox')
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ])
    expect(container.querySelector('del')?.textContent).toBe('rain')
    const link = screen.getByRole('link', { name: 'https://example.com/weather' })
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
  })

  it('given a Markdown image, then it is a link to its address, never loaded', async () => {
    const { container } = setup(<TextViewer text={MARKDOWN} filename="notes.md" />)
    const image = await screen.findByRole('link', { name: 'Image: a photo' })
    expect(image.getAttribute('href')).toBe('https://tracker.example/pixel.png')
    expect(container.querySelector('img')).toBeNull()
  })

  it('given Markdown and "Show as text", then the source shows as numbered lines, and back', async () => {
    const { user } = setup(<TextViewer text={MARKDOWN} filename="notes.md" />)
    await screen.findByRole('heading', { name: 'Trip notes' })
    await user.click(screen.getByRole('button', { name: 'Show as text' }))
    expect(screen.queryByRole('heading')).toBeNull()
    expect(screen.getByText('<script>window.__ran = true</script>')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Show formatted' }))
    expect(await screen.findByRole('heading', { name: 'Trip notes' })).toBeTruthy()
  })

  it('given CSV, then a table with the first row as its header; "Show as text" shows the source', async () => {
    const csv = 'name,city\nAda,"London, UK"\nGrace,Arlington\n'
    const { user } = setup(<TextViewer text={csv} filename="people.csv" />)
    const table = await screen.findByRole('table', { name: 'people.csv' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['name', 'city'])
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getByRole('cell', { name: 'London, UK' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Show as text' }))
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('Ada,"London, UK"')).toBeTruthy()
  })

  it('given more rows than maxRows, then only maxRows render under the header, with a note', async () => {
    const csv = ['n', ...Array.from({ length: 50 }, (_, i) => String(i))].join('\n')
    setup(<TextViewer text={csv} filename="numbers.csv" maxRows={10} />)
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(screen.getByRole('status').textContent).toBe('Showing the first 10 rows')
  })

  it('given truncated, then a notice says only the first 1 MB shows', () => {
    setup(<TextViewer text="first part" filename="big.log" truncated />)
    expect(screen.getByRole('status').textContent).toBe('Showing the first 1 MB')
  })

  it('given plain text, then numbered lines in a focusable region named after the file', async () => {
    const { user } = setup(<TextViewer text={'alpha\nbeta\n\ngamma\n'} filename="list.txt" />)
    const region = screen.getByRole('region', { name: 'Contents of list.txt' })
    expect(region.querySelectorAll('[data-part="line"]')).toHaveLength(4)
    expect(region.textContent).toBe('1alpha2beta3\n4gamma')
    await user.tab()
    expect(document.activeElement).toBe(region)
    await expectNoAxeViolations()
  })

  it('given TypeScript, then it is coloured by scope once the language loads', async () => {
    const { container } = setup(<TextViewer text={'const x: number = 1 // one'} filename="app.ts" />)
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'))
    expect(container.querySelector('.hljs-comment')?.textContent).toBe('// one')
    expect(container.querySelector('[data-part="text-viewer"]')?.getAttribute('data-language')).toBe('typescript')
  })

  it('given code with HTML in strings, then it stays text (no element made from it)', async () => {
    const { container } = setup(<TextViewer text={'const s = "<img src=x onerror=alert(1)>"'} filename="x.js" />)
    await waitFor(() => expect(container.querySelector('.hljs-string')).not.toBeNull())
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('.hljs-string')!.textContent).toBe('"<img src=x onerror=alert(1)>"')
  })

  it('given 50,000 short lines, then only a window of them is in the DOM', async () => {
    // The virtual list watches its scrolling parent's size; jsdom has no layout to watch.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    const text = Array.from({ length: 50_000 }, (_, i) => `line ${i}`).join('\n')
    const { container } = setup(
      <Virtual>
        <TextViewer text={text} filename="long.log" style={{ height: 400 }} />
      </Virtual>,
    )
    // A 400 px window of 40 px rows, and as much again either side.
    const lines = () => container.querySelectorAll('[data-part="line"]')
    await waitFor(() => expect(lines().length).toBeLessThan(100))
    expect(lines().length).toBeGreaterThan(0)
    expect(lines()[0]!.textContent).toBe('1line 0')
  })

  it('given an empty file, then it says so', () => {
    setup(<TextViewer text="" filename="empty.md" />)
    expect(screen.getByText('This file is empty')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
