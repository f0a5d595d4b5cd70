// `npm run visual:accept [-- storybook|app]` (both when none is named): after a visual run whose
// report shows intended changes, copies that run's changed and new screenshots over the baselines
// (__image_snapshots__/ for Storybook, e2e/visual/__screenshots__/ for the app). Commit them.
import { relative } from 'node:path'
import { acceptVisualChanges, visualSides } from './visual-report.mjs'

const named = process.argv.slice(2)
const unknown = named.filter((side) => !(side in visualSides))
if (unknown.length) {
  console.error(`visual:accept: unknown side ${unknown.join(', ')} (storybook or app)`)
  process.exit(2)
}
let failed = false
for (const side of named.length ? named : Object.keys(visualSides)) {
  const paths = visualSides[side]
  try {
    const files = acceptVisualChanges({ baselines: paths.baselines, reportDir: paths.report })
    console.log(
      `visual:accept ${side}: ${files.length} baseline(s) updated in ${relative(process.cwd(), paths.baselines)}`,
    )
    for (const file of files) console.log(`  ${file}`)
  } catch (error) {
    console.error(`visual:accept ${side}: ${error.message}`)
    // Named sides must have a report; with none named, a side that has not run is skipped.
    if (named.length) failed = true
  }
}
process.exit(failed ? 1 : 0)
