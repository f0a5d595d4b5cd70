// Uploaded HTML and SVG must never run script in our origin: not when downloaded, viewed,
// streamed or opened through a share link (SPEC §6, DESIGN.md §4).
import { expect, test } from '@playwright/test'
import { signUp, upload, uuid } from '../support/api.ts'

const PAYLOAD = `<script>localStorage.setItem('pwned', document.domain); fetch('/__pwned?' + document.cookie)</script>`
const HTML = `<!doctype html><html><body><h1>hello</h1>${PAYLOAD}</body></html>`
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/>${PAYLOAD}</svg>`

test.describe('uploaded active content', () => {
  test('given an uploaded .html and .svg, when opened every way we serve files, then no script runs in our origin', async ({
    page,
    context,
  }) => {
    let pwnedRequests = 0
    await context.route('**/__pwned*', (route) => {
      pwnedRequests++
      return route.fulfill({ status: 204 })
    })
    await page.goto('/')
    await signUp(page.request)
    const html = await upload(page.request, 'evil.html', HTML)
    const svg = await upload(page.request, 'evil.svg', SVG)
    const shared = await page.request.patch(`/file-service/make-public/${html._id}`, { headers: { uuid } })
    const link = (await shared.json()).file.metadata.link as string
    await page.request.get('/file-service/download/access-token-stream-video')

    const urls = [
      `/file-service/download/${html._id}`,
      `/file-service/download/${svg._id}`,
      `/file-service/full-thumbnail/${svg._id}`,
      `/file-service/stream-video/${html._id}`,
      `/file-service/stream-video/${svg._id}`,
      `/file-service/public/download/${html._id}/${link}`,
    ]
    for (const url of urls) {
      // Navigating either downloads the file (attachment / octet-stream) or shows a sandboxed
      // raster; it must never render the document.
      const tab = await context.newPage()
      const download = tab.waitForEvent('download', { timeout: 5_000 }).catch(() => undefined)
      await tab.goto(url).catch(() => undefined)
      await download
      await tab.waitForTimeout(300)
      await tab.close()
    }
    // Embedding the SVG as a document (iframe / object) in our page must not run it either.
    await page.evaluate(
      (id) =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe')
          frame.src = `/file-service/full-thumbnail/${id}`
          frame.onload = () => resolve()
          document.body.append(frame)
          setTimeout(resolve, 2000)
        }),
      svg._id,
    )
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull()
    expect(pwnedRequests).toBe(0)
  })

  test('given the file routes, then the headers forbid sniffing and sandbox any rendering', async ({ page }) => {
    await page.goto('/')
    await signUp(page.request)
    const html = await upload(page.request, 'page.html', HTML)
    const r = await page.request.get(`/file-service/download/${html._id}`)
    expect(r.headers()['content-disposition']).toMatch(/^attachment;/)
    expect(r.headers()['x-content-type-options']).toBe('nosniff')
    expect(r.headers()['content-security-policy']).toContain('sandbox')
    expect(r.headers()['content-type']).toBe('application/octet-stream')
  })
})
