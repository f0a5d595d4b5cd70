import { vars } from '../../lib/index.ts'
import { darkTokens, lightTokens, reducedMotionDurations } from '../../lib/theme/tokens.ts'

// The token reference page's table, made from the theme objects themselves (the contract and the
// light and dark values), so it lists every variable the kit defines and cannot drift from them.

type Tree = { [key: string]: string | Tree }

/** One CSS variable: its name, its contract path, and its value in each scheme. */
export interface TokenRow {
  name: string
  path: string
  light: string
  dark: string
  /** What `prefers-reduced-motion: reduce` puts in its place, for durations. */
  reducedMotion?: string
}

const at = (tree: Tree, path: string[]): string => {
  const value = path.reduce<string | Tree | undefined>(
    (node, key) => (typeof node === 'object' ? node[key] : undefined),
    tree,
  )
  if (typeof value !== 'string') throw new Error(`no value at ${path.join('.')}`)
  return value
}

function walk(contract: Tree, path: string[] = []): TokenRow[] {
  return Object.entries(contract).flatMap(([key, ref]) => {
    const here = [...path, key]
    if (typeof ref !== 'string') return walk(ref, here)
    const reduced =
      here[0] === 'motion' && here[1] === 'duration'
        ? reducedMotionDurations[here[2] as keyof typeof reducedMotionDurations]
        : undefined
    return [
      {
        name: ref.slice(4, -1),
        path: here.join('.'),
        light: at(lightTokens as unknown as Tree, here),
        dark: at(darkTokens as unknown as Tree, here),
        ...(reduced ? { reducedMotion: reduced } : {}),
      },
    ]
  })
}

/** Every `--cumulus-*` variable, in the contract's order. */
export const tokenRows: readonly TokenRow[] = walk(vars as unknown as Tree)

const isColor = (value: string) => /^(#|rgba?\()/.test(value)

function Value({ value }: { value: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {isColor(value) ? (
        <span
          aria-hidden
          style={{
            width: 14,
            height: 14,
            borderRadius: 3,
            background: value,
            border: '1px solid #8886',
            flexShrink: 0,
          }}
        />
      ) : null}
      <code>{value}</code>
    </span>
  )
}

/** The table of the token reference page, one section per group (`color`, `space`, …). */
export function TokenReference() {
  const groups = [...new Set(tokenRows.map((row) => row.path.split('.')[0]!))]
  return (
    <>
      {groups.map((group) => (
        <table key={group} aria-label={`${group} tokens`} data-token-group={group}>
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">TypeScript</th>
              <th scope="col">Light</th>
              <th scope="col">Dark</th>
            </tr>
          </thead>
          <tbody>
            {tokenRows
              .filter((row) => row.path.split('.')[0] === group)
              .map((row) => (
                <tr key={row.name} data-token={row.name}>
                  <td>
                    <code>{row.name}</code>
                  </td>
                  <td>
                    <code>vars.{row.path}</code>
                  </td>
                  <td>
                    <Value value={row.light} />
                    {row.reducedMotion ? (
                      <>
                        {' '}
                        (reduced motion: <code>{row.reducedMotion}</code>)
                      </>
                    ) : null}
                  </td>
                  <td>{row.dark === row.light ? <span>same</span> : <Value value={row.dark} />}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </>
  )
}
