/** Joins class names, skipping empty ones, so a component's own class and the caller's `className` merge. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ')
}
