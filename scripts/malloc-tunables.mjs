// glibc's malloc settings for the server (`npm start` applies them; tests/bench gives its servers
// the same). By default glibc hands a freed block of 128 KiB or more straight back to the kernel
// and trims the top of a heap once a few MiB are free there, so a new 1 MiB block costs ~256
// page faults and a zero-fill. Encryption at rest allocates two such blocks per 1 MiB chunk
// (WebCrypto's copy of the input, and its output), and that churn, not AES, was most of what an
// encrypted upload cost: sealing 1 GiB took 3.1 s of CPU (1.1 s on the main thread) with glibc's
// defaults, 0.7–1.2 s (0.3–0.4 s) with these (tests/bench/seal-probe.ts). Plain uploads gained too
// (server CPU per GiB 2.9 → 2.3 in the bench). Blocks under 2 MiB now come from the heaps, which
// keep up to 16 MiB free at their top; two heaps (arenas) at most, so what they keep stays small:
// peak RSS in the bench's upload phase 176 → 168 MB, downloads 143 → 153, idle 143 → 137 (with
// unlimited arenas and 32 MiB kept: 191, 184 and 158).
// glibc reads them only when a process starts: start.mjs starts itself again with them when they
// are missing. Other C libraries (musl) and other systems ignore the variable.

export const MALLOC_TUNABLES =
  'glibc.malloc.mmap_threshold=2097152:glibc.malloc.trim_threshold=16777216:glibc.malloc.arena_max=2'

const hasMallocSettings = (env) => /glibc\.malloc\./.test(env.GLIBC_TUNABLES ?? '')

/** `env` with our malloc settings added, unless it sets malloc tunables of its own (those win). */
export function withMallocTunables(env) {
  if (hasMallocSettings(env)) return env
  return { ...env, GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${MALLOC_TUNABLES}` : MALLOC_TUNABLES }
}

/** Whether this process runs on glibc without them (and starting again with them is worth it). */
export function lacksMallocTunables() {
  if (process.platform !== 'linux' || hasMallocSettings(process.env)) return false
  // The report's header names the glibc a process runs on (~10 ms, once per start).
  process.report.excludeNetwork = true
  return Boolean(process.report.getReport().header.glibcVersionRuntime)
}
