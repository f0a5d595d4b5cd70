// Passkeys end to end (issue #21) in Chromium with the DevTools virtual authenticator (a platform
// authenticator that keeps discoverable credentials and verifies its user): add a passkey in
// Settings → Account, sign out, sign in with the passkey alone; sign out, then sign in with the
// password and the passkey as the second step. On http://localhost: browsers refuse an IP address
// as the RP ID (the e2e server sets WEBAUTHN_RP_ID=localhost).
import { expect, type Page, test } from '@playwright/test'
import { freshEmail, PASSWORD } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { E2E_LOCAL_URL } from '../support/ports.ts'
import { openSettings, signUpInUi, toasts } from '../support/ui.ts'

test.use({ baseURL: E2E_LOCAL_URL })

/** A virtual authenticator on this page's browser (CDP WebAuthn domain), and its session to ask it. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials }
}

async function signOut(page: Page) {
  if (!/\/settings$/.test(page.url())) await openSettings(page)
  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  await page.getByRole('alertdialog', { name: 'Logout?' }).getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
}

// The steps that check the password (argon2) and load a lazy chunk (the WebAuthn library, the
// second step) wait longer than expect's 10 s: once, in a full CI run beside the other worker's
// uploads and ffmpeg jobs, a toBeVisible of this journey failed after its 10 s (which one went
// unsaid; CI's summary now names the line). Alone under a load of 8 it takes 16 s and passes.
const SLOW = { timeout: 20_000 }

test('given a passkey added in Settings, then it signs in alone, and completes a password sign-in as the second step', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page)
  const email = freshEmail('passkey')
  await signUpInUi(page, email, PASSWORD)
  await openSettings(page)
  const section = page.getByRole('region', { name: 'Passkeys' })
  await expect(section.getByText('No passkeys yet')).toBeVisible()
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' })
  await dialog.getByLabel('Name').fill('Virtual key')
  await dialog.getByLabel('Password').fill(PASSWORD)
  await expectNoSeriousA11yViolations(page, undefined, 'add a passkey dialog')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(toasts(page).getByText('Passkey added')).toBeVisible(SLOW)
  await expect(section.getByText('Virtual key')).toBeVisible()
  await expect(section.getByText(/never used/)).toBeVisible()
  const [credential] = await authenticator.credentials()
  expect(credential?.isResidentCredential).toBe(true)
  expect(credential?.rpId).toBe('localhost')

  // The passkey alone: no email typed.
  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/home$/, SLOW)
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credential!.signCount)

  // The password now asks for the passkey too.
  await signOut(page)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible(SLOW)
  await expect(page.getByLabel('Code')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page, undefined, 'passkey second step')
  await page.getByRole('button', { name: 'Use a passkey', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/, SLOW)
  await openSettings(page)
  await expect(section.getByText(/last used/)).toBeVisible()
})
