// A browser that navigates to a used-up link's download (the public page's Download button, a
// pasted URL) renders whatever comes back, so JSON would show as raw text. Such a navigation (a
// GET that accepts text/html) gets this small page instead; API clients keep the JSON error. The
// page is fixed text (nothing of the link or its file is in it), with no script, and its own CSP
// allows only its inline style.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Download limit reached</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937}h1{font-size:1.4rem}</style>
</head>
<body>
<h1>Download limit reached</h1>
<p>This link has reached its download limit, so the file can no longer be downloaded with it.</p>
<p>Ask the person who shared it for a new link.</p>
</body>
</html>
`

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** A browser's navigation rather than a script's call. */
const isNavigation = (req: FastifyRequest) => req.method === 'GET' && /\btext\/html\b/i.test(req.headers.accept ?? '')

/** Runs a link's download; a navigation to a used-up link gets the page instead of the JSON error. */
export async function withLimitPage<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  download: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await download()
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'SHARE_LIMIT_REACHED' || !isNavigation(req)) throw error
    return reply
      .code(error.statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .send(PAGE)
  }
}
