// Settings → Server: the admin's view of how the server is (version, storage, disk, backup, queues, warnings).
import '../helpers/setup.ts'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { renderApp } from '../helpers/render.tsx'
import { http as mock, ok, sent, server, testUserDetailed } from '../helpers/server.ts'

const GB = 1024 ** 3
const MB = 1024 ** 2
const at = '2026-11-20T10:00:00.000Z'

const status = {
  version: '1.4.2',
  startedAt: at,
  uptimeSeconds: 3 * 86_400 + 4 * 3600 + 5 * 60,
  storage: {
    files: 12 * GB,
    versions: 1.5 * GB,
    trash: 512 * MB,
    members: [
      { _id: 'u1', email: 'ada@example.com', displayName: 'Ada', files: 10 * GB, versions: 1.5 * GB, trash: 512 * MB },
      { _id: 'u2', email: 'bob@example.com', displayName: 'Bob', files: 2 * GB, versions: 0, trash: 0 },
    ],
  },
  disk: { free: 4 * GB, total: 100 * GB },
  lastBackup: { at, ok: false, dir: '/srv/backups/2026-11-20T10-00-00', bytes: 3 * GB, files: 420, error: 'ENOSPC' },
  queues: { thumbnails: 7, indexing: 3 },
  warnings: [
    { code: 'DISK_LOW', freeShare: 0.04 },
    { code: 'BACKUP_FAILED', at, error: 'ENOSPC' },
  ],
}

function serveAdmin(reply: object = status) {
  server.use(
    mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, role: 'admin' })),
    mock.get('*/admin/users', () => ok({ users: [] })),
    mock.get('*/admin/invites', () => ok({ invites: [], mailEnabled: false })),
    mock.get('*/admin/audit', () => ok({ events: [], nextCursor: null })),
    mock.get('*/admin/server', () => ok(reply)),
  )
}

async function openServer() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  const menu = await screen.findByRole('navigation', { name: 'Settings' })
  await view.user.click(await within(menu).findByRole('button', { name: 'Server' }))
  await screen.findByRole('heading', { name: 'Storage' })
  return view
}

const sectionOf = (name: string) => screen.getByRole('region', { name })

describe('settings → server', () => {
  it('admins see the warnings first, then version, uptime, storage, disk, last backup and queues', async () => {
    serveAdmin()
    await openServer()
    const warnings = within(screen.getByRole('list', { name: 'Warnings' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      'The data disk is almost full: only 4 % is free. When it is full, uploads are refused.',
      expect.stringMatching(/^The last backup, on .+, failed: ENOSPC$/),
    ])
    const top = sectionOf('Server')
    expect(top.textContent).toContain('1.4.2')
    expect(top.textContent).toContain('3 days 4 hours')

    const storage = sectionOf('Storage')
    expect(storage.textContent).toContain('12 GB')
    expect(storage.textContent).toContain('1.5 GB')
    expect(storage.textContent).toContain('512 MB')
    const members = within(within(storage).getByRole('list', { name: 'Storage per member' })).getAllByRole('listitem')
    expect(members).toHaveLength(2)
    expect(members[1]!.textContent).toContain('Bob')
    expect(members[1]!.textContent).toContain('bob@example.com')
    expect(members[1]!.textContent).toContain('Files 2 GB · Versions 0 B · Trash 0 B')

    const disk = sectionOf('Data disk')
    expect(disk.textContent).toContain('4 GB free of 100 GB')
    expect(within(disk).getByRole('progressbar', { name: 'Data disk used' }).getAttribute('aria-valuenow')).toBe('96')

    const backup = sectionOf('Last backup')
    expect(backup.textContent).toContain('Failed: ENOSPC')
    expect(backup.textContent).toContain('3 GB')
    expect(backup.textContent).toContain('420 files')

    const queues = sectionOf('Queues')
    expect(queues.textContent).toContain('Thumbnails waiting7')
    expect(queues.textContent).toContain('Documents waiting to be indexed3')
    expect(sent('/admin/server').length).toBeGreaterThan(0)
  })

  it('without a backup yet it says so and names the backup command; no warnings, no warning list', async () => {
    serveAdmin({ ...status, lastBackup: null, warnings: [] })
    await openServer()
    const backup = sectionOf('Last backup')
    expect(backup.textContent).toContain('No backup yet')
    expect(backup.textContent).toContain('npm run admin -- backup DIR')
    expect(backup.textContent).toContain('BACKUP_DIR')
    expect(screen.queryByRole('list', { name: 'Warnings' })).toBeNull()
  })

  it('a stale backup reads as more than 2 days old', async () => {
    serveAdmin({ ...status, lastBackup: { ...status.lastBackup, ok: true }, warnings: [{ code: 'BACKUP_STALE', at }] })
    await openServer()
    const [only] = within(screen.getByRole('list', { name: 'Warnings' })).getAllByRole('listitem')
    expect(only!.textContent).toMatch(/^The last backup is more than 2 days old \(.+\)\.$/)
    expect(sectionOf('Last backup').textContent).toContain('Succeeded')
  })

  it('a member sees no Server menu (and the status is never read)', async () => {
    setLoggedIn(true)
    renderApp('/settings')
    await screen.findByRole('heading', { name: 'Account' })
    await screen.findByText('ada@example.com')
    expect(
      within(screen.getByRole('navigation', { name: 'Settings' })).queryByRole('button', { name: 'Server' }),
    ).toBeNull()
    expect(sent('/admin/server')).toHaveLength(0)
  })
})
