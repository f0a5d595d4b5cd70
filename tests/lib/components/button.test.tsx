import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button, buttonSizes, buttonVariants, IconButton } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('Button', () => {
  it('is a native button of type button, named by its text, merging className and forwarding props', () => {
    setup(
      <Button className="extra" data-testid="b">
        Upload Files
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Upload Files' })
    expect(button.tagName).toBe('BUTTON')
    expect(button.getAttribute('type')).toBe('button')
    expect(button.className).toContain('extra')
    expect(button.dataset.testid).toBe('b')
  })

  it('given a click, Enter or Space, then it fires onClick each time', async () => {
    const onClick = vi.fn()
    const { user } = setup(<Button onClick={onClick}>Confirm</Button>)
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    await user.tab()
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }))
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onClick).toHaveBeenCalledTimes(3)
  })

  it('given disabled, then it cannot be pressed or focused', async () => {
    const onClick = vi.fn()
    // Skips user-event's pointer-events check: Ariakit sets pointer-events none, we click anyway.
    const { user } = setup(
      <Button disabled onClick={onClick}>
        Confirm
      </Button>,
      { pointerEventsCheck: 0 },
    )
    const button = screen.getByRole('button', { name: 'Confirm' })
    await user.click(button)
    await user.tab()
    expect(onClick).not.toHaveBeenCalled()
    expect(document.activeElement).not.toBe(button)
  })

  it('given loading, then it is busy, still focusable, and ignores presses', async () => {
    const onClick = vi.fn()
    const { user } = setup(
      <Button loading onClick={onClick}>
        Confirm
      </Button>,
      { pointerEventsCheck: 0 },
    )
    const button = screen.getByRole('button', { name: 'Confirm' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await user.tab()
    expect(document.activeElement).toBe(button)
    await user.keyboard('{Enter}')
    await user.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('renders every variant and size without axe violations', async () => {
    setup(
      <div>
        {buttonVariants.flatMap((variant) =>
          buttonSizes.map((size) => (
            <Button key={`${variant}-${size}`} variant={variant} size={size} icon="upload">
              {`${variant} ${size}`}
            </Button>
          )),
        )}
      </div>,
    )
    expect(screen.getAllByRole('button')).toHaveLength(buttonVariants.length * buttonSizes.length)
    await expectNoAxeViolations()
  })
})

describe('IconButton', () => {
  it('is named by its label and draws a hidden icon', async () => {
    const onClick = vi.fn()
    const { user } = setup(<IconButton icon="close" label="Close" onClick={onClick} />)
    const button = screen.getByRole('button', { name: 'Close' })
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    await user.click(button)
    expect(onClick).toHaveBeenCalledOnce()
    await expectNoAxeViolations()
  })
})
