import { type KeyboardEvent, useRef, useState } from 'react'
import * as css from './photo-gallery.css.ts'

/** One month the scrubber jumps to: a group of the gallery. */
export interface ScrubberEntry {
  /** The group's index, as GroupedVirtuoso counts groups. */
  group: number
  /** The group's month key, e.g. "2026-10". */
  key: string
  /** The year, shown once over its months. */
  year: string
  /** The short month on the button, e.g. "Nov". */
  short: string
  /** The button's accessible name: the visible month with its year (voice control says what it sees), e.g. "Nov 2026". */
  name: string
}

interface GalleryScrubberProps {
  entries: readonly ScrubberEntry[]
  /** The landmark's accessible name. */
  label: string
  /** It sticks to the top of a page that scrolls, `stickyOffset` (a CSS length) down, as the month header does. */
  sticky: boolean
  stickyOffset?: string | undefined
  onJump: (group: number) => void
}

const moves: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last,
}

/** The years of the entries in order, each with its months. */
function byYear(entries: readonly ScrubberEntry[]) {
  const years: Array<{ year: string; months: ScrubberEntry[] }> = []
  for (const entry of entries) {
    const last = years[years.length - 1]
    if (last?.year === entry.year) last.months.push(entry)
    else years.push({ year: entry.year, months: [entry] })
  }
  return years
}

/**
 * The gallery's date scrubber: a navigation strip of years, each over its months' buttons. One
 * button is the tab stop; Up, Down, Home and End move between them, Enter or Space jumps.
 */
export function GalleryScrubber({ entries, label, sticky, stickyOffset, onJump }: GalleryScrubberProps) {
  const [focused, setFocused] = useState<string | null>(null)
  const navRef = useRef<HTMLElement>(null)
  // The tab stop: the button last focused, or the first while that month is not loaded.
  const stop = entries.some((entry) => entry.key === focused) ? focused : (entries[0]?.key ?? null)

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = moves[event.key]
    const index = entries.findIndex((entry) => entry.key === stop)
    if (!move || index < 0 || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    const next = move(index, entries.length - 1)
    navRef.current?.querySelectorAll('button')[next]?.focus()
  }

  return (
    <nav
      ref={navRef}
      aria-label={label}
      className={sticky ? `${css.scrubber} ${css.scrubberSticky}` : css.scrubber}
      style={
        sticky && stickyOffset
          ? { insetBlockStart: stickyOffset, maxBlockSize: `calc(100vh - ${stickyOffset})` }
          : undefined
      }
      onKeyDown={onKeyDown}
    >
      <ul className={css.scrubberList}>
        {byYear(entries).map(({ year, months }, i) => (
          // A year may come back further down when the order is not by date.
          <li key={`${year}:${i}`}>
            <span className={css.scrubberYear}>{year}</span>
            <ul className={css.scrubberList}>
              {months.map((entry) => (
                <li key={entry.key}>
                  <button
                    type="button"
                    className={css.scrubberMonth}
                    aria-label={entry.name}
                    tabIndex={entry.key === stop ? 0 : -1}
                    onFocus={() => setFocused(entry.key)}
                    onClick={() => onJump(entry.group)}
                  >
                    {entry.short}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  )
}
