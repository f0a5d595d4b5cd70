import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type FileVersion, VersionList } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Local times, so the default (Intl) format reads the same in every time zone.
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2030, month, day, hour, minute).toISOString()

const versions: FileVersion[] = [
  { id: 'v3', size: 2_411_724, createdAt: at(2, 7, 21, 5), addedBy: { displayName: 'Ben Ryder' } },
  { id: 'v2', size: 2_097_152, createdAt: at(2, 6, 9, 30), addedBy: null },
  { id: 'v1', size: 1536, createdAt: at(1, 28, 17, 45), addedBy: null },
]

const hostile: FileVersion[] = [
  {
    id: 'h1',
    size: 987_654_321,
    createdAt: at(0, 2, 8),
    addedBy: { displayName: 'Maximilian Alexander von Habsburg-Lothringen der Dritte' },
  },
  { id: 'h2', size: 0, createdAt: at(0, 1, 8), addedBy: { displayName: '\u202Egnp.exe Eve' } },
  { id: 'h3', size: 42, createdAt: at(0, 1, 7), addedBy: { displayName: 'שרה כהן' } },
]

const download = fn()
const restore = fn()
const remove = fn()
const retry = fn()

const meta = preview.meta({
  title: 'Library/VersionList',
  tags: ['autodocs'],
  component: VersionList,
  args: { versions, onDownload: download, onRestore: restore, onDelete: remove },
  beforeEach: () => {
    download.mockClear()
    restore.mockClear()
    remove.mockClear()
    retry.mockClear()
  },
  decorators: [
    (Story) => (
      <div style={{ width: 520 }}>
        <Story />
      </div>
    ),
  ],
})

/** Holds the versions, so a delete or a restore shows. */
function Live() {
  const [list, setList] = useState(versions)
  return (
    <VersionList
      versions={list}
      onDownload={download}
      onRestore={(version) => {
        restore(version)
        // The restored content becomes current; the one it replaced becomes the newest version.
        setList((all) => [
          { id: `was-${version.id}`, size: 3000, createdAt: new Date(2030, 2, 8).toISOString() },
          ...all.filter((v) => v.id !== version.id),
        ])
      }}
      onDelete={(version) => {
        remove(version)
        setList((all) => all.filter((v) => v.id !== version.id))
      }}
    />
  )
}

export const Playground = meta.story({ render: () => <Live /> })

/** An editor's or owner's list, a viewer's (Download only), one busy row, empty, loading, error, hostile names. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="owner or editor: Download, Restore, Delete">
        <VersionList
          versions={versions}
          onDownload={download}
          onRestore={restore}
          onDelete={remove}
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="viewer: Download only">
        <VersionList versions={versions} onDownload={download} style={{ flexGrow: 1 }} />
      </State>
      <State label="restoring one version">
        <VersionList
          versions={versions.slice(0, 2)}
          onDownload={download}
          onRestore={restore}
          onDelete={remove}
          busy={{ id: 'v2', action: 'restore' }}
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="empty">
        <VersionList versions={[]} onDownload={download} style={{ flexGrow: 1 }} />
      </State>
      <State label="loading">
        <VersionList versions={[]} loading style={{ flexGrow: 1 }} />
      </State>
      <State label="error, with Try again">
        <VersionList
          versions={[]}
          error="Network Error. The server could not be reached."
          onRetry={retry}
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="long, hostile and right-to-left names">
        <VersionList versions={hostile} onDownload={download} onRestore={restore} style={{ flexGrow: 1 }} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): actions on the left, names isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** No earlier versions. */
export const Empty = meta.story({ args: { versions: [] } })

/** The first load. */
export const Loading = meta.story({ args: { versions: [], loading: true } })

/** The list could not be read. */
export const LoadError = meta.story({
  args: { versions: [], error: 'Request failed with status code 500', onRetry: retry },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Request failed with status code 500')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(retry).toHaveBeenCalledOnce()
  },
})

/** A viewer may download, nothing else. */
export const Viewer = meta.story({
  args: { onRestore: undefined, onDelete: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download', 'Download', 'Download'])
  },
})

/** Keyboard: Tab to the first Download, Down to the next row, Right to Restore, Enter. */
export const Keyboard = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await userEvent.tab()
    await expect(document.activeElement).toHaveTextContent('Download')
    await userEvent.keyboard('{ArrowDown}{ArrowRight}')
    await expect(document.activeElement).toHaveTextContent('Restore')
    await userEvent.keyboard('{Enter}')
    await expect(restore).toHaveBeenCalledWith(versions[1])
  },
})

/** Delete asks first (focus on cancel); Delete in the dialog deletes. */
export const DeleteConfirm = meta.story({
  render: () => <Live />,
  play: async ({ canvas, userEvent }) => {
    const buttons = canvas.getAllByRole('button', { name: /^Delete version of/ })
    await userEvent.click(buttons[0]!)
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this version?' })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'cancel' })).toHaveFocus())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await expect(remove).toHaveBeenCalledWith(versions[0])
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(2))
  },
})
