import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { vars } from '../../../lib/index.ts'
import { darkTokens, lightTokens } from '../../../lib/theme/tokens.ts'
import { TokenReference, tokenRows } from '../../../stories/guides/token-reference.tsx'

type Tree = { [key: string]: string | Tree }

// Every leaf of a tree as [dotted path, value], walked here on its own.
const leaves = (tree: Tree, path = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${path}${key}`, value] as [string, string]] : leaves(value, `${path}${key}.`),
  )
const varName = (ref: string) => /^var\((--cumulus-[a-z0-9-]+)\)$/.exec(ref)![1]!

const contract = leaves(vars as unknown as Tree)
const light = new Map(leaves(lightTokens as unknown as Tree))
const dark = new Map(leaves(darkTokens as unknown as Tree))

describe('the token reference page', () => {
  it('is the guide after the last one, and shows the generated table', () => {
    const page = readFileSync(path.resolve('stories/guides/10-token-reference.mdx'), 'utf8')
    expect(page).toMatch(/^<Canvas of=\{Examples\.TokenTable\} /m)
    const examples = readFileSync(path.resolve('stories/guides/examples.stories.tsx'), 'utf8')
    expect(examples).toMatch(/export const TokenTable = meta\.story\(\{\n {2}render: \(\) => <TokenReference \/>,/)
    const guides = readdirSync(path.resolve('stories/guides')).filter((file) => file.endsWith('.mdx'))
    expect(guides.sort().at(-1)).toBe('10-token-reference.mdx')
  })

  it('lists every CSS variable of the theme, once, with its light and dark value', () => {
    expect(contract.length).toBeGreaterThan(100)
    expect(tokenRows.map((row) => row.name).sort()).toEqual(contract.map(([, ref]) => varName(ref)).sort())
    for (const [path, ref] of contract) {
      const row = tokenRows.find((r) => r.name === varName(ref))!
      expect(row.path, ref).toBe(path)
      expect(row.light, ref).toBe(light.get(path))
      expect(row.dark, ref).toBe(dark.get(path))
    }
  })

  it('renders a row per variable, naming it and its light value', () => {
    const { container } = render(<TokenReference />)
    const rendered = [...container.querySelectorAll('tr[data-token]')]
    expect(rendered.map((tr) => tr.getAttribute('data-token')).sort()).toEqual(
      contract.map(([, ref]) => varName(ref)).sort(),
    )
    for (const [key, ref] of contract) {
      const tr = container.querySelector<HTMLElement>(`tr[data-token="${varName(ref)}"]`)!
      const cells = [...tr.querySelectorAll('td')]
      expect(cells[0]!.textContent).toBe(varName(ref))
      expect(cells[2]!.textContent).toContain(light.get(key))
      expect(cells[3]!.textContent).toBe(dark.get(key) === light.get(key) ? 'same' : dark.get(key))
    }
    expect(screen.getByRole('table', { name: 'color tokens' })).toBeTruthy()
  })
})
