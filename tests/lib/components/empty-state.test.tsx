import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button, EmptyState, emptyStateIllustrations } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('EmptyState', () => {
  it('names the empty view with a heading, says what to do next and offers the action', async () => {
    const { user } = setup(
      <EmptyState
        illustration="trash"
        title="Trash is empty"
        description="Deleted files stay here for 30 days"
        action={<Button onClick={() => (document.body.dataset.clicked = 'yes')}>Go home</Button>}
      />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Trash is empty' })).toBeTruthy()
    expect(screen.getByText('Deleted files stay here for 30 days')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Go home' }))
    expect(document.body.dataset.clicked).toBe('yes')
    await expectNoAxeViolations()
  })

  it('draws every illustration as a decorative picture, hidden from assistive technology', () => {
    const { container } = setup(
      <>
        {emptyStateIllustrations.map((name) => (
          <EmptyState key={name} illustration={name} title={name} headingLevel={3} />
        ))}
      </>,
    )
    const pictures = container.querySelectorAll('svg[data-illustration]')
    expect([...pictures].map((svg) => svg.getAttribute('data-illustration'))).toEqual([...emptyStateIllustrations])
    for (const svg of pictures) expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(emptyStateIllustrations.length)
  })

  it('without an illustration or description, renders only the title', () => {
    const { container } = setup(<EmptyState title="No results" className="extra" data-testid="empty" />)
    expect(container.querySelector('svg')).toBeNull()
    expect(container.querySelector('p')).toBeNull()
    expect(screen.getByTestId('empty').className).toContain('extra')
  })
})
