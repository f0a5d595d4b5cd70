/** `T` with every key optional and none holding undefined. */
export type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> }

/**
 * `props` without the keys whose value is undefined. Ariakit's and react-virtuoso's optional props
 * do not take an explicit undefined under `exactOptionalPropertyTypes` (the kit builds with it),
 * while the kit's own props pass "not given" along as undefined.
 */
export function defined<T extends object>(props: T): Defined<T> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) if (value !== undefined) out[key] = value
  return out as Defined<T>
}
