// Build-time only (lib/vite.config.ts); not part of the package.
//
// `new URL('pdfjs-dist/…', import.meta.url)` names a file of a dependency the consumer installs.
// An app's bundler resolves it and emits the file as an asset (the repository's own app build
// does). The kit's library build must not: Vite would inline the 1 MB worker as a data URL.
// Marking the expression `@vite-ignore` here keeps it in dist as written, for the consumer's
// bundler to resolve.
import type { Plugin } from 'vite'

const PACKAGE_URL = /\bnew\s+URL\(\s*(['"])(pdfjs-dist\/)/g

export function keepPackageUrls(dir: string): Plugin {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`
  return {
    name: 'cumulus-keep-package-urls',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(prefix) || !PACKAGE_URL.test(code)) return
      PACKAGE_URL.lastIndex = 0
      return { code: code.replace(PACKAGE_URL, 'new URL(/* @vite-ignore */ $1$2'), map: null }
    },
  }
}
