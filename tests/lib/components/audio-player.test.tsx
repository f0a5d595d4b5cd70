import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deMessages, LocaleProvider } from '../../../lib/index.ts'
import { AudioPlayer, formatPlayTime } from '../../../lib/viewers.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

// jsdom has no media pipeline: play() and pause() flip `paused` and fire their events, as a browser does.
beforeEach(() => {
  let paused = new WeakMap<HTMLMediaElement, boolean>()
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true
  })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false)
    this.dispatchEvent(new Event('play'))
    return Promise.resolve()
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true)
    this.dispatchEvent(new Event('pause'))
  })
  paused = new WeakMap()
})

const audioEl = () => document.querySelector('audio')!

/** The stream's metadata arrives: its length, as the browser reports it. */
function loaded(seconds = 200) {
  const el = audioEl()
  Object.defineProperty(el, 'duration', { configurable: true, value: seconds })
  act(() => void el.dispatchEvent(new Event('loadedmetadata')))
}

const song = { src: '/stream/song.mp3', title: 'Café del Mar', artist: 'Energy 52', album: 'Best of Ibiza' }

describe('AudioPlayer', () => {
  it('given tags and a cover, then it shows them and names itself by the title', async () => {
    setup(<AudioPlayer {...song} coverUrl="/thumb/1" duration={185} />)
    expect(screen.getByRole('group', { name: 'Café del Mar' })).toBeTruthy()
    expect(screen.getByText('Energy 52').getAttribute('dir')).toBe('auto')
    expect(screen.getByText('Best of Ibiza')).toBeTruthy()
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Cover art' }).getAttribute('src')).toBe('/thumb/1')
    // Before the stream says more, the tagged length; the play control is busy.
    expect(document.querySelector('[data-part="audio-total"]')!.textContent).toBe('3:05')
    expect(screen.getByRole('button', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true')
    loaded(200)
    expect(document.querySelector('[data-part="audio-total"]')!.textContent).toBe('3:20')
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given no cover, or a cover that fails, then a music note stands in', () => {
    const { rerender } = setup(<AudioPlayer {...song} />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(document.querySelector('[data-part="audio-cover"] svg')).toBeTruthy()
    rerender(<AudioPlayer {...song} coverUrl="/broken" />)
    fireEvent.error(screen.getByRole('img', { name: 'Cover art' }))
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('when play is pressed, then it plays and offers pause; Space on the slider pauses', async () => {
    const { user } = setup(<AudioPlayer {...song} />)
    loaded()
    await user.click(screen.getByRole('button', { name: 'Play' }))
    expect(audioEl().paused).toBe(false)
    const pause = screen.getByRole('button', { name: 'Pause' })
    screen.getByRole('slider', { name: 'Seek' }).focus()
    await user.keyboard(' ')
    expect(audioEl().paused).toBe(true)
    expect(pause.getAttribute('aria-label')).toBe('Play')
    // Space on the play button presses it once (no double toggle).
    screen.getByRole('button', { name: 'Play' }).focus()
    await user.keyboard(' ')
    expect(audioEl().paused).toBe(false)
  })

  it('given the seek slider, then arrows move 5 s, Home and End go to the ends, and the value is spoken', async () => {
    const { user } = setup(<AudioPlayer {...song} />)
    loaded(200)
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Seek' })
    slider.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(audioEl().currentTime).toBe(10)
    expect(slider.getAttribute('aria-valuetext')).toBe('0:10 of 3:20')
    await user.keyboard('{ArrowLeft}')
    expect(audioEl().currentTime).toBe(5)
    await user.keyboard('{End}')
    expect(audioEl().currentTime).toBe(200)
    await user.keyboard('{Home}')
    expect(audioEl().currentTime).toBe(0)
    await user.keyboard('{ArrowLeft}')
    expect(audioEl().currentTime).toBe(0)
  })

  it('given previous and next, then they call back and respect their disabled flags; the end of a track calls onEnded', async () => {
    const onPrev = vi.fn()
    const onNext = vi.fn()
    const onEnded = vi.fn()
    const { user } = setup(<AudioPlayer {...song} onPrev={onPrev} onNext={onNext} prevDisabled onEnded={onEnded} />)
    loaded()
    await user.click(screen.getByRole('button', { name: 'Previous track' }))
    expect(onPrev).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Next track' }))
    expect(onNext).toHaveBeenCalledOnce()
    act(() => void audioEl().dispatchEvent(new Event('ended')))
    expect(onEnded).toHaveBeenCalledOnce()
  })

  it('given mute and volume, then they set the element', async () => {
    const { user } = setup(<AudioPlayer {...song} />)
    loaded()
    await user.click(screen.getByRole('button', { name: 'Mute' }))
    expect(audioEl().muted).toBe(true)
    fireEvent.volumeChange(audioEl())
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeTruthy()
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.5' } })
    expect(audioEl().volume).toBe(0.5)
    expect(audioEl().muted).toBe(false)
  })

  it('given a file the browser cannot play, then the error text and the consumer action, no controls', async () => {
    setup(<AudioPlayer {...song} errorAction={<button type="button">Download</button>} />)
    fireEvent.error(audioEl())
    expect(screen.getByRole('alert').textContent).toContain("This file can't be played here")
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy()
    expect(screen.queryByRole('slider')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given no address yet, then no audio element and a busy play control', () => {
    setup(<AudioPlayer title="song.mp3" />)
    expect(document.querySelector('audio')).toBeNull()
    expect(screen.getByRole('button', { name: 'Loading' })).toBeTruthy()
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Seek' }).disabled).toBe(true)
  })

  it('given German and Arabic locales, then their texts and digits', () => {
    setup(
      <LocaleProvider locale="ar-EG" messages={deMessages}>
        <AudioPlayer {...song} duration={65} />
      </LocaleProvider>,
    )
    expect(screen.getByRole('slider', { name: 'Position' })).toBeTruthy()
    expect(document.querySelector('[data-part="audio-total"]')!.textContent).toBe('١:٠٥')
  })

  it('formats play times: minutes, hours, unknown', () => {
    expect(formatPlayTime(0)).toBe('0:00')
    expect(formatPlayTime(65.9)).toBe('1:05')
    expect(formatPlayTime(3729)).toBe('1:02:09')
    expect(formatPlayTime(undefined)).toBe('--:--')
    expect(formatPlayTime(Number.NaN)).toBe('--:--')
    expect(formatPlayTime(65, 'de-DE')).toBe('1:05')
  })
})
