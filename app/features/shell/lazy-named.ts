import { type ComponentType, lazy } from 'react'

/** React.lazy for a named export, so screens keep named exports and still split into chunks. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as M[K] extends ComponentType<infer P>
    ? ReturnType<typeof lazy<ComponentType<P>>>
    : never
}
