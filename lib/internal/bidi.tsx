import { Fragment, type ReactNode } from 'react'

// Names typed by other people are data: they may carry right-to-left text or bidi controls
// (U+202E turns the rest of a line around). In markup a name sits in <bdi> (or an element with
// dir="auto"), which isolates it; in an attribute (title, aria-label) it is wrapped in the
// isolate characters FSI … PDI instead.

// Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, …) and the bidi controls.
const bidiSensitive =
  /[\u0590-\u08FF\u200E\u200F\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFF]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u

/**
 * A name for a text attribute: unchanged when it is plain left-to-right text (so "Shared by Ben"
 * stays exactly that), wrapped in FSI … PDI when it could reorder the text around it.
 */
export function isolateText(name: string): string {
  return bidiSensitive.test(name) ? `\u2068${name}\u2069` : name
}

/** A placeholder for the `index`th value of a text function: a private-use character no translation uses. */
export const slot = (index: number): string => String.fromCharCode(0xe000 + index)

/**
 * A label's text with its placeholders (`slot(0)`, `slot(1)`, …) put back as nodes, e.g. a name
 * in <bdi>. The untrusted value never passes through the label function, so it cannot be split.
 */
export function fillSlots(text: string, values: readonly ReactNode[]): ReactNode[] {
  return text.split(/([\uE000-\uE0FF])/u).map((piece, i) => {
    const index = piece.length === 1 ? piece.charCodeAt(0) - 0xe000 : -1
    return index >= 0 && index < values.length ? <Fragment key={i}>{values[index]}</Fragment> : piece
  })
}

/** A text function of one name, rendered with the name isolated in <bdi>. */
export function withName(text: (name: string) => string, name: string): ReactNode[] {
  return fillSlots(text(slot(0)), [<bdi key="name">{name}</bdi>])
}
