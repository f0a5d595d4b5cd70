import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { FileCard, FileListRow, FolderCard, TrashNote } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// A fixed date keeps the screenshots stable.
const deleted = '2026-11-20T10:15:00Z'

const meta = preview.meta({
  title: 'Library/TrashNote',
  tags: ['autodocs'],
  component: TrashNote,
  args: { at: deleted, daysLeft: 12 },
})

export const Playground = meta.story({})

/**
 * The note alone (days left, the last days as a warning, no retention), then as cards and rows
 * show it for items with `trashed`: a file card's date line, a folder card under the name, a row
 * after the name.
 */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="12 days left">
        <TrashNote at={deleted} daysLeft={12} />
      </State>
      <State label="1 day left (warning)">
        <TrashNote at={deleted} daysLeft={1} />
      </State>
      <State label="0 days: deleted soon">
        <TrashNote at={deleted} daysLeft={0} />
      </State>
      <State label="kept until deleted (no retention)">
        <TrashNote at={deleted} />
      </State>
      <State label="file card">
        <div style={{ width: 200 }}>
          <FileCard
            file={{
              id: 'f',
              name: 'report.pdf',
              size: 1200,
              uploadDate: deleted,
              trashed: { at: deleted, daysLeft: 12 },
            }}
          />
        </div>
      </State>
      <State label="folder card">
        <div style={{ width: 240 }}>
          <FolderCard
            folder={{ id: 'd', name: 'Holiday photos', createdAt: deleted, trashed: { at: deleted, daysLeft: 2 } }}
          />
        </div>
      </State>
      <State label="list row">
        <div style={{ width: 640 }}>
          <div role="grid" aria-label="Trash">
            <div role="rowgroup">
              <FileListRow
                file={{
                  id: 'r',
                  name: 'notes.txt',
                  size: 300,
                  uploadDate: deleted,
                  trashed: { at: deleted, daysLeft: 12 },
                }}
              />
            </div>
          </div>
        </div>
      </State>
    </StateGrid>
  ),
  // In any language: every note has its date; only the last days are marked soon.
  play: async ({ canvasElement }) => {
    const notes = canvasElement.querySelectorAll('[data-part="trash-note"]')
    await expect(notes).toHaveLength(7)
    for (const note of notes) await expect(note.querySelector('[data-part="trash-note-deleted"]')).not.toBeNull()
    const soon = [...canvasElement.querySelectorAll('[data-part="trash-note-days-left"]')].map((d) =>
      d.hasAttribute('data-soon'),
    )
    await expect(soon).toEqual([false, true, true, false, true, false])
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): the note follows the name on the other side; the date stays isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): "Gelöscht am …", "Noch 12 Tage". */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })
