import {
  type ChangeEvent,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { cx } from '../../internal/cx.ts'
import { LocaleContext, useLabels } from '../../locale/context.ts'
// From the main entry, as a consumer has it: the viewers entry ships no copy of their styles.
import { Icon, IconButton } from '@cumulus/ui'
import * as css from './audio-player.css.ts'
import { type AudioPlayerLabels, defaultAudioPlayerLabels } from './labels.ts'

/** Seconds the seek slider's arrow keys move. */
const SEEK_STEP = 5

/** Props of `AudioPlayer`; other div attributes are forwarded to its root. */
export interface AudioPlayerProps extends Omit<ComponentPropsWithRef<'div'>, 'title' | 'children'> {
  /** The stream's address; leave it out while it is being obtained (the player shows it is loading). */
  src?: string
  /** The song's title (or the file's name when it has none). */
  title: string
  artist?: string
  album?: string
  /** The cover art's address; without one (or when it fails) a music note stands in. */
  coverUrl?: string
  /** Length in seconds from the file's tags, shown until the stream tells its own. */
  duration?: number
  /** Plays as soon as it can (the next track of a list); defaults to false. */
  autoPlay?: boolean
  /** The track played to its end. */
  onEnded?: () => void
  /** The previous-track control; left out, there is none. */
  onPrev?: () => void
  /** The next-track control; left out, there is none. */
  onNext?: () => void
  prevDisabled?: boolean
  nextDisabled?: boolean
  /** Shown under the error text when the file can't be played, e.g. a Download button. */
  errorAction?: ReactNode
  /** Texts; each has an English default. */
  labels?: Partial<AudioPlayerLabels>
}

/** A play time as the locale writes digits: "3:05", "1:02:09"; "--:--" when not known. */
export function formatPlayTime(seconds: number | undefined, locale = 'en-US'): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '--:--'
  const whole = Math.floor(seconds)
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60]
  const one = new Intl.NumberFormat(locale, { useGrouping: false })
  const two = new Intl.NumberFormat(locale, { useGrouping: false, minimumIntegerDigits: 2 })
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${one.format(m)}:${two.format(s)}`
}

/**
 * A music player for one track: the cover art (or a note), the title, artist and album, play and
 * pause, a seek slider (arrows move 5 s, Home and End), the elapsed and total time, volume and
 * mute, and previous and next. Space plays or pauses while focus is inside it. A file the browser
 * can't play shows an error in place of the controls.
 */
export function AudioPlayer(props: AudioPlayerProps) {
  // A new track starts from a clean state: its own time, length and errors.
  return <Player key={props.src ?? ''} {...props} />
}

type Status = 'loading' | 'ready' | 'error'

function Player({
  src,
  title,
  artist,
  album,
  coverUrl,
  duration: taggedDuration,
  autoPlay = false,
  onEnded,
  onPrev,
  onNext,
  prevDisabled = false,
  nextDisabled = false,
  errorAction,
  labels: labelOverrides,
  className,
  onKeyDown,
  ...props
}: AudioPlayerProps) {
  const labels = useLabels('audioPlayer', defaultAudioPlayerLabels, labelOverrides)
  const { locale } = useContext(LocaleContext)
  const audio = useRef<HTMLAudioElement>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [streamDuration, setStreamDuration] = useState<number>()
  const [volume, setVolume] = useState(1)
  const [muted, setMuted] = useState(false)
  const [coverFailed, setCoverFailed] = useState(false)
  useEffect(() => setCoverFailed(false), [coverUrl])
  // A stream whose metadata arrived before React listened (a fast or cached load) sends no
  // loadedmetadata we can hear: its readyState says so instead.
  useEffect(() => {
    const el = audio.current
    if (!src || !el || el.readyState < HTMLMediaElement.HAVE_METADATA) return
    setStatus('ready')
    if (Number.isFinite(el.duration) && el.duration > 0) setStreamDuration(el.duration)
  }, [src])

  const duration = streamDuration ?? (taggedDuration && taggedDuration > 0 ? taggedDuration : undefined)
  const ready = status === 'ready'

  const toggle = () => {
    const el = audio.current
    if (!el || !ready) return
    // play() rejects when the browser refuses (autoplay policy) or the source fails: the events tell.
    if (el.paused) el.play().catch(() => undefined)
    else el.pause()
  }
  const seekTo = (seconds: number) => {
    const el = audio.current
    if (!el || duration === undefined) return
    el.currentTime = Math.min(Math.max(0, seconds), duration)
    setTime(el.currentTime)
  }

  const seekKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, () => number> = {
      ArrowLeft: () => time - SEEK_STEP,
      ArrowDown: () => time - SEEK_STEP,
      ArrowRight: () => time + SEEK_STEP,
      ArrowUp: () => time + SEEK_STEP,
      Home: () => 0,
      End: () => duration ?? 0,
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    seekTo(move())
  }

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.key !== ' ' || event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement
    // Buttons press themselves with Space; a text field types it.
    if (target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA' || target.isContentEditable) return
    if (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range') return
    event.preventDefault()
    toggle()
  }

  const changeVolume = (event: ChangeEvent<HTMLInputElement>) => {
    const el = audio.current
    if (!el) return
    el.volume = Number(event.target.value)
    if (el.muted && el.volume > 0) el.muted = false
  }

  const elapsedText = formatPlayTime(time, locale)
  const totalText = formatPlayTime(duration, locale)
  const showCover = coverUrl !== undefined && !coverFailed

  return (
    <div
      role="group"
      aria-label={title}
      data-part="audio-player"
      data-state={status}
      {...props}
      onKeyDown={keyDown}
      className={cx(css.player, className)}
    >
      {src !== undefined && (
        <audio
          ref={audio}
          src={src}
          preload="metadata"
          autoPlay={autoPlay}
          onLoadedMetadata={(e) => {
            setStatus('ready')
            const d = e.currentTarget.duration
            if (Number.isFinite(d) && d > 0) setStreamDuration(d)
          }}
          onDurationChange={(e) => {
            const d = e.currentTarget.duration
            if (Number.isFinite(d) && d > 0) setStreamDuration(d)
          }}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false)
            onEnded?.()
          }}
          onVolumeChange={(e) => {
            setVolume(e.currentTarget.volume)
            setMuted(e.currentTarget.muted)
          }}
          onError={() => {
            setPlaying(false)
            setStatus('error')
          }}
        />
      )}
      <div className={css.cover} data-part="audio-cover">
        {showCover ? (
          <img src={coverUrl} alt={labels.cover} className={css.coverImage} onError={() => setCoverFailed(true)} />
        ) : (
          <Icon name="music" className={css.placeholder} />
        )}
      </div>
      <div className={css.titles}>
        <p dir="auto" className={css.title} title={title} data-part="audio-title">
          {title}
        </p>
        {artist ? (
          <p dir="auto" className={css.artist} data-part="audio-artist">
            {artist}
          </p>
        ) : null}
        {album ? (
          <p dir="auto" className={css.album} data-part="audio-album">
            {album}
          </p>
        ) : null}
      </div>
      {status === 'error' ? (
        <div role="alert" className={css.error} data-part="audio-error">
          <p className={css.errorText}>
            <Icon name="error" />
            {labels.error}
          </p>
          {errorAction}
        </div>
      ) : (
        // Time runs left to right in every language, as players draw it; the texts above follow theirs.
        <div dir="ltr" className={css.controls}>
          <div className={css.seekRow}>
            <span className={css.time} data-part="audio-elapsed">
              {elapsedText}
            </span>
            <input
              type="range"
              className={css.slider}
              aria-label={labels.seek}
              aria-valuetext={labels.position(elapsedText, totalText)}
              min={0}
              max={duration ?? 0}
              step="any"
              value={Math.min(time, duration ?? 0)}
              disabled={!ready || duration === undefined}
              onChange={(e) => seekTo(Number(e.target.value))}
              onKeyDown={seekKeys}
            />
            <span className={css.time} data-part="audio-total">
              {totalText}
            </span>
          </div>
          <div className={css.buttons}>
            <div className={css.side} />
            <div className={css.transport}>
              {onPrev ? (
                <IconButton
                  icon="skip-back"
                  label={labels.previous}
                  disabled={prevDisabled}
                  accessibleWhenDisabled
                  onClick={onPrev}
                />
              ) : null}
              <IconButton
                icon={playing ? 'pause' : 'play'}
                label={ready ? (playing ? labels.pause : labels.play) : labels.loading}
                variant="primary"
                size="large"
                loading={!ready}
                className={css.play}
                onClick={toggle}
              />
              {onNext ? (
                <IconButton
                  icon="skip-forward"
                  label={labels.next}
                  disabled={nextDisabled}
                  accessibleWhenDisabled
                  onClick={onNext}
                />
              ) : null}
            </div>
            <div className={cx(css.side, css.volume)}>
              <IconButton
                icon={muted || volume === 0 ? 'volume-off' : 'volume'}
                label={muted ? labels.unmute : labels.mute}
                size="small"
                disabled={!ready}
                onClick={() => {
                  if (audio.current) audio.current.muted = !audio.current.muted
                }}
              />
              <input
                type="range"
                className={css.volumeSlider}
                aria-label={labels.volume}
                min={0}
                max={1}
                step={0.05}
                value={muted ? 0 : volume}
                disabled={!ready}
                onChange={changeVolume}
              />
            </div>
          </div>
        </div>
      )}
    </div>
  )
}
