import type { ReactNode } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, LocaleProvider } from '../../lib/index.ts'
import { AudioPlayer } from '../../lib/viewers.ts'

/** A WAV of a quiet sine tone, made here so the stories need no file: 16-bit mono PCM at 8 kHz. */
function toneWav(seconds: number): string {
  const rate = 8000
  const samples = Math.round(seconds * rate)
  const view = new DataView(new ArrayBuffer(44 + samples * 2))
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples * 2, true)
  text(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, rate, true)
  view.setUint32(28, rate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, samples * 2, true)
  for (let i = 0; i < samples; i++)
    view.setInt16(44 + i * 2, Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 3000), true)
  let binary = ''
  const bytes = new Uint8Array(view.buffer)
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!)
  return `data:audio/wav;base64,${btoa(binary)}`
}

const tone = toneWav(4)
const broken = 'data:audio/mpeg;base64,bm90IGF1ZGlv'

// A cover drawn inline: two bands and a disc.
const cover = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#1d4ed8"/><rect y="200" width="400" height="200" fill="#f59e0b"/><circle cx="200" cy="200" r="110" fill="#111827"/><circle cx="200" cy="200" r="22" fill="#f3f4f6"/></svg>',
)}`

const meta = preview.meta({
  title: 'Library/AudioPlayer',
  tags: ['autodocs'],
  component: AudioPlayer,
  args: {
    src: tone,
    title: 'Café del Mar',
    artist: 'Energy 52',
    album: 'Best of Ibiza',
    coverUrl: cover,
    duration: 4,
    onPrev: fn(),
    onNext: fn(),
    onEnded: fn(),
  },
})

function Frame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure style={{ margin: 0, display: 'grid', gap: 8, width: 420 }}>
      <figcaption style={{ font: '12px sans-serif', opacity: 0.7 }}>{label}</figcaption>
      {children}
    </figure>
  )
}

/** Every ready player shows its length (the WAV loaded), the error one its text. */
const settled = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Play' })).toHaveLength(4), { timeout: 5000 })
  await expect(await canvas.findByRole('alert')).toHaveTextContent("This file can't be played here")
  await waitFor(() => {
    for (const img of canvasElement.querySelectorAll('img')) expect(img.complete && img.naturalWidth > 0).toBe(true)
  })
}

export const Playground = meta.story({})

/** With a cover, without, long titles, right to left, an error with the app's action, loading. */
export const States = meta.story({
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
      <Frame label="With cover">
        <AudioPlayer {...args} />
      </Frame>
      <Frame label="No cover, first track">
        <AudioPlayer {...args} coverUrl={undefined} album={undefined} prevDisabled />
      </Frame>
      <Frame label="Long titles">
        <AudioPlayer
          {...args}
          coverUrl={undefined}
          title="An extraordinarily long song title that goes on and on past the edge of the player (extended mix)"
          artist="The Orchestra of the Very Long Name and Friends featuring Everyone"
          album="The Complete Recordings, Volume Seventeen: Rarities, Outtakes and Live Sessions"
        />
      </Frame>
      <Frame label="Right to left">
        <div dir="rtl" lang="ar">
          <LocaleProvider locale="ar-EG">
            <AudioPlayer {...args} title="أغنية الصباح" artist="فيروز" album="الألبوم" nextDisabled />
          </LocaleProvider>
        </div>
      </Frame>
      <Frame label="Can't be played">
        <AudioPlayer {...args} src={broken} errorAction={<Button icon="download">Download</Button>} />
      </Frame>
      <Frame label="Loading">
        <AudioPlayer {...args} src={undefined} />
      </Frame>
    </div>
  ),
  play: settled,
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: arrows on the slider move 5 s, End and Home; Space plays and pauses (muted first). */
export const Keyboard = meta.story({
  args: { src: toneWav(20), duration: 20 },
  play: async ({ canvas, userEvent, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Play' })).toBeVisible())
    const audio = canvasElement.querySelector('audio')!
    await userEvent.click(canvas.getByRole('button', { name: 'Mute' }))
    await waitFor(() => expect(audio.muted).toBe(true))
    const slider = canvas.getByRole('slider', { name: 'Seek' })
    slider.focus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await waitFor(() => expect(audio.currentTime).toBe(10))
    await expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 0:20')
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(audio.currentTime).toBe(0))
    await userEvent.keyboard(' ')
    await waitFor(() => expect(audio.paused).toBe(false))
    await userEvent.keyboard(' ')
    await waitFor(() => expect(audio.paused).toBe(true))
  },
})

/** Pointer: previous and next call back. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next track' }))
    await expect(args.onNext).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Previous track' }))
    await expect(args.onPrev).toHaveBeenCalledOnce()
  },
})
