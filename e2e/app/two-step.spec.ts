// Two-step verification end to end (issue #21): enrol an authenticator in Settings → Account (the
// test is the authenticator app: it computes codes from the setup key the dialog shows), sign
// out, sign in with a code, sign out, sign in with a recovery code.
import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { generate } from 'otplib'
import { freshEmail, PASSWORD } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { openSettings, signUpInUi, toasts } from '../support/ui.ts'

/**
 * The code the app shows one time step (30 s) ahead. Enrolment used the current step's code and a
 * code never works twice; the server takes one step of drift either way, so this one is fresh.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

async function signOut(page: Page) {
  if (!/\/settings$/.test(page.url())) await openSettings(page)
  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  await page.getByRole('alertdialog', { name: 'Logout?' }).getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
}

async function password(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
}

test('given two-step verification turned on, then signing in asks for a code, or takes a recovery code once', async ({
  page,
}) => {
  const email = freshEmail('two-step')
  await signUpInUi(page, email, PASSWORD)
  await openSettings(page)
  const section = page.getByRole('region', { name: 'Two-step verification' })
  await section.getByRole('button', { name: 'Turn on' }).click()

  const scan = page.getByRole('dialog', { name: 'Turn on two-step verification' })
  await expect(scan.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'two-step set-up dialog')
  const secret = await scan.getByLabel('Setup key').inputValue()
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await scan.getByLabel('Code from the app').fill(await generate({ secret }))
  await scan.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await scan.getByRole('button', { name: 'Verify and turn on' }).click()

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' })
  await expect(saved.getByRole('listitem')).toHaveCount(10)
  const codes = await saved.getByRole('listitem').allTextContents()
  await expectNoSeriousA11yViolations(page, undefined, 'recovery codes dialog')
  const downloading = page.waitForEvent('download')
  await saved.getByRole('button', { name: 'Download .txt' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('cumulus-recovery-codes.txt')
  const file = await readFile(await download.path(), 'utf8')
  for (const code of codes) expect(file).toContain(code)
  await saved.getByRole('button', { name: 'Done' }).click()
  await expect(toasts(page).getByText('Two-step verification is on')).toBeVisible()
  await expect(section.getByText('10 recovery codes left', { exact: false })).toBeVisible()

  // With a code from the app.
  await signOut(page)
  await password(page, email)
  await expectNoSeriousA11yViolations(page, undefined, 'sign-in second step')
  await page.getByLabel('Code', { exact: true }).fill(await nextCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/home$/)

  // With a recovery code instead, typed as a person might.
  await signOut(page)
  await password(page, email)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByLabel('Recovery code').fill(codes[0]!.toLowerCase())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/home$/)
  // A fresh load: within SWR's dedupe window after a sign-out, a list the sign-out emptied is not
  // read again in the same page (left for its own issue).
  await page.goto('/settings')
  await expect(section.getByText('9 recovery codes left', { exact: false })).toBeVisible()

  // That recovery code is spent.
  await signOut(page)
  await password(page, email)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await page.getByLabel('Recovery code').fill(codes[0]!)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect code. 4 tries left')
  await expect(page).not.toHaveURL(/\/home$/)
})
