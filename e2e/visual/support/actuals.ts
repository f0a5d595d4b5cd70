// Keeps the actual screenshot of every compared screen, passed or not, in
// reports/visual/app/actual/<project>/<name>.png (the layout of __screenshots__/), for the run's review
// page (scripts/visual-report.mjs) and `npm run visual:accept -- app`.
import type { Page, TestInfo } from '@playwright/test'
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const actualRoot = fileURLToPath(new URL('../../../reports/visual/app/actual', import.meta.url))
const maskCss = readFile(fileURLToPath(new URL('./mask.css', import.meta.url)), 'utf8')

/**
 * After `toHaveScreenshot(name)`: a failed comparison has written its actual (an attachment after
 * the first `since` of the test's attachments), which is copied; a passed one keeps none, so the
 * settled page is shot again with the comparison's own settings (playwright.config.ts: no animations or caret, CSS pixels, the mask styles). Never
 * throws: a missing record must not hide the test's own outcome.
 */
export async function keepActual(page: Page, testInfo: TestInfo, name: string, since: number): Promise<void> {
  const target = join(actualRoot, testInfo.project.name, name)
  try {
    await mkdir(dirname(target), { recursive: true })
    const failed = testInfo.attachments
      .slice(since)
      .find((attachment) => attachment.name.endsWith('-actual.png') && attachment.path)
    if (failed?.path) await copyFile(failed.path, target)
    else
      await writeFile(
        target,
        await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', style: await maskCss }),
      )
  } catch (error) {
    console.warn(`visual: no actual kept for ${testInfo.project.name}/${name}: ${(error as Error).message}`)
  }
}
