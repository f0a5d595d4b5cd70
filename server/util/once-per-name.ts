/**
 * Runs `make` once per name; every caller for that name waits for the one run. A bare "seen" set
 * would let the second caller go on before the first caller's work is done.
 */
export function oncePerName(make: (name: string) => Promise<unknown>): (name: string) => Promise<void> {
  const runs = new Map<string, Promise<void>>()
  return (name) => {
    let run = runs.get(name)
    if (!run) {
      run = make(name).then(() => undefined)
      runs.set(name, run)
    }
    return run
  }
}
