import { act, screen, waitFor } from '@testing-library/react'
import { type ReactElement, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '../../../lib/index.ts'
import { expectNoAxeViolations } from './axe.ts'
import { setup } from './render.tsx'

/** How the shared modal suite drives one modal component. */
export interface ModalCase {
  /** The modal's role: dialog, or alertdialog for confirmations and alerts. */
  role: 'dialog' | 'alertdialog'
  /** Its accessible name (the title). */
  name: string
  /** Renders the modal, open, calling `close` for every way it can be dismissed. */
  render: (close: () => void) => ReactElement
}

function Harness({ modal, onClose }: { modal: ModalCase; onClose: () => void }) {
  const [open, setOpen] = useState(false)
  const close = () => {
    onClose()
    setOpen(false)
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Button>Outside</Button>
      {open ? modal.render(close) : null}
    </>
  )
}

/**
 * The behaviour every modal of the library shares (Braid's "one modal suite"): named by its title,
 * focus moves in and is trapped, Escape and the backdrop close it, focus returns to the opener,
 * and axe finds nothing. Call it from a component's test file with that component's case.
 */
export function describeModal(title: string, modal: ModalCase) {
  describe(`${title} (shared modal behaviour)`, () => {
    const open = async () => {
      const onClose = vi.fn()
      const { user } = setup(<Harness modal={modal} onClose={onClose} />)
      const opener = screen.getByRole('button', { name: 'Open' })
      await user.click(opener)
      const dialog = await screen.findByRole(modal.role, { name: modal.name })
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
      return { user, opener, dialog, onClose }
    }

    it('given it opens, then it is named by its title, focus moves inside and the page behind is hidden', async () => {
      await open()
      // Ariakit makes the rest of the page inert (aria-hidden where inert is missing, as in jsdom).
      expect(screen.queryByRole('button', { name: 'Outside' })).toBeNull()
    })

    it('given it is open, when Tab and Shift+Tab go past the ends, then focus never reaches the page behind', async () => {
      const { user, dialog } = await open()
      // Past the last element the browser may park focus on the document itself (its own UI in a
      // real window) before wrapping back in; what must never happen is focus on an outside control.
      const inDialogOrNowhere = () =>
        dialog.contains(document.activeElement) || document.activeElement === document.body
      let visitedInside = 0
      for (const shift of [false, true]) {
        for (let i = 0; i < 6; i++) {
          await user.tab({ shift })
          expect(inDialogOrNowhere()).toBe(true)
          if (dialog.contains(document.activeElement)) visitedInside++
        }
      }
      expect(visitedInside).toBeGreaterThanOrEqual(6)
    })

    it('given it is open, when Escape is pressed, then it closes and focus returns to the opener', async () => {
      const { user, opener, onClose } = await open()
      await user.keyboard('{Escape}')
      expect(onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(screen.queryByRole(modal.role)).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(opener))
    })

    it('given it is open, when the backdrop is clicked, then it closes', async () => {
      const { user, onClose } = await open()
      const backdrop = document.querySelector('[data-backdrop]')
      expect(backdrop).not.toBeNull()
      await user.click(backdrop as Element)
      expect(onClose).toHaveBeenCalledTimes(1)
    })

    it('given it is open, then axe finds no violations', async () => {
      await open()
      // Let Ariakit finish marking the outside tree inert before axe reads it.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
      await expectNoAxeViolations()
    })
  })
}
