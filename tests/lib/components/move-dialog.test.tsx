import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  MoveDialog,
  type MoveDialogProps,
  moveDestination,
  moveEnterWindowMs,
  type MoveFolder,
  moveSearchDelayMs,
  moveSummary,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

const photos: MoveFolder = { id: 'p', name: 'Photos' }
const work: MoveFolder = { id: 'w', name: 'Work' }
const music: MoveFolder = { id: 'm', name: 'Music' }

const noop = () => {}
const props = (patch: Partial<MoveDialogProps> = {}): MoveDialogProps => ({
  open: true,
  folders: [photos, work, music],
  currentFolder: null,
  onSearch: noop,
  onBack: noop,
  onHome: noop,
  onEnter: noop,
  onConfirm: noop,
  onClose: noop,
  ...patch,
})

describeModal('MoveDialog', {
  role: 'dialog',
  name: 'Move',
  render: (close) => <MoveDialog {...props({ onClose: close })} />,
})

afterEach(() => {
  vi.useRealTimers()
})

describe('moveDestination and moveSummary', () => {
  it('pick the selected folder, else the current one, else the root; and word the summary', () => {
    expect(moveDestination(work, photos)).toBe(work)
    expect(moveDestination(null, photos)).toBe(photos)
    expect(moveDestination(undefined, null)).toBeNull()
    expect(moveSummary(work)).toBe('Move to Work')
    expect(moveSummary(null)).toBe('Move to home')
  })
})

