import type { ReactNode } from 'react'
import { expect, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, FileCard } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const picture = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="hsl(28,60%,62%)"/><circle cx="240" cy="60" r="28" fill="hsl(48,90%,85%)"/><path d="M0 200L110 90l80 80 50-40 80 70z" fill="hsl(150,35%,28%)"/></svg>',
)}`
const broken = 'data:image/png;base64,AAAA'

const at = new Date(2024, 2, 7, 21, 5)
const file = (name: string, extra: Partial<BrowserFile> = {}): BrowserFile => ({
  id: name,
  name,
  size: 2048,
  uploadDate: at,
  ...extra,
})

const meta = preview.meta({
  title: 'Library/FileCard',
  tags: ['autodocs'],
  component: FileCard,
  args: { file: file('holiday.jpg', { thumbnailUrl: picture }) },
})

// A card takes its container's width.
const narrowBox = [(Story: () => ReactNode) => <div style={{ width: 200 }}>{Story()}</div>]

export const Playground = meta.story({ decorators: narrowBox })

const cell = (children: ReactNode) => <div style={{ width: 180 }}>{children}</div>

/** Thumbnail, badge, thumbnails off, broken thumbnail, selected, long name, unknown type, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={4}>
      <State label="thumbnail">{cell(<FileCard file={file('holiday.jpg', { thumbnailUrl: picture })} />)}</State>
      <State label="no thumbnail: badge">{cell(<FileCard file={file('Quarterly report.pdf')} />)}</State>
      <State label="thumbnails disabled">
        {cell(<FileCard file={file('holiday.jpg', { thumbnailUrl: picture })} thumbnailsDisabled />)}
      </State>
      <State label="broken thumbnail: badge">
        {cell(<FileCard file={file('photo.png', { thumbnailUrl: broken })} />)}
      </State>
      <State label="selected">
        {cell(<FileCard file={file('holiday.jpg', { thumbnailUrl: picture })} selected />)}
      </State>
      <State label="selected, badge">{cell(<FileCard file={file('budget.xlsx')} selected />)}</State>
      <State label="long name">
        {cell(<FileCard file={file('A very long file name that will not fit on one line of a card.docx')} />)}
      </State>
      <State label="unknown type, badge max 3">{cell(<FileCard file={file('README')} badgeMax={3} />)}</State>
      <State label="narrow (120 px)">
        <div style={{ width: 120 }}>
          <FileCard file={file('movie.torrent')} />
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(`img[src="${broken}"]`)).toBeNull())
    await waitFor(() => expect([...canvasElement.querySelectorAll('img')].every((i) => i.complete)).toBe(true))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): texts, dates and sizes. */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** A thumbnail that fails to load falls back to the extension badge. */
export const BrokenThumbnail = meta.story({
  args: { file: file('photo.png', { thumbnailUrl: broken }) },
  decorators: narrowBox,
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull())
    await expect(canvas.getByText('PNG')).toBeVisible()
    await expect(canvas.getByText(/^03\/07\/24,\s09:05\sPM$/)).toBeVisible()
  },
})

/**
 * Touch (`openCue`): a first tap selects and a second opens, so a selected card says "Open".
 * Not selected, it shows nothing; the label follows the locale, or `openLabel`.
 */
export const StatesOpenCue = meta.story({
  render: () => (
    <StateGrid columns={4}>
      <State label="selected, thumbnail">
        {cell(<FileCard file={file('holiday.jpg', { thumbnailUrl: picture })} selected openCue />)}
      </State>
      <State label="selected, badge">{cell(<FileCard file={file('budget.xlsx')} selected openCue />)}</State>
      <State label="not selected: no cue">{cell(<FileCard file={file('notes.txt')} openCue />)}</State>
      <State label="openLabel">
        {cell(<FileCard file={file('beach.png', { thumbnailUrl: picture })} selected openCue openLabel="View" />)}
      </State>
    </StateGrid>
  ),
})

export const StatesOpenCueDark = StatesOpenCue.extend({ globals: { theme: 'dark' } })

/** The people mark after the date: "Ben's" on a file shared with me, "Shared" on mine. */
export const StatesPeople = meta.story({
  render: () => (
    <StateGrid columns={4}>
      <State label="shared with me">
        {cell(<FileCard file={file('holiday.jpg', { thumbnailUrl: picture, people: { owner: 'Ben' } })} />)}
      </State>
      <State label="mine, shared">
        {cell(<FileCard file={file('Quarterly report.pdf', { people: { shared: true } })} />)}
      </State>
      <State label="long owner name">
        {cell(<FileCard file={file('budget.xlsx', { people: { owner: 'Grandma Rose Carter' } })} />)}
      </State>
      <State label="narrow (120 px)">
        <div style={{ width: 120 }}>
          <FileCard file={file('notes.txt', { people: { owner: 'Anna' } })} />
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Shared by Grandma Rose Carter' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'Shared with others' })).toBeVisible()
  },
})

export const StatesPeopleDark = StatesPeople.extend({ globals: { theme: 'dark' } })
