import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { deMessages, type FileVersion, LocaleProvider, VersionList } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const older: FileVersion = { id: 'v1', size: 1536, createdAt: '2030-01-01T10:00:00.000Z', addedBy: null }
const newer: FileVersion = {
  id: 'v2',
  size: 2 * 1024 ** 2,
  createdAt: '2030-01-02T10:00:00.000Z',
  addedBy: { displayName: 'Ben' },
}
// Given oldest first: the list still shows the newest first.
const versions = [older, newer]

// A fixed date format, so rows and names read the same on every machine.
const formatDate = (date: Date | string | number) => new Date(date).toISOString().slice(0, 10)
const Fixed = ({ children }: { children: React.ReactNode }) => (
  <LocaleProvider formatDate={formatDate}>{children}</LocaleProvider>
)

const rows = () =>
  within(screen.getByRole('list', { name: 'Versions' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('[data-part="version"] > span')?.textContent)

describe('VersionList', () => {
  it('lists the versions newest first, each with its date, size and who added it (nothing for the owner)', async () => {
    setup(
      <Fixed>
        <VersionList versions={versions} onDownload={() => {}} onRestore={() => {}} onDelete={() => {}} />
      </Fixed>,
    )
    expect(rows()).toEqual(['2030-01-022 MB · Added by Ben', '2030-01-011.5 KB'])
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Download version of 2030-01-02',
      'Restore version of 2030-01-02',
      'Delete version of 2030-01-02',
      'Download version of 2030-01-01',
      'Restore version of 2030-01-01',
      'Delete version of 2030-01-01',
    ])
    expect(screen.getAllByRole('listitem')[0]!.querySelector('time')?.getAttribute('datetime')).toBe(newer.createdAt)
    await expectNoAxeViolations()
  })

  it('formats dates with the locale (full date and time) and sizes with its size format', () => {
    setup(<VersionList versions={[older]} onDownload={() => {}} />)
    const expected = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(older.createdAt))
    expect(screen.getByRole('listitem').textContent).toContain(expected)
    expect(screen.getByRole('listitem').textContent).toContain('1.5 KB')
  })

  it('offers only the actions it is given: a viewer’s list has Download alone', async () => {
    const download = vi.fn()
    const { user } = setup(
      <Fixed>
        <VersionList versions={versions} onDownload={download} />
      </Fixed>,
    )
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download', 'Download'])
    await user.click(screen.getByRole('button', { name: 'Download version of 2030-01-01' }))
    expect(download).toHaveBeenCalledWith(older)
  })

  it('with no actions at all, the rows are plain facts', () => {
    setup(
      <Fixed>
        <VersionList versions={versions} />
      </Fixed>,
    )
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('Restore hands over the version', async () => {
    const restore = vi.fn()
    const { user } = setup(
      <Fixed>
        <VersionList versions={versions} onRestore={restore} onDelete={() => {}} />
      </Fixed>,
    )
    await user.click(screen.getByRole('button', { name: 'Restore version of 2030-01-01' }))
    expect(restore).toHaveBeenCalledWith(older)
  })

  it('Delete asks in the kit’s confirm dialog first: cancel keeps it, Delete deletes', async () => {
    const remove = vi.fn()
    const { user } = setup(
      <Fixed>
        <VersionList versions={versions} onDelete={remove} />
      </Fixed>,
    )
    const button = screen.getByRole('button', { name: 'Delete version of 2030-01-02' })
    await user.click(button)
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this version?' })
    expect(dialog.textContent).toContain('The version of 2030-01-02 will be deleted.')
    // Focus starts on cancel, so Enter never deletes by accident.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'cancel' })).toBe(document.activeElement))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(remove).not.toHaveBeenCalled()

    await user.click(button)
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this version?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(remove).toHaveBeenCalledWith(newer)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('Delete asks through confirmDelete when given one, and deletes only on true', async () => {
    const remove = vi.fn()
    const confirmDelete = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true)
    const { user } = setup(
      <Fixed>
        <VersionList versions={versions} onDelete={remove} confirmDelete={confirmDelete} />
      </Fixed>,
    )
    const button = screen.getByRole('button', { name: 'Delete version of 2030-01-01' })
    await user.click(button)
    expect(confirmDelete).toHaveBeenCalledWith(older)
    expect(remove).not.toHaveBeenCalled()
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await user.click(button)
    await waitFor(() => expect(remove).toHaveBeenCalledWith(older))
  })

  it('busy: the running action shows a spinner and the row’s others wait; other rows stay usable', () => {
    setup(
      <Fixed>
        <VersionList
          versions={versions}
          onDownload={() => {}}
          onRestore={() => {}}
          onDelete={() => {}}
          busy={{ id: 'v1', action: 'restore' }}
        />
      </Fixed>,
    )
    const restore = screen.getByRole('button', { name: 'Restore version of 2030-01-01' })
    expect(restore.getAttribute('aria-busy')).toBe('true')
    expect(
      screen.getByRole('button', { name: 'Delete version of 2030-01-01' }).hasAttribute('disabled') ||
        screen.getByRole('button', { name: 'Delete version of 2030-01-01' }).getAttribute('aria-disabled') === 'true',
    ).toBe(true)
    expect(screen.getByRole('button', { name: 'Restore version of 2030-01-02' }).hasAttribute('disabled')).toBe(false)
  })

  it('arrow keys move between rows and along a row; Home and End to the first and last row', async () => {
    const { user } = setup(
      <Fixed>
        <VersionList
          versions={[...versions, { id: 'v0', size: 10, createdAt: '2029-12-31T10:00:00.000Z' }]}
          onDownload={() => {}}
          onRestore={() => {}}
          onDelete={() => {}}
        />
      </Fixed>,
    )
    const focused = () => document.activeElement?.getAttribute('aria-label')
    await user.tab()
    expect(focused()).toBe('Download version of 2030-01-02')
    await user.keyboard('{ArrowDown}')
    expect(focused()).toBe('Download version of 2030-01-01')
    await user.keyboard('{ArrowRight}')
    expect(focused()).toBe('Restore version of 2030-01-01')
    await user.keyboard('{End}')
    expect(focused()).toBe('Restore version of 2029-12-31')
    await user.keyboard('{ArrowDown}')
    expect(focused()).toBe('Restore version of 2029-12-31')
    await user.keyboard('{Home}{ArrowLeft}{ArrowLeft}')
    expect(focused()).toBe('Download version of 2030-01-02')
    await user.tab()
    expect(focused()).toBe('Restore version of 2030-01-02')
  })

  it('in right-to-left, ArrowLeft moves forward along the row', async () => {
    const { user } = setup(
      <div dir="rtl">
        <Fixed>
          <VersionList versions={versions} onDownload={() => {}} onRestore={() => {}} />
        </Fixed>
      </div>,
    )
    await user.tab()
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Restore version of 2030-01-02')
  })

  it('empty: "No earlier versions"; loading: a spinner instead', async () => {
    const { rerender } = setup(<VersionList versions={[]} />)
    expect(screen.getByRole('heading', { name: 'No earlier versions', level: 3 })).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
    await expectNoAxeViolations()
    rerender(<VersionList versions={[]} loading />)
    expect(screen.getByRole('status', { name: 'Loading versions' })).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('error: the message as an alert, with Try again when onRetry is given', async () => {
    const retry = vi.fn()
    const { user } = setup(<VersionList versions={[]} error="Network Error" onRetry={retry} />)
    expect(screen.getByRole('alert').textContent).toBe('Network Error')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
    await expectNoAxeViolations()
  })

  it('isolates a right-to-left uploader name', () => {
    setup(
      <Fixed>
        <VersionList versions={[{ ...older, addedBy: { displayName: '\u202Egnp.exe' } }]} />
      </Fixed>,
    )
    const isolated = [...screen.getByRole('listitem').querySelectorAll('bdi')].map((b) => b.textContent)
    // The date, the size and the name each in their own isolate.
    expect(isolated).toEqual(['2030-01-01', '1.5 KB', '\u202Egnp.exe'])
  })

  it('takes its texts from the locale, then from labels', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages} formatDate={formatDate}>
        <VersionList versions={[older]} onRestore={() => {}} labels={{ restore: 'Zurückholen' }} />
      </LocaleProvider>,
    )
    expect(screen.getByRole('list', { name: 'Versionen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Wiederherstellen: Version vom 2030-01-01' }).textContent).toBe(
      'Zurückholen',
    )
    expect(screen.getByRole('listitem').textContent).toContain('1,5 KB')
  })
})
