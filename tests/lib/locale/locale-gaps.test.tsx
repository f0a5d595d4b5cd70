import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  deMessages,
  localizeDigits,
  LocaleProvider,
  MultiSelectBar,
  SearchBar,
  UploadPanel,
  uploadPanelTimeLeft,
  uploadPanelTitle,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const noop = () => {}
// What Intl itself writes for a number in a locale: the oracle for "the locale's digits".
const intl = (n: number, locale: string) => new Intl.NumberFormat(locale, { useGrouping: false }).format(n)

describe('SearchBar texts from the messages', () => {
  it('takes its placeholder and accessible name from the German messages', async () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <SearchBar onSubmit={noop} />
      </LocaleProvider>,
    )
    const field = screen.getByRole('combobox', { name: 'Suchen' })
    expect(field.getAttribute('placeholder')).toBe('Suchen')
    await expectNoAxeViolations()
  })

  it('keeps English without a provider, and its own props first', () => {
    const { rerender } = setup(<SearchBar onSubmit={noop} />)
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy()
    rerender(
      <LocaleProvider messages={deMessages}>
        <SearchBar onSubmit={noop} placeholder="Medien suchen" />
      </LocaleProvider>,
    )
    expect(screen.getByRole('combobox', { name: 'Medien suchen' })).toBeTruthy()
  })
})

describe("numbers in labels use the locale's digits", () => {
  it('localizeDigits writes Arabic-Indic digits in ar-EG and leaves en-US and de-DE alone', () => {
    expect(localizeDigits('3 selected', 'ar-EG')).toBe(`${intl(3, 'ar-EG')} selected`)
    expect(localizeDigits('12 of 340', 'ar-EG')).toBe(`${intl(12, 'ar-EG')} of ${intl(340, 'ar-EG')}`)
    expect(intl(3, 'ar-EG')).not.toBe('3')
    expect(localizeDigits('12 of 340', 'en-US')).toBe('12 of 340')
    expect(localizeDigits('12 von 340', 'de-DE')).toBe('12 von 340')
  })

  it('the multi-select bar counts in ar-EG', () => {
    setup(
      <LocaleProvider locale="ar-EG">
        <div dir="rtl">
          <MultiSelectBar count={12} onClose={noop} />
        </div>
      </LocaleProvider>,
    )
    expect(screen.getByText(`${intl(12, 'ar-EG')} selected`)).toBeTruthy()
    expect(screen.queryByText('12 selected')).toBeNull()
  })

  it("the upload panel's title and time left in ar-EG; file names keep their digits", () => {
    const items = [
      {
        id: '1',
        name: 'IMG_2024.jpg',
        type: 'file' as const,
        progress: 40,
        state: 'running' as const,
        secondsLeft: 150,
      },
      { id: '2', name: 'b.jpg', type: 'file' as const, progress: 10, state: 'running' as const, secondsLeft: 30 },
    ]
    setup(
      <LocaleProvider locale="ar-EG">
        <UploadPanel items={items} onCancel={noop} onClose={noop} />
      </LocaleProvider>,
    )
    const counts = { running: 2, paused: 0, retrying: 0, completed: 0, failed: 0, canceled: 0, skipped: 0 }
    const title = uploadPanelTitle(counts)
    expect(title).toMatch(/2/)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title.replace('2', intl(2, 'ar-EG')))
    const left = uploadPanelTimeLeft(150)
    expect(screen.getByText(left.replace(/[0-9]+/g, (n) => intl(Number(n), 'ar-EG')))).toBeTruthy()
    expect(screen.getByText('IMG_2024.jpg')).toBeTruthy()
  })
})
