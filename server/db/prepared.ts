// Hot queries built and compiled once. Kysely builds an operation tree and compiles it to SQL on
// every call: for the session check every request makes, that was half of its ~8 µs.
import type { Compilable, CompiledQuery, Kysely } from 'kysely'

const slotMark = (i: number) => `\u0000prepared-argument-${i}\u0000`

/**
 * `build` is called once with placeholder strings; each later call runs the compiled SQL with
 * the real values put where the placeholders went. `build` must pass its arguments straight to
 * the query as values (no branching or arithmetic on them), which the placeholders check.
 */
export function prepared<A extends string[], R>(db: Kysely<any>, build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  const arity = build.length
  const compiled: CompiledQuery<R> = build(...(Array.from({ length: arity }, (_, i) => slotMark(i)) as A)).compile()
  const slots = compiled.parameters.map((v) => (typeof v === 'string' ? Array.from({ length: arity }, (_, i) => i).find((i) => v === slotMark(i)) : undefined))
  for (let i = 0; i < arity; i++) {
    if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} does not reach the query as a value`)
  }
  return async (...args: A) => {
    const parameters = compiled.parameters.map((v, i) => (slots[i] === undefined ? v : args[slots[i]!]))
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows
  }
}
