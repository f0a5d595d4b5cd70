import { type ReactNode, useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, MediaViewer, Menu, type MenuEntry, mediaKinds, PhotoInfo, vars } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

// Pictures drawn inline, so the stories need no files and every screenshot is the same.
const picture = (sky: string, sun: string, hills: [string, string]) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eef4ff"/></linearGradient></defs><rect width="1200" height="800" fill="url(#s)"/><circle cx="900" cy="220" r="90" fill="${sun}"/><path d="M0 620 L300 380 L520 560 L760 300 L1200 640 V800 H0Z" fill="${hills[0]}"/><path d="M0 700 L260 560 L560 700 L900 520 L1200 720 V800 H0Z" fill="${hills[1]}"/></svg>`,
  )}`

const photos = [
  { name: 'holiday.jpg', src: picture('#7fb3ff', '#ffd166', ['#2e7d32', '#1b5e20']) },
  { name: 'sunset.png', src: picture('#ff9a6b', '#fff3b0', ['#6d4c41', '#3e2723']) },
  { name: 'lake.webp', src: picture('#9ad0ec', '#ffffff', ['#00796b', '#004d40']) },
]

const info = (
  <PhotoInfo
    takenDate={new Date(2024, 6, 14, 9, 30)}
    camera="Pixel 8"
    lens="Pixel 8 back camera 6.9mm f/1.68"
    exposureTime={0.004}
    fNumber={1.8}
    iso={100}
    focalLength={26}
    width={1200}
    height={800}
    size={3_250_000}
    gps={{ latitude: 48.85837, longitude: 2.29448 }}
  />
)

const broken = 'data:image/png;base64,bm90IGFuIGltYWdl'

const select = fn()
const items: MenuEntry[] = [
  { id: 'share', label: 'Share', icon: 'share', onSelect: () => select('share') },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => select('download') },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => select('trash') },
]
const menu = <Menu label="File actions" items={items} />

const meta = preview.meta({
  title: 'Library/MediaViewer',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: MediaViewer,
  args: {
    open: true,
    name: photos[0]!.name,
    kind: 'image',
    src: photos[0]!.src,
    menu,
    onPrev: fn(),
    onNext: fn(),
    onClose: fn(),
  } as const,
  argTypes: { kind: { control: 'inline-radio', options: mediaKinds } },
  beforeEach: () => {
    select.mockClear()
  },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  // Past the 200 ms fade, so what it shows counts as visible.
  await waitFor(() => expect(getComputedStyle(dialog).opacity).toBe('1'))
  return dialog
}

// The shot waits for the picture itself, not only the dialog.
const imageShown = async () => {
  await waitForOpen()
  const img = await screen.findByRole<HTMLImageElement>('img', { name: /\./ })
  await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true))
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

/** An image with its name, the file menu, close, and both arrows enabled. */
export const States = meta.story({ parameters: viewportShot, play: imageShown })

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The first file (previous disabled) and the last (next disabled). */
export const StatesEnds = States.extend({ args: { prevDisabled: true, nextDisabled: true } })

/** A broken image: "Error loading image". */
export const StatesError = meta.story({
  parameters: viewportShot,
  args: { name: 'corrupt.jpg', src: broken },
  play: async () => {
    await waitForOpen()
    await expect(await screen.findByText('Error loading image')).toBeVisible()
  },
})

export const StatesErrorDark = StatesError.extend({ globals: { theme: 'dark' } })

/** Waiting for the address (e.g. the video's stream token): a spinner. */
export const StatesLoading = meta.story({
  parameters: viewportShot,
  args: { name: 'holiday.mp4', kind: 'video', src: undefined },
  play: async () => {
    await waitForOpen()
    await expect(screen.getByRole('status', { name: 'Loading' })).toBeVisible()
  },
})

/** A long name is cut with an ellipsis (its full text stays the dialog's name). */
export const StatesLongName = States.extend({
  args: { name: 'A very long photo name from the family holiday in the mountains, summer 2024, final edit (2).jpg' },
})

/** A narrow viewport (360 px phone). */
export const StatesNarrow = meta.story({
  render: (args) => (
    <Phone>
      <MediaViewer {...args} portal={false} />
    </Phone>
  ),
  play: imageShown,
})

export const StatesNarrowDark = StatesNarrow.extend({ globals: { theme: 'dark' } })

/** The info pane open beside the photo. */
export const StatesInfo = meta.story({
  parameters: viewportShot,
  args: { info, defaultInfoOpen: true },
  play: imageShown,
})

export const StatesInfoDark = StatesInfo.extend({ globals: { theme: 'dark' } })

/** Zoomed in 2.25× with + +, the info toggle present but closed. */
export const StatesZoomed = meta.story({
  parameters: viewportShot,
  args: { info },
  play: async ({ userEvent }) => {
    await imageShown()
    await userEvent.keyboard('++')
    const img = screen.getByRole('img', { name: 'holiday.jpg' })
    await waitFor(() => expect(img.style.transform).toContain('scale(2.25)'))
    // Past the zoom's 200 ms transition.
    await waitFor(() => expect(getComputedStyle(img).transform).toMatch(/^matrix\(2\.25,/))
  },
})

/** Turned a quarter with Rotate (the view, not the file). */
export const StatesRotated = meta.story({
  parameters: viewportShot,
  play: async ({ userEvent }) => {
    await imageShown()
    await userEvent.click(screen.getByRole('button', { name: 'Rotate' }))
    const img = screen.getByRole('img', { name: 'holiday.jpg' })
    await waitFor(() => expect(img.style.transform).toContain('rotate(90deg)'))
    await waitFor(() => expect(getComputedStyle(img).transform).toMatch(/^matrix\([-\de.]+, 1, -1, [-\de.]+,/))
  },
})

/** A phone: the info pane over the lower part of the photo. */
export const StatesNarrowInfo = meta.story({
  args: { info, defaultInfoOpen: true },
  render: (args) => (
    <Phone>
      <MediaViewer {...args} portal={false} />
    </Phone>
  ),
  play: imageShown,
})

export const StatesNarrowInfoDark = StatesNarrowInfo.extend({ globals: { theme: 'dark' } })

/** Keys: i toggles the info pane, r rotates, + zooms; zoomed, arrows pan and Escape unzooms before it closes. */
export const ZoomKeys = meta.story({
  args: { info },
  play: async ({ userEvent, args }) => {
    await imageShown()
    await userEvent.keyboard('i')
    await expect(await screen.findByRole('region', { name: 'Info' })).toBeVisible()
    await userEvent.keyboard('i')
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Info' })).toBeNull())
    const img = screen.getByRole('img', { name: 'holiday.jpg' })
    await userEvent.keyboard('r')
    await expect(img.style.transform).toContain('rotate(90deg)')
    await userEvent.keyboard('+')
    await userEvent.keyboard('{ArrowRight}')
    await expect(args.onNext).not.toHaveBeenCalled()
    await userEvent.keyboard('{Escape}')
    await expect(img.style.transform).toContain('scale(1)')
    await expect(args.onClose).not.toHaveBeenCalled()
    await userEvent.keyboard('{ArrowRight}')
    await expect(args.onNext).toHaveBeenCalledOnce()
  },
})

/** A video: native controls. */
export const Video = meta.story({
  args: { name: 'clip.mp4', kind: 'video', src: '/missing/clip.mp4' },
  play: async ({ canvasElement }) => {
    await waitForOpen()
    const video = (canvasElement.ownerDocument.querySelector('video') as HTMLVideoElement | null)!
    await expect(video).toHaveAttribute('controls')
    await expect(video).toHaveAccessibleName('clip.mp4')
  },
})

/** Browses three pictures as the app would, wrapping nothing: the ends disable the arrows. */
function Gallery(args: Parameters<typeof MediaViewer>[0]) {
  const [open, setOpen] = useState(false)
  const [index, setIndex] = useState(0)
  const photo = photos[index]!
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open holiday.jpg</Button>
      <MediaViewer
        {...args}
        open={open}
        name={photo.name}
        src={photo.src}
        prevDisabled={index === 0}
        nextDisabled={index === photos.length - 1}
        onPrev={() => {
          args.onPrev()
          setIndex(index - 1)
        }}
        onNext={() => {
          args.onNext()
          setIndex(index + 1)
        }}
        onClose={() => {
          args.onClose?.()
          setOpen(false)
        }}
      />
    </>
  )
}

/** Keyboard: ArrowRight and ArrowLeft change the file, the ends stop; Escape closes and focus returns. */
export const Keyboard = meta.story({
  args: { open: false },
  render: (args) => <Gallery {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: 'Open holiday.jpg' })
    await userEvent.click(opener)
    await waitForOpen()
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await userEvent.keyboard('{ArrowLeft}')
    await expect(args.onPrev).not.toHaveBeenCalled()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    await expect(args.onNext).toHaveBeenCalledTimes(2)
    await expect(screen.getByRole('dialog', { name: 'lake.webp' })).toBeVisible()
    await expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(screen.getByRole('dialog', { name: 'sunset.png' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(opener).toHaveFocus())
  },
})

/** Pointer: the arrows, the file menu, and the close control. */
export const Pointer = meta.story({
  args: { open: false },
  render: (args) => <Gallery {...args} menu={menu} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open holiday.jpg' }))
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await expect(screen.getByRole('heading', { name: 'sunset.png' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'File actions' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Download' }))
    await expect(select).toHaveBeenCalledWith('download')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onClose).toHaveBeenCalledOnce()
  },
})
