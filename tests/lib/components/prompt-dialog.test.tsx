import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PromptDialog } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

// SPEC §5 "Rename file: title Enter A File Name, prefilled. An empty value gives Please Enter a Name."
describeModal('PromptDialog', {
  role: 'dialog',
  name: 'Enter A File Name',
  render: (close) => (
    <PromptDialog open title="Enter A File Name" defaultValue="photo.jpg" onSubmit={close} onCancel={close} />
  ),
})

describe('PromptDialog', () => {
  it('opens with the prefilled value focused and selected, in a field named by the title', async () => {
    setup(
      <PromptDialog open title="Enter A File Name" defaultValue="photo.jpg" onSubmit={() => {}} onCancel={() => {}} />,
    )
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enter A File Name' })
    expect(input.value).toBe('photo.jpg')
    await waitFor(() => expect(document.activeElement).toBe(input))
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'photo.jpg'.length])
  })

  it('with selectStem, selects the name without its extension, so typing keeps it; a name without one is selected whole', async () => {
    const { unmount } = setup(
      <PromptDialog
        open
        selectStem
        title="Enter A File Name"
        defaultValue="holiday.photo.jpg"
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    )
    const input = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enter A File Name' })
    await waitFor(() => expect(document.activeElement).toBe(input))
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'holiday.photo'.length])
    unmount()
    setup(
      <PromptDialog
        open
        selectStem
        title="Enter A File Name"
        defaultValue=".env"
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    )
    const dotfile = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Enter A File Name' })
    await waitFor(() => expect(document.activeElement).toBe(dotfile))
    expect([dotfile.selectionStart, dotfile.selectionEnd]).toEqual([0, '.env'.length])
  })

  it('given an empty value, when submitted with Enter, then it shows "Please Enter a Name" and does not submit', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<PromptDialog open title="Enter Folder Name" onSubmit={onSubmit} onCancel={() => {}} />)
    const input = await screen.findByRole('textbox', { name: 'Enter Folder Name' })
    await user.click(input)
    await user.keyboard('{Enter}')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Please Enter a Name')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe(alert.id)
    expect(onSubmit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(input)
    await expectNoAxeViolations()
  })

  it('given only spaces, then it is still empty', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<PromptDialog open title="Enter Folder Name" onSubmit={onSubmit} onCancel={() => {}} />)
    await user.type(await screen.findByRole('textbox'), '   ')
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    expect(screen.getByRole('alert').textContent).toBe('Please Enter a Name')
    expect(onSubmit).not.toHaveBeenCalled()
    // Focus goes back to the field to fix.
    expect(document.activeElement).toBe(screen.getByRole('textbox'))
  })

  it('given the user types after an error, then the message clears; a valid name submits', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<PromptDialog open title="Enter Folder Name" onSubmit={onSubmit} onCancel={() => {}} />)
    const input = await screen.findByRole('textbox')
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    expect(screen.getByRole('alert')).toBeTruthy()
    await user.type(input, 'Holiday')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('Holiday')
  })

  it('given a custom validator and labels, then it uses them', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(
      <PromptDialog
        open
        title="Enter A folder Name"
        defaultValue="a/b"
        validate={(v) => (v.includes('/') ? 'No slashes' : undefined)}
        submitLabel="Rename"
        cancelLabel="Back"
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'Rename' }))
    expect(screen.getByRole('alert').textContent).toBe('No slashes')
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
  })

  it('given cancel, then onCancel runs and nothing is submitted', async () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    const { user } = setup(
      <PromptDialog open title="Enter A File Name" defaultValue="a.txt" onSubmit={onSubmit} onCancel={onCancel} />,
    )
    await user.click(await screen.findByRole('button', { name: 'cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('given validateOnChange, then a bad name is flagged as it is typed, before any submit, and clears once fixed', async () => {
    const onSubmit = vi.fn()
    const noSlash = (value: string) => (value.includes('/') ? 'Name must not contain "/"' : undefined)
    const { user } = setup(
      <PromptDialog
        open
        title="Enter Folder Name"
        validate={noSlash}
        validateOnChange
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    )
    const input = await screen.findByRole('textbox', { name: 'Enter Folder Name' })
    await user.type(input, 'Bulk / Test')
    expect(screen.getByRole('alert').textContent).toBe('Name must not contain "/"')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await user.clear(input)
    await user.type(input, 'Bulk Test')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('Bulk Test')
  })

  it('given an outside error (the server refused), then it shows inline, focuses the field, and clears when the user edits', async () => {
    const { user, rerender } = setup(
      <PromptDialog open title="Enter Folder Name" defaultValue="Taxes" onSubmit={() => {}} onCancel={() => {}} />,
    )
    const input = await screen.findByRole('textbox', { name: 'Enter Folder Name' })
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    rerender(
      <PromptDialog
        open
        title="Enter Folder Name"
        defaultValue="Taxes"
        error="Folder name is taken"
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Folder name is taken')
    await waitFor(() => expect(document.activeElement).toBe(input))
    await expectNoAxeViolations()
    await user.type(input, '2')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
