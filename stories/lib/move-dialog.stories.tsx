import { type ReactNode, useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, MoveDialog, type MoveFolder, moveSearchDelayMs, vars } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const folders: MoveFolder[] = [
  { id: 'p', name: 'Photos' },
  { id: 'w', name: 'Work' },
  { id: 'm', name: 'Music' },
  { id: 'd', name: 'Documents' },
]

const many: MoveFolder[] = Array.from({ length: 14 }, (_, i) => ({
  id: `f${i}`,
  name: `Project ${String(i + 1).padStart(2, '0')}`,
}))

// A small tree for the interactive stories: Photos holds 2023 and 2024.
const tree: Record<string, MoveFolder[]> = {
  root: folders,
  p: [
    { id: 'p23', name: '2023' },
    { id: 'p24', name: '2024' },
  ],
}

const meta = preview.meta({
  title: 'Library/MoveDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: MoveDialog,
  args: {
    open: true,
    folders,
    currentFolder: null,
    onSearch: fn(),
    onBack: fn(),
    onHome: fn(),
    onEnter: fn(),
    onConfirm: fn(),
    onClose: fn(),
  },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Move' })
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  // Past the 200 ms fade, so what it shows counts as visible.
  await waitFor(() => expect(getComputedStyle(dialog).opacity).toBe('1'))
  return dialog
}
const opened = async () => {
  await waitForOpen()
}

/** A 360×640 phone: a modal rendered in place (portal={false}) is laid out inside its transform. */
function Phone({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        position: 'relative',
        width: 360,
        height: 640,
        transform: 'translateZ(0)',
        overflow: 'hidden',
        outline: `1px solid ${vars.color.border}`,
      }}
    >
      {children}
    </div>
  )
}

export const Playground = meta.story({})

/** At the root: search, back (disabled), home, "Home", the folders and "Move to home". */
export const States = meta.story({ parameters: viewportShot, play: opened })

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Inside a folder with a folder selected: "Move to Work". */
export const StatesSelected = meta.story({
  parameters: viewportShot,
  args: { currentFolder: { id: 'x', name: 'Archive' } },
  play: async ({ userEvent }) => {
    await waitForOpen()
    await userEvent.click(screen.getByRole('option', { name: 'Work' }))
    await expect(screen.getByText('Move to Work')).toBeVisible()
  },
})

export const StatesSelectedDark = StatesSelected.extend({ globals: { theme: 'dark' } })

/** The current folder itself selected (its name clicked). */
export const StatesCurrentSelected = meta.story({
  parameters: viewportShot,
  args: { currentFolder: { id: 'p', name: 'Photos' }, folders: tree.p },
  play: async ({ userEvent }) => {
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Photos' }))
    await expect(screen.getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'true')
  },
})

/** The folder list loading: a spinner in the 230 px box. */
export const StatesLoading = States.extend({ args: { loading: true } })

/** A folder without subfolders. */
export const StatesEmpty = States.extend({ args: { folders: [], currentFolder: { id: 'e', name: 'Empty folder' } } })

/** Moving: Confirm busy. */
export const StatesBusy = States.extend({ args: { busy: true } })

/** Several items: no search input. */
export const StatesMultiSelect = States.extend({ args: { multiSelect: true } })

/** Many folders (the list scrolls) and long names (ellipsis in the list, wrapping in the summary). */
export const StatesManyLongNames = meta.story({
  parameters: viewportShot,
  args: {
    currentFolder: { id: 'l', name: 'Client projects and deliverables for the whole of the financial year 2024' },
    folders: [{ id: 'long', name: 'A folder name that is far too long to fit on one line of the list' }, ...many],
  },
  play: async ({ userEvent }) => {
    await waitForOpen()
    await userEvent.click(screen.getByRole('option', { name: /far too long/ }))
  },
})

