/** Pixel dimensions, "4032 × 3024": digits in `locale` (default en-US), no grouping. */
export function formatDimensions(width: number, height: number, locale = 'en-US'): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false })
  return `${number.format(width)} × ${number.format(height)}`
}
