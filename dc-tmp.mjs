let t = Date.now()
const { cruise } = await import('dependency-cruiser')
console.log('import', Date.now() - t); t = Date.now()
const r = await cruise(['server'], {
  validate: true,
  tsPreCompilationDeps: true,
  parser: process.argv[2],
  includeOnly: '^server/',
  moduleSystems: ['es6'],
  skipAnalysisNotInRules: true,
  ruleSet: { forbidden: [{ name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } }] },
})
console.log('cruise', Date.now() - t)
const out = r.output
console.log(out.summary.violations.length, out.modules.length)
console.log(out.summary.violations.map(v => v.cycle.map(c=>c.dependencyTypes.join(',')).join(' > ')))
console.log(out.summary.optionsUsed.parser)
