// WCAG 2 relative luminance and contrast, for choosing the text that sits on a brand colour.
// Only colours written out as numbers can be measured here (hex, rgb(), hsl(), white, black); a
// var() or a colour space such as oklch() is the browser's to resolve, so it comes back as null.

/** Red, green and blue, 0–255. */
export type Rgb = readonly [number, number, number]

const named: Record<string, Rgb> = { white: [255, 255, 255], black: [0, 0, 0] }

function parseHex(hex: string): Rgb | null {
  const digits = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((d) => d + d) : null
  const pairs =
    digits ?? (hex.length === 6 || hex.length === 8 ? [hex.slice(0, 2), hex.slice(2, 4), hex.slice(4, 6)] : null)
  if (!pairs || !/^[0-9a-f]+$/i.test(hex)) return null
  return pairs.map((pair) => Number.parseInt(pair, 16)) as unknown as Rgb
}

// "rgb(63 208 154)", "rgb(63, 208, 154, 0.5)", "rgb(25% 80% 60%)": the first three numbers.
function channels(body: string): number[] {
  return body
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((part) => (part.endsWith('%') ? (Number.parseFloat(part) / 100) * 255 : Number.parseFloat(part)))
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

/** The colour's red, green and blue, or null when it is not written out as sRGB numbers. */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase()
  if (value in named) return named[value]!
  if (value.startsWith('#')) return parseHex(value.slice(1))
  const call = /^(rgba?|hsla?)\((.*)\)$/.exec(value)
  if (!call) return null
  if (call[1]!.startsWith('rgb')) {
    const rgb = channels(call[2]!)
    return rgb.length === 3 && rgb.every(Number.isFinite) ? (rgb as unknown as Rgb) : null
  }
  const [h, s, l] = call[2]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map((part) => Number.parseFloat(part))
  if (![h, s, l].every((n) => n !== undefined && Number.isFinite(n))) return null
  return hslToRgb(((h! % 360) + 360) % 360, s! / 100, l! / 100)
}

/** WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2 contrast ratio of two colours, 1 to 21; null when either cannot be measured. */
export function contrastRatio(a: string, b: string): number | null {
  const first = parseColor(a)
  const second = parseColor(b)
  if (!first || !second) return null
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** The contrast WCAG AA asks of normal text. */
export const minimumTextContrast = 4.5

/**
 * The text colour for a fill: `preferred` (the kit's white) when it reaches 4.5:1, else black.
 * One of the two always does: a fill too light for white (luminance above 0.18) gives black more
 * than 4.6:1. A fill that cannot be measured keeps `preferred`.
 */
export function readableTextOn(fill: string, preferred = '#ffffff'): string {
  const ratio = contrastRatio(fill, preferred)
  if (ratio === null || ratio >= minimumTextContrast) return preferred
  const black = contrastRatio(fill, '#000000')!
  return black > ratio ? '#000000' : preferred
}
