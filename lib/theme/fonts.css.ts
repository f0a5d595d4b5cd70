import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { globalFontFace } from '@vanilla-extract/css'

// Inter, Copyright 2016 The Inter Project Authors (https://github.com/rsms/inter), SIL Open Font
// License 1.1, from @fontsource/inter: Latin subset, the two weights the theme uses, woff2 only
// (every supported browser reads it). The files are embedded as data URIs when this stylesheet is
// built (it runs in Node), so style.css carries the font: consumers need no asset loader, and
// screenshots do not depend on the fonts of the machine. CSP: allow `font-src data:`.

const require = createRequire(import.meta.url)

const woff2 = (weight: number) => {
  const file = require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`)
  return `url(data:font/woff2;base64,${readFileSync(file).toString('base64')}) format('woff2')`
}

for (const weight of [400, 600]) {
  globalFontFace('Inter', { src: woff2(weight), fontWeight: weight, fontStyle: 'normal', fontDisplay: 'swap' })
}
