import { type ComponentProps, useRef } from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { vars, ZoomableImage, type ZoomableImageControls } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Pictures drawn inline, so the stories need no files and every screenshot is the same.
const picture = (width: number, height: number) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 800" preserveAspectRatio="none"><rect width="1200" height="800" fill="#7fb3ff"/><circle cx="900" cy="220" r="90" fill="#ffd166"/><path d="M0 620 L300 380 L520 560 L760 300 L1200 640 V800 H0Z" fill="#2e7d32"/><path d="M0 700 L260 560 L560 700 L900 520 L1200 720 V800 H0Z" fill="#1b5e20"/><text x="40" y="110" font-family="sans-serif" font-size="90" fill="#0d2a4a">TOP LEFT</text></svg>`,
  )}`
const landscape = picture(1200, 800)
const portrait = picture(600, 900)

/** A black frame of a fixed size, as a viewer gives the picture. */
function Frame(props: ComponentProps<typeof ZoomableImage> & { keys?: string[] }) {
  const { keys = [], ...rest } = props
  const controls = useRef<ZoomableImageControls>(null)
  return (
    <div style={{ width: 280, height: 180, display: 'flex', background: vars.color.media }}>
      <ZoomableImage
        {...rest}
        controls={controls}
        onLoad={() => {
          for (const key of keys) controls.current?.handleKey(key)
        }}
      />
    </div>
  )
}

const meta = preview.meta({
  title: 'Library/ZoomableImage',
  tags: ['autodocs'],
  component: ZoomableImage,
  args: { src: landscape, alt: 'Hills at noon', onSwipePrev: fn(), onSwipeNext: fn(), onZoomChange: fn() },
  render: (args) => <Frame {...args} />,
})

const pictures = (root: HTMLElement) => [...root.querySelectorAll('img')]
// Every picture loaded and every zoom settled (past the 200 ms transition).
const settled = async (root: HTMLElement, count: number) => {
  await waitFor(() => expect(pictures(root).filter((img) => img.complete && img.naturalWidth > 0)).toHaveLength(count))
  await new Promise((resolve) => setTimeout(resolve, 300))
}

export const Playground = meta.story({})

/** Fitted, zoomed 2.25× at the centre, zoomed and panned to the top-left edge, turned 90° and 180°, a portrait. */
export const States = meta.story({
  render: (args) => (
    <StateGrid columns={3}>
      <State label="fitted">
        <Frame {...args} />
      </State>
      <State label="zoomed 2.25×">
        <Frame {...args} keys={['+', '+']} />
      </State>
      <State label="zoomed, panned to the top-left edge">
        <Frame {...args} keys={['+', '+', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp']} />
      </State>
      <State label="rotation 1 (90°)">
        <Frame {...args} rotation={1} />
      </State>
      <State label="rotation 2 (180°)">
        <Frame {...args} rotation={2} />
      </State>
      <State label="portrait, fitted">
        <Frame {...args} src={portrait} />
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 6)
    const [, zoomed, panned] = pictures(canvasElement)
    await expect(zoomed!.style.transform).toContain('scale(2.25)')
    await expect(panned!.style.transform).not.toContain('translate(0px, 0px)')
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keys when focused: + and - zoom, arrows pan (never past the edge), 0 fits. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const img = canvas.getByRole<HTMLImageElement>('img', { name: 'Hills at noon' })
    await waitFor(() => expect(img.complete).toBe(true))
    const frame = img.parentElement!
    frame.focus()
    await userEvent.keyboard('+')
    await expect(frame).toHaveAttribute('data-state', 'zoomed')
    await expect(args.onZoomChange).toHaveBeenLastCalledWith(1.5)
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}')
    const box = frame.getBoundingClientRect()
    // Panned as far as it goes: the picture's right edge is at the frame's, not inside it. Both are
    // read once the transform's transition has ended (a busy machine draws it over several frames).
    await waitFor(() => {
      const shown = img.getBoundingClientRect()
      expect(Math.round(shown.right)).toBe(Math.round(box.right))
      expect(shown.width).toBeGreaterThan(box.width)
    })
    await userEvent.keyboard('0')
    await expect(frame).toHaveAttribute('data-state', 'fitted')
  },
})

/** A double click zooms to 2× at the point; another fits again. */
export const DoubleClick = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const img = canvas.getByRole<HTMLImageElement>('img', { name: 'Hills at noon' })
    await waitFor(() => expect(img.complete).toBe(true))
    await userEvent.dblClick(img)
    await expect(img.parentElement).toHaveAttribute('data-state', 'zoomed')
    await expect(args.onZoomChange).toHaveBeenLastCalledWith(2)
    await userEvent.dblClick(img)
    await expect(img.parentElement).toHaveAttribute('data-state', 'fitted')
  },
})
