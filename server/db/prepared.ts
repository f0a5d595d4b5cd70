// Hot queries built and compiled once. Kysely builds an operation tree and compiles it to SQL on
// every call: for the session check every request makes, that was half of its ~8 µs; for a
// 50-file list page, ~10 µs of building and compiling before the rows are read.
import type { Compilable, CompiledQuery, Kysely } from 'kysely'

const slotMark = (i: number) => `\u0000prepared-argument-${i}\u0000`

/** The marks a build gets in place of its values: argument i is slotMark(i). */
const marks = (arity: number) => Array.from({ length: arity }, (_, i) => slotMark(i))

/** For each parameter of the compiled query, the argument it takes (undefined: a constant of the query). */
function slotsOf(compiled: CompiledQuery, arity: number): Array<number | undefined> {
  return compiled.parameters
    .map((v) => (typeof v === 'string' ? marks(arity).indexOf(v) : -1))
    .map((i) => (i < 0 ? undefined : i))
}

/** Runs compiled SQL with the arguments put where their marks went. */
async function run<R>(
  db: Kysely<any>,
  compiled: CompiledQuery<R>,
  slots: Array<number | undefined>,
  args: readonly unknown[],
): Promise<R[]> {
  const parameters = compiled.parameters.map((v, i) => (slots[i] === undefined ? v : args[slots[i]!]))
  return (await db.executeQuery<R>({ ...compiled, parameters })).rows
}

/**
 * `build` is called once with placeholder strings; each later call runs the compiled SQL with
 * the real values put where the placeholders went. `build` must pass its arguments straight to
 * the query as values (no branching or arithmetic on them), which the placeholders check.
 */
export function prepared<A extends string[], R>(
  db: Kysely<any>,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  const arity = build.length
  const compiled: CompiledQuery<R> = build(...(marks(arity) as A)).compile()
  const slots = slotsOf(compiled, arity)
  for (let i = 0; i < arity; i++) {
    if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} does not reach the query as a value`)
  }
  return (...args: A) => run(db, compiled, slots, args)
}

/** How a query of many shapes is taken apart: what picks its SQL, and what is bound to it. */
export interface Shaped<Q> {
  /** Everything about `q` that changes the SQL (filters present, sort, cursor present), as a key. */
  shape(q: Q): string
  /** The values of `q` bound to the SQL, in a fixed order; undefined where its shape takes none. */
  values(q: Q): readonly unknown[]
  /** `q` with `marks[i]` in place of its value i, as `build` will read it. */
  withMarks(q: Q, marks: readonly string[]): Q
}

/**
 * A query whose SQL takes one of a few shapes (which filters, which sort, whether a cursor):
 * each shape is built (from the first query of that shape, its values replaced by marks) and
 * compiled the first time it is asked for; later queries of that shape only bind their values.
 * SQL depends on the dialect alone, so one of these serves every Kysely of a dialect, the
 * transactions included: make it once per module and dialect. A value given for a slot its
 * shape does not bind means `shape` missed a choice: refused, rather than silently dropped.
 */
export function preparedShapes<Q, R>(
  parts: Shaped<Q>,
  build: (db: Kysely<any>, q: Q) => Compilable<R>,
): (db: Kysely<any>, q: Q) => Promise<R[]> {
  const compiledByShape = new Map<
    string,
    { compiled: CompiledQuery<R>; slots: Array<number | undefined>; unbound: number[] }
  >()
  return (db, q) => {
    const values = parts.values(q)
    const key = parts.shape(q)
    let entry = compiledByShape.get(key)
    if (!entry) {
      const compiled = build(db, parts.withMarks(q, marks(values.length))).compile()
      const slots = slotsOf(compiled, values.length)
      entry = { compiled, slots, unbound: values.map((_, i) => i).filter((i) => !slots.includes(i)) }
      compiledByShape.set(key, entry)
    }
    for (const i of entry.unbound) {
      if (values[i] !== undefined)
        return Promise.reject(new Error(`prepared query: value ${i} does not reach the query of shape ${key}`))
    }
    return run(db, entry.compiled, entry.slots, values)
  }
}
