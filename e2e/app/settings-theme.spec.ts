// Settings → General end to end: the Theme choice beats the OS and survives a reload (applied
// before the first render, under the real CSP), and each setting is a row (label and description
// beside the control on desktop, the control under them on a 390 px phone).
import { expect, test, type Page } from '@playwright/test'
import { darkTokens, lightTokens } from '../../lib/theme/tokens.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { signedIn } from '../support/browser.ts'

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`
}
const LIGHT_BG = rgb(lightTokens.color.bg)
const DARK_BG = rgb(darkTokens.color.bg)

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

async function openGeneral(page: Page) {
  await page.goto('/settings')
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'General' }).click()
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
}

async function chooseTheme(page: Page, option: 'System' | 'Light' | 'Dark') {
  await page.getByRole('combobox', { name: 'Theme' }).click()
  await page.getByRole('option', { name: option }).click()
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText(option)
}

test.describe('theme', () => {
  test.use({ colorScheme: 'light' })

  test('Dark with the OS in light: dark at once, and still dark after a reload', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    await signedIn(page)
    await openGeneral(page)
    expect(await bodyBackground(page)).toBe(LIGHT_BG)

    await chooseTheme(page, 'Dark')
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BG)

    // Module scripts run before DOMContentLoaded: the stored theme is on <html> by then.
    await page.reload({ waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark')
    expect(await bodyBackground(page)).toBe(DARK_BG)
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'General' }).click()
    await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveText('Dark')
    expect(problems).toEqual([])
  })

  test('Light beats an OS in dark, and System follows the OS again', async ({ page }) => {
    await signedIn(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    await openGeneral(page)
    expect(await bodyBackground(page)).toBe(DARK_BG)
    await chooseTheme(page, 'Light')
    await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BG)
    await page.reload()
    expect(await bodyBackground(page)).toBe(LIGHT_BG)
    await openGeneral(page)
    await chooseTheme(page, 'System')
    await expect.poll(() => bodyBackground(page)).toBe(DARK_BG)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull()
  })
})

/** Each select with its row's text block (the element holding the label and the description). */
async function rows(page: Page) {
  const selects = page.getByRole('combobox')
  const count = await selects.count()
  expect(count).toBe(6)
  const out = []
  for (let i = 0; i < count; i++) {
    const select = selects.nth(i)
    const descriptionId = (await select.getAttribute('aria-describedby'))!
    const text = page.locator(`[id="${descriptionId}"]`).locator('..')
    out.push({ control: (await select.boundingBox())!, text: (await text.boundingBox())! })
  }
  return out
}

test('desktop: each setting is one row, its control beside the text and right-aligned', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signedIn(page)
  await openGeneral(page)
  const section = (await page.getByRole('region', { name: 'General' }).boundingBox())!
  for (const { control, text } of await rows(page)) {
    const middle = control.y + control.height / 2
    expect(middle).toBeGreaterThan(text.y)
    expect(middle).toBeLessThan(text.y + text.height)
    expect(control.x).toBeGreaterThan(text.x + text.width)
    expect(Math.abs(control.x + control.width - (section.x + section.width))).toBeLessThanOrEqual(1)
  }
  await expectNoSeriousA11yViolations(page, 'main')
})

test('phone (390 px): the control sits under its label and description, full width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signedIn(page)
  await page.goto('/settings')
  await page.getByRole('button', { name: 'Settings menu' }).click()
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'General' }).click()
  const section = (await page.getByRole('region', { name: 'General' }).boundingBox())!
  for (const { control, text } of await rows(page)) {
    expect(control.y).toBeGreaterThanOrEqual(text.y + text.height)
    expect(Math.abs(control.width - section.width)).toBeLessThanOrEqual(1)
  }
  await expectNoSeriousA11yViolations(page, 'main')
})
