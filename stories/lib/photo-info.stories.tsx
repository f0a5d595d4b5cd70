import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { PhotoInfo } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const everything = {
  takenDate: new Date(2024, 6, 14, 9, 30),
  camera: 'Pixel 8',
  lens: 'Pixel 8 back camera 6.9mm f/1.68',
  exposureTime: 0.004,
  fNumber: 1.8,
  iso: 100,
  focalLength: 26,
  width: 4032,
  height: 3024,
  size: 3_250_000,
  gps: { latitude: 48.85837, longitude: 2.29448 },
}

const meta = preview.meta({
  title: 'Library/PhotoInfo',
  tags: ['autodocs'],
  component: PhotoInfo,
  args: everything,
  render: (args) => (
    <div style={{ width: 300 }}>
      <PhotoInfo {...args} />
    </div>
  ),
})

export const Playground = meta.story({})

/** Everything a camera tells, a screenshot (dimensions and size only), loading, and nothing known. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="everything, with a map link">
        <div style={{ width: 300 }}>
          <PhotoInfo {...everything} labels={{ heading: 'Info: everything' }} />
        </div>
      </State>
      <State label="dimensions and size only">
        <div style={{ width: 300 }}>
          <PhotoInfo width={1170} height={2532} size={412_000} labels={{ heading: 'Info: some' }} />
        </div>
      </State>
      <State label="loading">
        <div style={{ width: 300 }}>
          <PhotoInfo loading labels={{ heading: 'Info: loading' }} />
        </div>
      </State>
      <State label="nothing known">
        <div style={{ width: 300 }}>
          <PhotoInfo labels={{ heading: 'Info: nothing' }} />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** In German: labels, dates and decimal commas. */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** The exposure line and the map link, which opens OpenStreetMap in a new tab. */
export const Facts = meta.story({
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1/250 s · f/1.8 · ISO 100 · 26 mm')).toBeVisible()
    await expect(canvas.getByText('4032 × 3024')).toBeVisible()
    const link = canvas.getByRole('link', { name: 'Show on map' })
    await expect(link).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=48.85837&mlon=2.29448')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link.getAttribute('rel')).toContain('noopener')
  },
})
