import type { ReactNode } from 'react'
import { expect, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { TextViewer } from '../../lib/viewers.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const PLAIN =
  'Shopping\n\nbread\nmilk\n\na very long line that wraps inside the viewer instead of scrolling sideways, so the arrows stay with the viewer\n'

const TYPESCRIPT = `// Sum of sizes, in bytes.
export function total(files: { size: number }[]): number {
  return files.reduce((sum, f) => sum + f.size, 0)
}
const label = \`\${total([])} bytes\`
`

const PYTHON = `def greet(name: str) -> str:
    """Say hello."""
    return f"Hello, {name}!"  # friendly

print(greet("Ada"), 42, True)
`

const JSON_TEXT = `{
  "name": "cumulus",
  "version": 2,
  "private": true,
  "tags": ["drive", null]
}
`

const MARKDOWN = `# Trip notes

## Packing

- tent
- stove
  1. gas
  2. lighter

See [the map](https://example.com/map) or [mail us](mailto:trip@example.com); [a trap](javascript:alert(1)) keeps its words only.

| day | place |
| --- | ----- |
| 1   | lake  |

<script>alert('no')</script>

<img src="x" onerror="alert('no')">

![the view](https://example.com/view.jpg)

> Pack light.

\`\`\`
npm run trip
\`\`\`
`

const CSV = `name,city,joined
Ada,"London, UK",1843
Grace,Arlington,1944
Katherine,White Sulphur Springs,1953
`

const RTL = 'שלום עולם\nمرحبا بالعالم\nmixed: שלום and hello\n'

const meta = preview.meta({
  title: 'Library/TextViewer',
  tags: ['autodocs'],
  component: TextViewer,
  args: { text: MARKDOWN, filename: 'notes.md', truncated: false },
})

/** A fixed frame: the viewer fills what it is given (a MediaViewer's stage, or a panel). */
const Frame = ({ children, height = 200 }: { children: ReactNode; height?: number }) => (
  <div style={{ display: 'flex', width: 360, height }}>{children}</div>
)

export const Playground = meta.story({
  render: (args) => (
    <Frame height={480}>
      <TextViewer {...args} />
    </Frame>
  ),
})

/** Waits for the lazily loaded engines: the highlighter's languages, react-markdown, papaparse. */
const engines = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await waitFor(() => {
    for (const viewer of canvasElement.querySelectorAll('[data-language]'))
      expect(viewer.querySelector('.hljs-keyword, .hljs-attr, .hljs-literal')).not.toBeNull()
    for (const viewer of canvasElement.querySelectorAll('[data-mode="markdown"]'))
      expect(viewer.querySelector('[data-part="markdown"]')).not.toBeNull()
    for (const viewer of canvasElement.querySelectorAll('[data-mode="csv"]'))
      expect(viewer.querySelector('table')).not.toBeNull()
  })
}

/** Plain text, code in three languages, a cut text, an empty file and right-to-left lines. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="plain">
        <Frame>
          <TextViewer text={PLAIN} filename="list.txt" />
        </Frame>
      </State>
      <State label="TypeScript">
        <Frame>
          <TextViewer text={TYPESCRIPT} filename="total.ts" />
        </Frame>
      </State>
      <State label="Python">
        <Frame>
          <TextViewer text={PYTHON} filename="greet.py" />
        </Frame>
      </State>
      <State label="JSON">
        <Frame>
          <TextViewer text={JSON_TEXT} filename="package.json" />
        </Frame>
      </State>
      <State label="truncated">
        <Frame>
          <TextViewer text={'first line\nsecond line'} filename="server.log" truncated />
        </Frame>
      </State>
      <State label="empty">
        <Frame>
          <TextViewer text="" filename="empty.txt" />
        </Frame>
      </State>
      <State label="right to left">
        <Frame>
          <TextViewer text={RTL} filename="greetings.txt" />
        </Frame>
      </State>
    </StateGrid>
  ),
  play: engines,
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Markdown (raw HTML dropped, images as links) and CSV as a table. */
export const StatesDocuments = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="Markdown">
        <Frame height={560}>
          <TextViewer text={MARKDOWN} filename="notes.md" />
        </Frame>
      </State>
      <State label="CSV">
        <Frame height={220}>
          <TextViewer text={CSV} filename="people.csv" />
        </Frame>
      </State>
      <State label="CSV, rows limited, truncated">
        <Frame height={220}>
          <TextViewer text={CSV} filename="members.csv" maxRows={2} truncated />
        </Frame>
      </State>
    </StateGrid>
  ),
  play: async (context) => {
    await engines(context)
    // Raw HTML in the Markdown never became an element.
    await expect(context.canvasElement.querySelector('[data-part="markdown"] script')).toBeNull()
    await expect(context.canvasElement.querySelector('[data-part="markdown"] img')).toBeNull()
    // GitHub's table syntax is a table.
    await expect(context.canvasElement.querySelectorAll('[data-part="markdown"] table td')).toHaveLength(2)
  },
})

export const StatesDocumentsDark = StatesDocuments.extend({ globals: { theme: 'dark' } })

/** "Show as text" turns the table into its source, and back. */
export const CsvAsText = meta.story({
  args: { text: CSV, filename: 'people.csv' },
  render: (args) => (
    <Frame height={240}>
      <TextViewer {...args} />
    </Frame>
  ),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table')
    await userEvent.click(canvas.getByRole('button', { name: 'Show as text' }))
    await expect(canvas.queryByRole('table')).toBeNull()
    await expect(canvas.getByText('Ada,"London, UK",1843')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Show as table' }))
    await expect(await canvas.findByRole('table')).toBeInTheDocument()
  },
})

/** The text region takes focus from the keyboard (then arrows and Page Down scroll it). */
export const KeyboardFocus = meta.story({
  args: { text: Array.from({ length: 2000 }, (_, i) => `line ${i + 1}`).join('\n'), filename: 'long.log' },
  render: (args) => (
    <Frame height={240}>
      <TextViewer {...args} />
    </Frame>
  ),
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Contents of long.log' })
    await userEvent.tab()
    await expect(region).toHaveFocus()
    // 2,000 lines, virtualised: only those near the view are in the DOM.
    await waitFor(() => expect(region.querySelectorAll('[data-part="line"]').length).toBeLessThan(200))
  },
})
