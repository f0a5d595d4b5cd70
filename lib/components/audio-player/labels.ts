// The audio player's texts, apart from the player so the main entry's message sets can name them
// without bringing the player itself.

/** The texts of `AudioPlayer`; each has an English default. */
export interface AudioPlayerLabels {
  play: string
  pause: string
  previous: string
  next: string
  seek: string
  volume: string
  mute: string
  unmute: string
  loading: string
  /** Shown when the browser cannot play the file (a codec it lacks, a broken file). */
  error: string
  /** The cover image's text alternative. */
  cover: string
  /** The seek slider's spoken value, e.g. "1:05 of 3:20". */
  position: (elapsed: string, total: string) => string
}

/** English defaults of `AudioPlayerLabels`. */
export const defaultAudioPlayerLabels: AudioPlayerLabels = {
  play: 'Play',
  pause: 'Pause',
  previous: 'Previous track',
  next: 'Next track',
  seek: 'Seek',
  volume: 'Volume',
  mute: 'Mute',
  unmute: 'Unmute',
  loading: 'Loading',
  error: "This file can't be played here",
  cover: 'Cover art',
  position: (elapsed, total) => `${elapsed} of ${total}`,
}
