import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  ShareDialog,
  type SharePermission,
  sharePermissionHints,
  sharePermissionLabels,
  sharePermissionOptions,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

const link = 'https://cumulus.example/public-download/f1/abc123'

describeModal('ShareDialog', {
  role: 'dialog',
  name: 'Share',
  render: (close) => (
    <ShareDialog
      open
      filename="holiday.jpg"
      permission="public"
      link={link}
      onPermissionChange={() => {}}
      onCopy={() => {}}
      onClose={close}
    />
  ),
})

function Controlled({
  onPermissionChange,
  onCopy,
}: {
  onPermissionChange: (p: SharePermission) => void
  onCopy: (link: string) => void
}) {
  const [permission, setPermission] = useState<SharePermission>('private')
  return (
    <ShareDialog
      open
      filename="Quarterly report.pdf"
      permission={permission}
      link={permission === 'private' ? '' : link}
      onPermissionChange={(next) => {
        setPermission(next)
        onPermissionChange(next)
      }}
      onCopy={onCopy}
      onClose={() => {}}
    />
  )
}

describe('ShareDialog', () => {
  it('shows the file name with its type badge, the read-only link and Copy link', async () => {
    const onCopy = vi.fn()
    const { user } = setup(
      <ShareDialog
        open
        filename="Quarterly report.pdf"
        permission="public"
        link={link}
        onPermissionChange={() => {}}
        onCopy={onCopy}
        onClose={() => {}}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Share' })
    expect(dialog.textContent).toContain('Quarterly report.pdf')
    expect(dialog.textContent).toContain('PDF')
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' })
    expect(field.value).toBe(link)
    expect(field.readOnly).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(onCopy).toHaveBeenCalledWith(link)
    await expectNoAxeViolations()
  })

  it('offers Private, Public and Temporary under "Permission" and reports the chosen value by keyboard', async () => {
    const onPermissionChange = vi.fn()
    const { user } = setup(<Controlled onPermissionChange={onPermissionChange} onCopy={() => {}} />)
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    expect(select.textContent).toContain('Private')
    select.focus()
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Private', 'Public', 'Temporary'])
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onPermissionChange).toHaveBeenLastCalledWith('one')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    // The helper text follows the permission and describes the select.
    const hintId = select.getAttribute('aria-describedby')
    expect(hintId && document.getElementById(hintId)?.textContent).toBe(sharePermissionHints.one)
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).value).toBe(link)
  })

  it('given a private file, then there is no link and Copy link is disabled', async () => {
    setup(<Controlled onPermissionChange={() => {}} onCopy={() => {}} />)
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Share link' })
    expect(field.value).toBe('')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copy link' }).disabled).toBe(true)
  })

  it('given the same option is chosen again, then onPermissionChange is not called', async () => {
    const onPermissionChange = vi.fn()
    const { user } = setup(<Controlled onPermissionChange={onPermissionChange} onCopy={() => {}} />)
    await user.click(await screen.findByRole('combobox', { name: 'Permission' }))
    await user.click(await screen.findByRole('option', { name: 'Private' }))
    expect(onPermissionChange).not.toHaveBeenCalled()
  })

  it('given busy, then the select is marked busy and does not open', async () => {
    const { user } = setup(
      <ShareDialog
        open
        busy
        filename="a.txt"
        permission="public"
        link={link}
        onPermissionChange={() => {}}
        onCopy={() => {}}
        onClose={() => {}}
      />,
      { pointerEventsCheck: 0 },
    )
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    expect(select.getAttribute('aria-busy')).toBe('true')
    await user.click(select)
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('given the close icon, then onClose runs', async () => {
    const onClose = vi.fn()
    const { user } = setup(
      <ShareDialog
        open
        filename="a.txt"
        permission="private"
        onPermissionChange={() => {}}
        onCopy={() => {}}
        onClose={onClose}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('given custom texts, then it uses them', async () => {
    setup(
      <ShareDialog
        open
        filename="a.txt"
        permission="one"
        link={link}
        labels={{
          title: 'Partager',
          copy: 'Copier',
          permission: 'Accès',
          permissions: { ...sharePermissionLabels, one: 'Temporaire' },
        }}
        hint="Une seule fois"
        onPermissionChange={() => {}}
        onCopy={() => {}}
        onClose={() => {}}
      />,
    )
    const select = await screen.findByRole('combobox', { name: 'Accès' })
    expect(screen.getByRole('dialog', { name: 'Partager' })).toBeTruthy()
    expect(select.textContent).toContain('Temporaire')
    expect(screen.getByRole('button', { name: 'Copier' })).toBeTruthy()
    expect(screen.getByText('Une seule fois')).toBeTruthy()
  })

  it('given permissions of its own beside the built-in ones, then it offers them with their texts and reports their values', async () => {
    const onPermissionChange = vi.fn()
    const { user } = setup(
      <ShareDialog
        open
        filename="plan.pdf"
        permission="team"
        permissions={[
          ...sharePermissionOptions,
          { value: 'team', label: 'Team', hint: 'Everyone in your team can open this file.' },
          { value: 'org', label: 'Organisation', disabled: true },
        ]}
        onPermissionChange={onPermissionChange}
        onCopy={() => {}}
        onClose={() => {}}
      />,
    )
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    expect(select.textContent).toContain('Team')
    const hintId = select.getAttribute('aria-describedby')
    expect(hintId && document.getElementById(hintId)?.textContent).toBe('Everyone in your team can open this file.')
    await user.click(select)
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Private',
      'Public',
      'Temporary',
      'Team',
      'Organisation',
    ])
    expect(screen.getByRole('option', { name: 'Organisation' }).getAttribute('aria-disabled')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'Public' }))
    expect(onPermissionChange).toHaveBeenCalledWith('public')
  })

  it('given a replaced vocabulary, then only those permissions are offered', async () => {
    const { user } = setup(
      <ShareDialog
        open
        filename="plan.pdf"
        permission="view"
        permissions={[
          { value: 'view', label: 'Can view', hint: 'Viewers can open it.' },
          { value: 'edit', label: 'Can edit', hint: 'Editors can change it.' },
        ]}
        onPermissionChange={() => {}}
        onCopy={() => {}}
        onClose={() => {}}
      />,
    )
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    await user.click(select)
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Can view', 'Can edit'])
  })
})
