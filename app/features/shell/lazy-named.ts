import { type ComponentType, createElement, lazy } from 'react'

type LazyOf<M, K extends keyof M> =
  M[K] extends ComponentType<infer P> ? ReturnType<typeof lazy<ComponentType<P>>> : never

/** A lazy component that can be fetched ahead of its first render. */
export type Preloadable<C> = C & {
  /** Fetches the chunk; once it resolves, the first render shows the component without suspending. */
  preload(): Promise<void>
}

/**
 * React.lazy for a named export, so screens keep named exports and still split into chunks.
 * `preload()` fetches it early; React then takes the already-loaded module through a thenable that
 * resolves synchronously, so a preloaded screen renders at once (no fallback, no extra frame).
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): Preloadable<LazyOf<M, K>> {
  let loaded: ComponentType<any> | undefined
  let loading: Promise<void> | undefined
  const preload = () =>
    (loading ??= load().then(
      (m) => void (loaded = m[name] as ComponentType<any>),
      (err: unknown) => {
        // A failed fetch (offline) may be tried again by the next render or preload.
        loading = undefined
        throw err
      },
    ))
  const component = lazy(() => {
    if (loaded) {
      const module = { default: loaded }
      return { then: (resolve: (m: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>
    }
    return preload().then(() => ({ default: loaded! }))
  })
  return Object.assign(component, { preload }) as Preloadable<LazyOf<M, K>>
}

/**
 * A route's screen in its own chunk, inside the kit's locale with the spec's formats. The locale
 * comes with the screen, not with the app's frame: its date formats bring date-fns, which the
 * first load of `/` (the sign-in screen, which shows no date) does without.
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [screens, { SpecLocale }] = await Promise.all([load(), import('./spec-locale.tsx')])
    const Screen = screens[name] as ComponentType<any>
    return { default: (props: object) => createElement(SpecLocale, null, createElement(Screen, props)) }
  }) as LazyOf<M, K>
}
