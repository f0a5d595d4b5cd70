import { type ComponentType, createElement, lazy } from 'react'

type LazyOf<M, K extends keyof M> = M[K] extends ComponentType<infer P> ? ReturnType<typeof lazy<ComponentType<P>>> : never

/** React.lazy for a named export, so screens keep named exports and still split into chunks. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as LazyOf<M, K>
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
