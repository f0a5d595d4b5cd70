import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deMessages, formatExposure, LocaleProvider, PhotoInfo } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const facts = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  )

describe('PhotoInfo', () => {
  it('lists the date taken, camera, lens, exposure, dimensions, size and a map link', async () => {
    setup(
      <LocaleProvider timeZone="UTC">
        <PhotoInfo
          takenDate="2024-07-14T09:30:00Z"
          camera="Pixel 8"
          lens="Pixel 8 back camera 6.9mm f/1.68"
          exposureTime={0.004}
          fNumber={1.8}
          iso={100}
          focalLength={26}
          width={4032}
          height={3024}
          size={3_250_000}
          gps={{ latitude: 48.858_37, longitude: 2.294_48 }}
        />
      </LocaleProvider>,
    )
    const pane = screen.getByRole('region', { name: 'Info' })
    expect(facts()).toEqual({
      Taken: '07/14/2024, 09:30 AM',
      Camera: 'Pixel 8',
      Lens: 'Pixel 8 back camera 6.9mm f/1.68',
      Exposure: '1/250 s · f/1.8 · ISO 100 · 26 mm',
      Dimensions: '4032 × 3024',
      Size: '3.1 MB',
      Location: '48.85837, 2.29448 Show on map',
    })
    const link = within(pane).getByRole('link', { name: 'Show on map' })
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=48.85837&mlon=2.29448')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener')
    await expectNoAxeViolations()
  })

  it('given only some facts, then only those show; none at all says so; loading shows a spinner', () => {
    const { rerender } = setup(<PhotoInfo width={800} height={600} />)
    expect(facts()).toEqual({ Dimensions: '800 × 600' })
    expect(screen.queryByRole('link')).toBeNull()
    rerender(<PhotoInfo />)
    expect(screen.getByText('No details are known for this photo.')).toBeTruthy()
    rerender(<PhotoInfo loading width={800} height={600} />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.queryByRole('term')).toBeNull()
  })

  it('given German, then the labels and numbers are German', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <PhotoInfo exposureTime={2.5} fNumber={2.8} focalLength={4.5} width={4032} height={3024} size={1536} />
      </LocaleProvider>,
    )
    expect(facts()).toEqual({ Belichtung: '2,5 s · f/2,8 · 4,5 mm', Abmessungen: '4032 × 3024', Größe: '1,5 KB' })
  })

  it('formats the exposure from what is known, leaving out what is not', () => {
    expect(formatExposure({ exposureTime: 1 / 60 }, 'en-US')).toBe('1/60 s')
    expect(formatExposure({ iso: 3200, focalLength: 6.86 }, 'en-US')).toBe('ISO 3200 · 6.9 mm')
    expect(formatExposure({}, 'en-US')).toBe('')
  })
})
