// Speed and time left of one upload row: an exponentially weighted moving average of the byte rate
// between progress samples. Samples come at most every PROGRESS_INTERVAL_MS (SPEC §9), so one
// stalled or bursty request moves the estimate a little, not all the way.

/** Weight of the newest sample: about the last two seconds of 200 ms samples dominate. */
const SMOOTHING = 0.2
/** Below this much time between samples a rate is noise (timer jitter). */
const MIN_SAMPLE_MS = 50

export interface Estimate {
  bytesPerSecond?: number
  secondsLeft?: number
}

export interface UploadMeter {
  /** Feeds the bytes sent so far; returns the estimate once two samples exist. */
  sample(bytes: number, total: number, now?: number): Estimate
  /** Forgets the history (after a pause, or a retry that went back to the server's offset). */
  reset(): void
}

export function createUploadMeter(): UploadMeter {
  let last: { bytes: number; at: number } | undefined
  let rate: number | undefined
  return {
    sample(bytes, total, now = Date.now()) {
      // Fewer bytes than before: a resume went back to what the server holds; start over from here.
      if (last && bytes < last.bytes) rate = undefined
      if (last && bytes >= last.bytes && now - last.at >= MIN_SAMPLE_MS) {
        const instant = ((bytes - last.bytes) * 1000) / (now - last.at)
        rate = rate === undefined ? instant : rate + SMOOTHING * (instant - rate)
      } else if (last && bytes >= last.bytes) {
        return estimate(rate, bytes, total)
      }
      last = { bytes, at: now }
      return estimate(rate, bytes, total)
    },
    reset() {
      last = undefined
      rate = undefined
    },
  }
}

function estimate(rate: number | undefined, bytes: number, total: number): Estimate {
  if (rate === undefined) return {}
  return { bytesPerSecond: Math.round(rate), secondsLeft: rate > 0 ? Math.max(0, total - bytes) / rate : undefined }
}
