import type { BadgeLetter } from '../theme/tokens.ts'
import { vars } from '../theme/contract.css.ts'
import { Icon } from '../components/icon/icon.tsx'
import { type PeopleOption, peopleOptionName } from '../components/people-picker/people-option.ts'
import { isolateText } from './bidi.tsx'
import { cx } from './cx.ts'
import * as css from './person.css.ts'

// The avatar and the two text lines that the people picker and the access list share.

const letter = /[\p{L}\p{N}]/u

/**
 * Up to two initials of a display name: the first letter or digit of its first and last words
 * ("Ben Ryder" → "BR", "anna" → "A"); "?" when it has none (only symbols or controls).
 */
export function initials(name: string): string {
  const words = name
    .split(/[\s@._-]+/u)
    .map((word) => Array.from(word).find((c) => letter.test(c)))
    .filter((c): c is string => c !== undefined)
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return picked.length ? picked.join('').toLocaleUpperCase() : '?'
}

// The avatar's colour, from the extension palette by the first Latin letter of the name (the same
// person always gets the same colour); other scripts take the default swatch.
function swatch(name: string): string {
  const first = name.trim().charAt(0).toLowerCase()
  return /[a-z]/.test(first) ? vars.color.badge[first as BadgeLetter] : vars.color.badge.default
}

/** A round avatar: a user's initials on their colour, or the group icon. Decorative (the name is beside it). */
export function Avatar({ person }: { person: PeopleOption | { type: 'owner'; displayName: string } }) {
  if (person.type === 'group') {
    return (
      <span aria-hidden data-part="avatar" className={cx(css.avatar, css.group)}>
        <Icon name="users" size="small" />
      </span>
    )
  }
  const name = person.type === 'owner' ? person.displayName : peopleOptionName(person)
  return (
    <span aria-hidden data-part="avatar" className={css.avatar} style={{ backgroundColor: swatch(name) }}>
      {initials(name)}
    </span>
  )
}

/**
 * The name over its second line (an email, "4 members"). Each sits in <bdi>: isolated, so a
 * right-to-left name or a U+202E stays inside itself, yet aligned with the rows around it.
 */
export function PersonText({ name, detail }: { name: string; detail?: string }) {
  return (
    <span className={css.text}>
      <span data-part="person-name" className={css.name} title={isolateText(name)}>
        <bdi>{name}</bdi>
      </span>
      {detail ? (
        <span data-part="person-detail" className={css.detail}>
          <bdi>{detail}</bdi>
        </span>
      ) : null}
    </span>
  )
}
