import { screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  AlertDialog,
  ConfirmDialog,
  ConflictDialog,
  Dialog,
  type DialogOpenProps,
  FileDetailsDialog,
  MediaViewer,
  MoveDialog,
  PromptDialog,
  ShareDialog,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

// Every dialog of the kit opens by the kit's rule: `open` (controlled), `defaultOpen`
// (uncontrolled), every change to `onOpenChange`; `onClose` (or `onCancel`) still hears every close.

const noop = () => {}

interface DialogCase {
  name: string
  role: 'dialog' | 'alertdialog'
  /** Renders the dialog with the open props and its close callback (onClose or onCancel). */
  render: (open: DialogOpenProps, onClose: () => void) => ReactElement
  /** Runs the dialog's finishing action, if it has one. */
  finish?: (user: ReturnType<typeof setup>['user']) => Promise<void>
}

const cases: DialogCase[] = [
  { name: 'Dialog', role: 'dialog', render: (open, onClose) => <Dialog title="Box" {...open} onClose={onClose} /> },
  {
    name: 'AlertDialog',
    role: 'alertdialog',
    render: (open, onClose) => <AlertDialog title="Oops" {...open} onClose={onClose} />,
  },
  {
    name: 'ConfirmDialog',
    role: 'alertdialog',
    render: (open, onCancel) => <ConfirmDialog title="Delete file?" {...open} onConfirm={noop} onCancel={onCancel} />,
    finish: (user) => user.click(screen.getByRole('button', { name: 'Yes' })),
  },
  {
    name: 'PromptDialog',
    role: 'dialog',
    render: (open, onCancel) => (
      <PromptDialog title="Enter A File Name" defaultValue="a.txt" {...open} onSubmit={noop} onCancel={onCancel} />
    ),
    finish: (user) => user.click(screen.getByRole('button', { name: 'Okay' })),
  },
  {
    name: 'ConflictDialog',
    role: 'alertdialog',
    render: (open, onCancel) => <ConflictDialog name="a.txt" {...open} onChoose={noop} onCancel={onCancel} />,
    finish: (user) => user.click(screen.getByRole('button', { name: 'Skip' })),
  },
  {
    name: 'MoveDialog',
    role: 'dialog',
    render: (open, onClose) => (
      <MoveDialog
        folders={[]}
        currentFolder={null}
        {...open}
        onSearch={noop}
        onBack={noop}
        onHome={noop}
        onEnter={noop}
        onConfirm={noop}
        onClose={onClose}
      />
    ),
    finish: (user) => user.click(screen.getByRole('button', { name: 'Confirm' })),
  },
  {
    name: 'ShareDialog',
    role: 'dialog',
    render: (open, onClose) => (
      <ShareDialog
        filename="a.txt"
        permission="private"
        {...open}
        onPermissionChange={noop}
        onCopy={noop}
        onClose={onClose}
      />
    ),
  },
  {
    name: 'FileDetailsDialog',
    role: 'dialog',
    render: (open, onClose) => (
      <FileDetailsDialog
        name="a.zip"
        access="private"
        fileSize={10}
        uploadDate={new Date(2024, 0, 2)}
        onCopyName={noop}
        onDownload={noop}
        {...open}
        onClose={onClose}
      />
    ),
  },
  {
    name: 'MediaViewer',
    role: 'dialog',
    render: (open, onClose) => (
      <MediaViewer name="a.jpg" kind="image" {...open} onPrev={noop} onNext={noop} onClose={onClose} />
    ),
  },
]

describe.each(cases)('$name open state', ({ role, render, finish }) => {
  it('given open and onOpenChange, when Escape is pressed, then onClose and onOpenChange(false) run and it stays as controlled', async () => {
    const onClose = vi.fn()
    const onOpenChange = vi.fn()
    const { user, rerender } = setup(render({ open: true, onOpenChange }, onClose))
    await screen.findByRole(role)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
    rerender(render({ open: false, onOpenChange }, onClose))
    await waitFor(() => expect(screen.queryByRole(role)).toBeNull())
  })

  it('given defaultOpen, then it opens by itself and Escape closes it, reporting onClose and onOpenChange(false)', async () => {
    const onClose = vi.fn()
    const onOpenChange = vi.fn()
    const { user } = setup(render({ defaultOpen: true, onOpenChange }, onClose))
    await screen.findByRole(role)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole(role)).toBeNull())
    expect(onClose).toHaveBeenCalledOnce()
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
  })

  it('given neither open nor defaultOpen, then it stays closed', () => {
    setup(render({}, noop))
    expect(screen.queryByRole(role)).toBeNull()
  })

  if (finish) {
    it('given defaultOpen, when its finishing action runs, then it closes itself; given open, then it stays open for the caller to close', async () => {
      const onOpenChange = vi.fn()
      const { user, unmount } = setup(render({ defaultOpen: true, onOpenChange }, noop))
      await screen.findByRole(role)
      await finish(user)
      await waitFor(() => expect(screen.queryByRole(role)).toBeNull())
      expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false)
      unmount()

      const onControlledChange = vi.fn()
      const controlled = setup(render({ open: true, onOpenChange: onControlledChange }, noop))
      await screen.findByRole(role)
      await finish(controlled.user)
      expect(screen.getByRole(role)).toBeTruthy()
      expect(onControlledChange).not.toHaveBeenCalled()
    })
  }
})
