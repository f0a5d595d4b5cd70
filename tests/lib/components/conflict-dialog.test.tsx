import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConflictDialog, deMessages, LocaleProvider } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

describeModal('ConflictDialog', {
  role: 'alertdialog',
  name: '“report.pdf” already exists',
  render: (close) => <ConflictDialog open name="report.pdf" count={3} onChoose={close} onCancel={close} />,
})

describe('ConflictDialog', () => {
  it('names the clash, says Replace keeps a version, offers the three choices and focuses the first', async () => {
    setup(<ConflictDialog open name="report.pdf" keptName="report (1).pdf" onChoose={() => {}} onCancel={() => {}} />)
    const dialog = await screen.findByRole('alertdialog', { name: '“report.pdf” already exists' })
    expect(dialog.textContent).toContain('keeps the current content as an earlier version')
    expect(dialog.textContent).toContain('saves the new one as “report (1).pdf”')
    const choices = [...dialog.querySelectorAll('[data-choice]')].map((b) => b.textContent)
    expect(choices).toEqual(['Replace', 'Keep both', 'Skip'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace' }))
    // One clash: nothing to apply to the others.
    expect(screen.queryByRole('checkbox')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given each choice, then onChoose gets it, not for all', async () => {
    const onChoose = vi.fn()
    const { user } = setup(<ConflictDialog open name="a.txt" onChoose={onChoose} onCancel={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Keep both' }))
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await user.click(screen.getByRole('button', { name: 'Replace' }))
    expect(onChoose.mock.calls).toEqual([
      ['keep-both', false],
      ['skip', false],
      ['replace', false],
    ])
  })

  it('given several clashes, then "Do this for all N conflicts" is offered and a ticked one comes with the choice, by keyboard', async () => {
    const onChoose = vi.fn()
    const { user } = setup(<ConflictDialog open name="a.txt" count={4} onChoose={onChoose} onCancel={() => {}} />)
    const all = await screen.findByRole('checkbox', { name: 'Do this for all 4 conflicts' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace' }))
    all.focus()
    await user.keyboard(' ')
    expect((all as HTMLInputElement).checked).toBe(true)
    screen.getByRole('button', { name: 'Skip' }).focus()
    await user.keyboard('{Enter}')
    expect(onChoose).toHaveBeenCalledWith('skip', true)
  })

  it('given Escape or the close button, then onCancel runs (the whole upload is called off), never onChoose', async () => {
    const onChoose = vi.fn()
    const onCancel = vi.fn()
    const { user } = setup(<ConflictDialog open name="a.txt" count={2} onChoose={onChoose} onCancel={onCancel} />)
    await screen.findByRole('alertdialog')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(onCancel).toHaveBeenCalledTimes(2)
    expect(onChoose).not.toHaveBeenCalled()
  })

  it('given custom labels, then it uses them', async () => {
    setup(
      <ConflictDialog
        open
        name="a.txt"
        count={2}
        labels={{ replace: 'Overwrite', applyToAll: (n) => `Same for the other ${n - 1}` }}
        onChoose={() => {}}
        onCancel={() => {}}
      />,
    )
    expect(await screen.findByRole('button', { name: 'Overwrite' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Same for the other 1' })).toBeTruthy()
  })

  it('given the German messages, then every text is German', async () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <ConflictDialog open name="a.txt" count={2} onChoose={() => {}} onCancel={() => {}} />
      </LocaleProvider>,
    )
    expect(await screen.findByRole('alertdialog', { name: '„a.txt“ ist schon vorhanden' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Beide behalten' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'Für alle 2 Konflikte übernehmen' })).toBeTruthy()
  })
})
