import { screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ContextMenu, Dialog, Menu, MoveDialog, Select, Toast, ToastRegion } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const noop = () => {}

// An embedder's subtree: right to left, dark, Arabic, on a page that says none of it.
const Embed = ({ children }: { children: ReactNode }) => (
  <div dir="rtl" data-theme="dark" lang="ar" data-testid="embed">
    {children}
  </div>
)

/** The popup lays out in the subtree's scope; `portalled`: from a portal outside the subtree. */
function expectScoped(popup: HTMLElement, portalled = true) {
  expect(screen.getByTestId('embed').contains(popup), 'inside the subtree').toBe(!portalled)
  expect(popup.closest('[dir]')?.getAttribute('dir')).toBe('rtl')
  expect(popup.closest('[data-theme]')?.getAttribute('data-theme')).toBe('dark')
  expect(popup.closest('[lang]')?.getAttribute('lang')).toBe('ar')
}

describe('portalled parts carry the direction and theme of where they were rendered', () => {
  it('a MoveDialog under dir="rtl" data-theme="dark"', async () => {
    setup(
      <Embed>
        <MoveDialog
          open
          folders={[{ id: 'p', name: 'Photos' }]}
          currentFolder={null}
          onSearch={noop}
          onBack={noop}
          onHome={noop}
          onEnter={noop}
          onConfirm={noop}
          onClose={noop}
        />
      </Embed>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Move' })
    expectScoped(dialog)
    await expectNoAxeViolations()
  })

  it('a menu opened inside the dialog keeps them', async () => {
    const { user } = setup(
      <Embed>
        <Dialog open title="Details" onClose={noop}>
          <Menu label="More" items={[{ id: 'a', label: 'Rename' }]} portal />
        </Dialog>
      </Embed>,
    )
    await user.click(await screen.findByRole('button', { name: 'More' }))
    expectScoped(await screen.findByRole('menu'))
  })

  it('a context menu and a select popover', async () => {
    const { user } = setup(
      <Embed>
        <ContextMenu label="File actions" items={[{ id: 'open', label: 'Open' }]}>
          <button type="button">report.pdf</button>
        </ContextMenu>
        <Select label="Sort" options={[{ value: 'name', label: 'Name' }]} />
      </Embed>,
    )
    await user.pointer({ keys: '[MouseRight]', target: screen.getByRole('button', { name: 'report.pdf' }) })
    expectScoped(await screen.findByRole('menu', { name: 'File actions' }))
    await user.keyboard('{Escape}')
    // A select's popover stays in place unless asked to portal; either way it keeps the scope.
    await user.click(screen.getByRole('combobox', { name: 'Sort' }))
    expectScoped(await screen.findByRole('listbox'), false)
  })

  it('leave a portal plain when only <html> sets them (it reaches <body> itself)', async () => {
    document.documentElement.setAttribute('dir', 'rtl')
    try {
      setup(<Dialog open title="Plain" onClose={noop} />)
      const dialog = await screen.findByRole('dialog', { name: 'Plain' })
      const portal = [...document.body.children].find((child) => child.contains(dialog))!
      expect(portal.hasAttribute('dir')).toBe(false)
      expect(portal.hasAttribute('data-theme')).toBe(false)
    } finally {
      document.documentElement.removeAttribute('dir')
    }
  })

  it('toasts are not portalled: they render in place and inherit both', () => {
    setup(
      <Embed>
        <ToastRegion>
          <Toast>Saved</Toast>
        </ToastRegion>
      </Embed>,
    )
    expectScoped(screen.getByText('Saved'), false)
  })
})
