// `npm test`: the library, app and server suites (server on the embedded SQLite + disk).
import { spawnSync } from 'node:child_process'

const r = spawnSync('node', ['scripts/vitest-summary.mjs', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(r.status ?? 1)