/** A narrow viewport (360 px phone). */
export const StatesNarrow = meta.story({
  render: (args) => (
    <Phone>
      <MoveDialog {...args} portal={false} currentFolder={{ id: 'p', name: 'Photos' }} folders={many} />
    </Phone>
  ),
  play: opened,
})

export const StatesNarrowDark = StatesNarrow.extend({ globals: { theme: 'dark' } })

/**
 * Rendered under a subtree that is right to left and dark, on a light left-to-right page: the
 * dialog, portalled to <body>, still lays out right to left and dark.
 */
export const StatesSubtreeRtlDark = meta.story({
  parameters: viewportShot,
  render: (args) => (
    <div dir="rtl" data-theme="dark" data-testid="embed">
      <MoveDialog {...args} currentFolder={{ id: 'p', name: 'Photos' }} />
    </div>
  ),
  play: async () => {
    const dialog = await waitForOpen()
    await expect(screen.getByTestId('embed')).not.toContainElement(dialog)
    await expect(getComputedStyle(dialog).direction).toBe('rtl')
    await expect(dialog.closest('[data-theme]')).toHaveAttribute('data-theme', 'dark')
    // The dark surface, not the light one.
    await expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(31, 35, 44)')
  },
})

/** A harness that browses the small tree, as the app would. */
function Browser(args: Parameters<typeof MoveDialog>[0]) {
  const [open, setOpen] = useState(false)
  const [path, setPath] = useState<MoveFolder[]>([])
  const current = path.at(-1) ?? null
  return (
    <>
      <Button onClick={() => setOpen(true)}>Move</Button>
      <MoveDialog
        {...args}
        open={open}
        currentFolder={current}
        folders={tree[current?.id ?? 'root'] ?? []}
        onEnter={(folder) => {
          args.onEnter(folder)
          setPath([...path, folder])
        }}
        onBack={() => {
          args.onBack()
          setPath(path.slice(0, -1))
        }}
        onHome={() => {
          args.onHome()
          setPath([])
        }}
        onConfirm={(destination) => {
          args.onConfirm(destination)
          setOpen(false)
        }}
        onClose={() => {
          args.onClose?.()
          setOpen(false)
        }}
      />
    </>
  )
}

/** Pointer: a click selects, a second click within 1.5 s enters; back, then confirm the selection. */
export const Pointer = meta.story({
  args: { open: false },
  render: (args) => <Browser {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: 'Move' })
    await userEvent.click(opener)
    await waitForOpen()
    await userEvent.click(screen.getByRole('option', { name: 'Photos' }))
    await expect(screen.getByRole('option', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true')
    await expect(args.onEnter).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('option', { name: 'Photos' }))
    await expect(args.onEnter).toHaveBeenCalledWith(folders[0])
    await expect(await screen.findByRole('option', { name: '2024' })).toBeVisible()
    await expect(screen.getByText('Move to Photos')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Music' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await expect(args.onConfirm).toHaveBeenCalledWith(folders[2])
    await waitFor(() => expect(opener).toHaveFocus())
  },
})

/** Keyboard: arrows in the list, Enter selects, ArrowRight enters; the search is sent 500 ms after typing stops. */
export const Keyboard = meta.story({
  args: { open: false },
  render: (args) => <Browser {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Move' }))
    await waitForOpen()
    const search = screen.getByRole('searchbox', { name: 'Search folders' })
    await waitFor(() => expect(search).toHaveFocus())
    await userEvent.keyboard('pho')
    await expect(args.onSearch).not.toHaveBeenCalled()
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('pho'), { timeout: moveSearchDelayMs + 1000 })
    await expect(args.onSearch).toHaveBeenCalledOnce()
    screen.getByRole('option', { name: 'Photos' }).focus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(screen.getByRole('option', { name: 'Work' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowUp}{ArrowRight}')
    await expect(args.onEnter).toHaveBeenCalledWith(folders[0])
    await expect(await screen.findByText('Move to Photos')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onClose).toHaveBeenCalledOnce()
  },
})
