import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExtensionBadge, Icon, iconNames, ProgressBar, Spinner } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('Spinner', () => {
  it('is a status named "Loading" by default, or by its label', async () => {
    setup(
      <>
        <Spinner />
        <Spinner label="Loading files" size="large" />
      </>,
    )
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Loading files' })).toBeTruthy()
    await expectNoAxeViolations()
  })
})

describe('ProgressBar', () => {
  it('given a value, then it is a determinate progressbar from 0 to 100', () => {
    setup(<ProgressBar label="photo.jpg" value={42.4} />)
    const bar = screen.getByRole('progressbar', { name: 'photo.jpg' })
    expect(bar.getAttribute('aria-valuemin')).toBe('0')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
    expect(bar.getAttribute('aria-valuenow')).toBe('42')
    expect(bar.dataset.state).toBe('loading')
  })

  it('given a value outside 0–100, then it is clamped', () => {
    setup(
      <>
        <ProgressBar label="over" value={140} />
        <ProgressBar label="under" value={-3} />
      </>,
    )
    expect(screen.getByRole('progressbar', { name: 'over' }).getAttribute('aria-valuenow')).toBe('100')
    expect(screen.getByRole('progressbar', { name: 'over' }).dataset.state).toBe('complete')
    expect(screen.getByRole('progressbar', { name: 'under' }).getAttribute('aria-valuenow')).toBe('0')
  })

  it('given no value (a folder upload), then it is indeterminate: no aria-valuenow', async () => {
    setup(<ProgressBar label="Holiday photos" />)
    const bar = screen.getByRole('progressbar', { name: 'Holiday photos' })
    expect(bar.hasAttribute('aria-valuenow')).toBe(false)
    expect(bar.dataset.state).toBe('indeterminate')
    await expectNoAxeViolations()
  })
})

describe('ExtensionBadge', () => {
  it('shows the SPEC badge text and the palette colour of the first letter', () => {
    setup(
      <>
        <ExtensionBadge filename="Quarterly report.pdf" data-testid="pdf" />
        <ExtensionBadge filename="notes.docx" max={3} data-testid="docx" />
        <ExtensionBadge filename="LICENSE" data-testid="none" />
      </>,
    )
    expect(screen.getByTestId('pdf').textContent).toBe('PDF')
    expect(screen.getByTestId('pdf').style.backgroundColor).toBe('var(--cumulus-color-badge-p)')
    expect(screen.getByTestId('docx').textContent).toBe('DOX')
    expect(screen.getByTestId('none').textContent).toBe('UNK')
    expect(screen.getByTestId('none').style.backgroundColor).toBe('var(--cumulus-color-badge-default)')
  })
})

describe('Icon', () => {
  it('is hidden from assistive technology unless labelled', () => {
    const { container } = setup(
      <>
        <Icon name="folder" />
        <Icon name="error" label="Error" />
      </>,
    )
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    expect(screen.getByRole('img', { name: 'Error' })).toBeTruthy()
  })

  it('draws every name of the set, including the ones the spec screens need', () => {
    const needed = [
      'folder',
      'file',
      'upload',
      'plus',
      'trash',
      'restore',
      'move',
      'download',
      'share',
      'close',
      'check',
      'error',
      'menu',
      'search',
      'settings',
      'chevron-left',
      'chevron-right',
      'home',
      'grid',
      'list',
      'sort-asc',
      'sort-desc',
      'play',
      'more-vertical',
      'copy',
      'link',
      'minimize',
      'pause',
      'retry',
    ] as const
    expect(iconNames).toEqual(expect.arrayContaining([...needed]))
    const { container } = setup(
      <>
        {iconNames.map((name) => (
          <Icon key={name} name={name} />
        ))}
      </>,
    )
    for (const svg of container.querySelectorAll('svg'))
      expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M/)
  })
})
