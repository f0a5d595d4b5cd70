// GET and HEAD on a WebDAV folder: a small HTML index, for the clients (lftp, python's
// webdavclient) that GET a folder before, or instead of, a PROPFIND. It is served from our own
// origin, so it must stay inert: every name is escaped, every link is percent-encoded (hrefOf),
// there is no script or style, and its CSP lets nothing load or run (sandbox included).
import type { DavChild } from '../../services/dav/propfind.ts'
import { escapeXml } from '../../services/dav/xml.ts'
import { printableName } from '../../util/names.ts'

export const FOLDER_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
}

/**
 * The index of the folder at `segments`, in chunks (a page of `children` each, as
 * DavService.children reads them): a folder of any size in bounded memory.
 */
export async function* folderPage(
  segments: readonly string[],
  children: AsyncIterable<DavChild[]>,
): AsyncGenerator<string> {
  // Names stored before the name rule may hold controls or bidi overrides: shown without them.
  const title = escapeXml(`Index of /${segments.map(printableName).join('/')}`)
  yield `<!doctype html>\n<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${title}</title></head><body><h1>${title}</h1><ul>`
  if (segments.length) yield '<li><a href="../">../</a></li>'
  for await (const page of children) {
    yield page
      .map((c) => `<li><a href="${escapeXml(c.href)}">${escapeXml(printableName(c.name))}${c.file ? '' : '/'}</a></li>`)
      .join('')
  }
  yield '</ul></body></html>\n'
}
