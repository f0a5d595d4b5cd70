/**
 * The code between `// #region <name>` and `// #endregion <name>` in a source file (imported with
 * Vite's `?raw`), for a guide's `<Source>` block: what a guide shows is the code its live example
 * runs, typechecked and tested with the stories. Throws on a missing region, so a renamed one fails
 * the guide's page instead of showing nothing.
 */
export function sourceRegion(source: string, name: string): string {
  const start = source.indexOf(`// #region ${name}\n`)
  const end = source.indexOf(`// #endregion ${name}`, start)
  if (start < 0 || end < 0) throw new Error(`no region "${name}" in the examples' source`)
  return source.slice(start + `// #region ${name}\n`.length, end).trimEnd()
}