describe('MoveDialog', () => {
  it('at the root: "Home", the folder list, "Move to home", and Confirm sends the root (null)', async () => {
    const onConfirm = vi.fn()
    const { user } = setup(<MoveDialog {...props({ onConfirm })} />)
    await screen.findByRole('dialog', { name: 'Move' })
    expect(screen.getByRole('button', { name: 'Home', pressed: false })).toBeTruthy()
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Photos', 'Work', 'Music'])
    expect(screen.getByText('Move to home')).toBeTruthy()
    // Disabled yet focusable (aria-disabled), so focus never falls from it to <body>.
    expect(screen.getByRole('button', { name: 'Back' }).getAttribute('aria-disabled')).toBe('true')
    await expectNoAxeViolations()
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledWith(null)
  })

  it('given a click on a folder, then it is selected, the summary names it and Confirm sends it', async () => {
    const onConfirm = vi.fn()
    const onEnter = vi.fn()
    const { user } = setup(<MoveDialog {...props({ onConfirm, onEnter })} />)
    await user.click(await screen.findByRole('option', { name: 'Work' }))
    expect(screen.getByRole('option', { name: 'Work', selected: true })).toBeTruthy()
    expect(screen.getByText('Move to Work')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledWith(work)
    expect(onEnter).not.toHaveBeenCalled()
  })

  it('given a second click on the same folder within 1.5 s, then it enters it; after 1.5 s it only selects again', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const onEnter = vi.fn()
    setup(<MoveDialog {...props({ onEnter })} />)
    const option = screen.getByRole('option', { name: 'Photos' })
    fireEvent.click(option)
    vi.advanceTimersByTime(moveEnterWindowMs + 1)
    fireEvent.click(option)
    expect(onEnter).not.toHaveBeenCalled()
    vi.advanceTimersByTime(moveEnterWindowMs)
    fireEvent.click(option)
    expect(onEnter).toHaveBeenCalledWith(photos)
  })

  it('given a click on another folder in between, then the second click does not enter', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const onEnter = vi.fn()
    setup(<MoveDialog {...props({ onEnter })} />)
    fireEvent.click(screen.getByRole('option', { name: 'Photos' }))
    fireEvent.click(screen.getByRole('option', { name: 'Work' }))
    fireEvent.click(screen.getByRole('option', { name: 'Photos' }))
    expect(onEnter).not.toHaveBeenCalled()
  })

  it('given the keyboard, then arrows move through the folders, Enter selects, Enter again enters, ArrowRight enters', async () => {
    const onEnter = vi.fn()
    const { user } = setup(<MoveDialog {...props({ onEnter })} />)
    const first = await screen.findByRole('option', { name: 'Photos' })
    first.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Work' }))
    await user.keyboard('{Enter}')
    expect(screen.getByRole('option', { name: 'Work', selected: true })).toBeTruthy()
    await user.keyboard('{Enter}')
    expect(onEnter).toHaveBeenLastCalledWith(work)
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(onEnter).toHaveBeenLastCalledWith(music)
  })

  it('given ArrowLeft or ArrowRight in the list, then they go back and in, never to another row', async () => {
    const onEnter = vi.fn()
    const onBack = vi.fn()
    const { user } = setup(
      <MoveDialog {...props({ currentFolder: photos, folders: [work, music], onEnter, onBack })} />,
    )
    const first = await screen.findByRole('option', { name: 'Work' })
    first.focus()
    await user.keyboard('{ArrowLeft}')
    expect(onBack).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(first)
    await user.keyboard('{ArrowRight}')
    expect(onEnter).toHaveBeenLastCalledWith(work)
    expect(document.activeElement).toBe(first)
  })

  it('given ArrowLeft at the root, then nothing happens and focus stays', async () => {
    const onBack = vi.fn()
    const { user } = setup(<MoveDialog {...props({ onBack })} />)
    const first = await screen.findByRole('option', { name: 'Photos' })
    first.focus()
    await user.keyboard('{ArrowLeft}')
    expect(onBack).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(first)
  })

  it('inside a folder: its name, Back, Home; clicking the name selects it; the destination falls back to it', async () => {
    const onBack = vi.fn()
    const onHome = vi.fn()
    const onConfirm = vi.fn()
    const { user } = setup(
      <MoveDialog {...props({ currentFolder: photos, folders: [work], onBack, onHome, onConfirm })} />,
    )
    expect(await screen.findByText('Move to Photos')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Photos' }))
    expect(screen.getByRole('button', { name: 'Photos', pressed: true })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Go to Home' }))
    expect(onHome).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(onConfirm).toHaveBeenCalledWith(photos)
  })

  it('given the current folder changes, then the selection made in the old one is dropped', async () => {
    function Browse() {
      const [current, setCurrent] = useState<MoveFolder | null>(null)
      return (
        <MoveDialog
          {...props({ currentFolder: current, folders: current ? [music] : [photos, work], onEnter: setCurrent })}
        />
      )
    }
    const { user } = setup(<Browse />)
    await user.click(await screen.findByRole('option', { name: 'Work' }))
    expect(screen.getByText('Move to Work')).toBeTruthy()
    await user.dblClick(screen.getByRole('option', { name: 'Photos' }))
    expect(await screen.findByRole('option', { name: 'Music', selected: false })).toBeTruthy()
    expect(screen.getByText('Move to Photos')).toBeTruthy()
  })

  it('given a folder was entered by two clicks and the user comes back, then nothing is selected there', async () => {
    function Browse() {
      const [current, setCurrent] = useState<MoveFolder | null>(null)
      return (
        <MoveDialog
          {...props({
            currentFolder: current,
            folders: current ? [music] : [photos, work],
            onEnter: setCurrent,
            onHome: () => setCurrent(null),
          })}
        />
      )
    }
    const { user } = setup(<Browse />)
    await user.dblClick(await screen.findByRole('option', { name: 'Work' }))
    expect(await screen.findByRole('option', { name: 'Music' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Go to Home' }))
    expect(await screen.findByRole('option', { name: 'Work', selected: false })).toBeTruthy()
    expect(screen.getByText('Move to home')).toBeTruthy()
  })

  it('debounces the search: onSearch runs once, 500 ms after the last keystroke', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const onSearch = vi.fn()
    setup(<MoveDialog {...props({ onSearch })} />)
    const input = screen.getByRole('searchbox', { name: 'Search folders' })
    expect(input.getAttribute('placeholder')).toBe('Search')
    fireEvent.change(input, { target: { value: 'ph' } })
    act(() => vi.advanceTimersByTime(moveSearchDelayMs - 100))
    fireEvent.change(input, { target: { value: 'pho' } })
    act(() => vi.advanceTimersByTime(moveSearchDelayMs - 1))
    expect(onSearch).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(onSearch).toHaveBeenCalledWith('pho')
    // Nothing more without a change.
    act(() => vi.advanceTimersByTime(5000))
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('given Home while a search is typed, then the text clears without a late search', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const onSearch = vi.fn()
    const onHome = vi.fn()
    setup(<MoveDialog {...props({ onSearch, onHome })} />)
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search folders' })
    fireEvent.change(input, { target: { value: 'wo' } })
    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }))
    act(() => vi.advanceTimersByTime(moveSearchDelayMs * 2))
    expect(input.value).toBe('')
    expect(onSearch).not.toHaveBeenCalled()
    expect(onHome).toHaveBeenCalledOnce()
  })

  it('given it opens, then focus starts in the search field', async () => {
    setup(<MoveDialog {...props()} />)
    const input = await screen.findByRole('searchbox', { name: 'Search folders' })
    await waitFor(() => expect(document.activeElement).toBe(input))
  })

  it('given a folder is entered from the keyboard, then focus stays in the dialog, on the row naming the new folder', async () => {
    function Browse() {
      const [current, setCurrent] = useState<MoveFolder | null>(null)
      return (
        <MoveDialog
          {...props({ currentFolder: current, folders: current ? [music] : [photos, work], onEnter: setCurrent })}
        />
      )
    }
    const { user } = setup(<Browse />)
    ;(await screen.findByRole('option', { name: 'Photos' })).focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photos' })))
  })

  it("given the focused folder leaves only when the entered folder's list arrives, then focus goes to the row naming it, never to <body>", async () => {
    // As the app does: entering changes the current folder at once, its folders come later.
    function Browse({ arrived }: { arrived: boolean }) {
      const [current, setCurrent] = useState<MoveFolder | null>(null)
      return (
        <MoveDialog
          {...props({
            currentFolder: current,
            folders: current && arrived ? [music] : [photos, work],
            onEnter: setCurrent,
          })}
        />
      )
    }
    const { user, rerender } = setup(<Browse arrived={false} />)
    ;(await screen.findByRole('option', { name: 'Photos' })).focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Photos' }))
    rerender(<Browse arrived />)
    expect(screen.queryByRole('option', { name: 'Photos' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photos' })))
  })

  describe('given Tab and Shift+Tab walk the dialog while the app re-renders it', () => {
    // What has focus, by role and name ("body" past an end: the browser's own UI in a real window).
    const focused = () => {
      const active = document.activeElement as HTMLElement
      if (active === document.body) return 'body'
      return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.textContent}`
    }
    // Each key press re-renders the dialog (an app's state or data refresh), then a frame passes.
    const press = async (user: ReturnType<typeof setup>['user'], rerender: () => void, shift: boolean) => {
      await user.tab({ shift })
      rerender()
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      return focused()
    }

    for (const [state, patch, firstFolder] of [
      ['at the root', {}, 'Photos'],
      ['inside a folder', { currentFolder: photos, folders: [work, music] }, 'Work'],
      ['moving several items (no search)', { multiSelect: true }, 'Photos'],
    ] as const) {
      it(`${state}, then Shift+Tab from Close reaches Confirm and the folder list: the reverse of Tab`, async () => {
        let renders = 0
        const dialog = () => <MoveDialog {...props(patch)} data-render={renders} />
        const { user, rerender } = setup(dialog())
        const again = () => {
          renders++
          rerender(dialog())
        }
        const close = await screen.findByRole('button', { name: 'Close' })
        await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
        close.focus()
        const forward = [focused()]
        do forward.push(await press(user, again, false))
        while (forward.at(-1) !== 'button:Close' && forward.length < 20)
        close.focus()
        const backward = [focused()]
        while (backward.length < forward.length) backward.push(await press(user, again, true))
        expect(backward.slice(1, 3)).toEqual(['body', 'button:Confirm'])
        expect(backward[3]).toBe(`option:${firstFolder}`)
        expect(backward).toEqual([...forward].reverse())
      })
    }
  })

  it('given Back from the keyboard reaches the root, then Back is disabled but keeps focus', async () => {
    function Browse() {
      const [current, setCurrent] = useState<MoveFolder | null>(photos)
      return <MoveDialog {...props({ currentFolder: current, onBack: () => setCurrent(null) })} />
    }
    const { user } = setup(<Browse />)
    const back = await screen.findByRole('button', { name: 'Back' })
    back.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('button', { name: 'Home', pressed: false })
    // aria-disabled, not disabled: a disabled button would drop focus on <body>.
    expect(back.getAttribute('aria-disabled')).toBe('true')
    expect(back.hasAttribute('disabled')).toBe(false)
    expect(document.activeElement).toBe(back)
  })

  it('given multiSelect, then there is no search input', async () => {
    setup(<MoveDialog {...props({ multiSelect: true })} />)
    await screen.findByRole('dialog', { name: 'Move' })
    expect(screen.queryByRole('searchbox')).toBeNull()
  })

  it('given loading, then a spinner replaces the list; given no folders, then "No Folders"', async () => {
    const { rerender } = setup(<MoveDialog {...props({ loading: true })} />)
    expect(await screen.findByRole('status', { name: 'Loading folders' })).toBeTruthy()
    expect(screen.queryByRole('listbox')).toBeNull()
    rerender(<MoveDialog {...props({ folders: [] })} />)
    expect(screen.getByText('No Folders')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given busy, then Confirm is busy and does not confirm again', async () => {
    const onConfirm = vi.fn()
    const { user } = setup(<MoveDialog {...props({ busy: true, onConfirm })} />, { pointerEventsCheck: 0 })
    const confirm = await screen.findByRole('button', { name: 'Confirm' })
    expect(confirm.getAttribute('aria-busy')).toBe('true')
    expect(confirm.getAttribute('aria-disabled')).toBe('true')
    await user.click(confirm)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('given the close icon, then onClose runs and focus can come back', async () => {
    const onClose = vi.fn()
    const { user } = setup(<MoveDialog {...props({ onClose })} />)
    await user.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
  })
})
