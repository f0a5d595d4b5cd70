// The screens a visitor sees without a session (SPEC §2): sign-in in its three modes, the public
// download page, verify-email and reset-password; and settings, the one signed-in screen outside
// the file-browser layout.
import { ADMIN_EMAIL, signUp, uuid } from '../support/api.ts'
import { mailLink, waitForMail } from '../support/mail.ts'
import { PASSWORD } from './support/seed.ts'
import { expect, FROZEN_NOW, signIn, snap, steadyTimes, test } from './support/visual.ts'

test.describe('sign-in', () => {
  test('login mode', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
    // The visual server offers single sign-on (e2e/support/server.ts): its button comes after a call.
    await expect(page.getByRole('button', { name: 'Sign in with Test IdP' })).toBeVisible()
    // A lazy chunk, for browsers that can use passkeys.
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
    await snap(page, 'sign-in-login')
  })

  test('single sign-on refused', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
    await page.goto('/?sso-error=OIDC_SIGNUP_CLOSED')
    await expect(page.getByText('No account here uses your email', { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in with Test IdP' })).toBeVisible()
    await snap(page, 'sign-in-sso-error')
  })

  test('create mode', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
    await snap(page, 'sign-in-create')
  })

  test('reset mode', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Forgot?' }).click()
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
    await snap(page, 'sign-in-reset')
  })
})

test('public download page', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
  await page.goto(`/public-download/${seed.publicFile}/${seed.publicLink}`)
  await expect(page.getByRole('heading', { name: 'File details' })).toBeVisible()
  await snap(page, 'public-download')
})

test.describe('verify email', () => {
  test.use({ clockMode: 'installed' })

  test('a mailed link verifies the address', { tag: ['@dark', '@mobile'] }, async ({ page, request }, testInfo) => {
    // A fresh account per project: verify tokens are single-use.
    const email = `verify-${testInfo.project.name}@example.com`
    const r = await request.post('/user-service/create', {
      data: { email, password: PASSWORD },
      headers: { uuid: 'visual-verify' },
    })
    expect(r.status()).toBe(201)
    const link = mailLink(await waitForMail(email), 'verify-email')
    // The page leaves for / 1.5 s after success: the answer is held until the timers are paused,
    // so the success state stays (with its toast) for the screenshot.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked!: () => void
    const reached = new Promise<void>((resolve) => (asked = resolve))
    await page.route('**/user-service/verify-email', async (route) => {
      asked()
      await held
      await route.continue()
    })
    await page.goto(link)
    await reached
    await expect(page.getByRole('heading', { name: 'Verify email' })).toBeVisible()
    await page.clock.pauseAt(FROZEN_NOW)
    release()
    await expect(page.getByRole('main').getByText('Email Verified')).toBeVisible()
    await snap(page, 'verify-email')
  })
})

test('reset password page', { tag: ['@dark', '@mobile'] }, async ({ page }) => {
  // The form shows for any token; only submitting checks it.
  await page.goto('/reset-password/visual-token')
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await snap(page, 'reset-password')
})

test(
  'choosing a password after the admin’s reset',
  { tag: ['@dark', '@mobile'] },
  async ({ page, playwright }, testInfo) => {
    // The server's admin (its first account, made by e2e/support/server.ts) makes this project's
    // user, whose temporary password signs in to the "Choose a new password" step.
    const admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    expect(
      (
        await admin.post('/user-service/login', { data: { email: ADMIN_EMAIL, password: PASSWORD }, headers: { uuid } })
      ).status(),
    ).toBe(200)
    const made = await admin.post('/admin/users', {
      data: { email: `choose-${testInfo.project.name}@example.com` },
      headers: { uuid },
    })
    expect(made.status(), await made.text()).toBe(201)
    const { user, temporaryPassword } = (await made.json()) as { user: { email: string }; temporaryPassword: string }
    await admin.dispose()
    await page.goto('/')
    await page.getByLabel('Email address').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(temporaryPassword)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await snap(page, 'sign-in-choose-password')
  },
)

test.describe('settings', () => {
  test('account section', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
    // An account of this project's own: its devices and activity are exactly its sign-up and this
    // sign-in (the seed account signs in once per test, in two workers at once). What their rows
    // say beside the kind (server times) is masked, a block per line.
    const email = `settings-${testInfo.project.name}@example.com`
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    await signUp(api, email, PASSWORD)
    await api.dispose()
    await signIn(page, '/settings', email)
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveCount(2)
    const metaLines = [
      ...(await page.getByRole('list', { name: 'Devices' }).locator('li p').all()),
      ...(await page.getByRole('list', { name: 'Activity' }).locator('li p').all()),
    ]
    await snap(page, 'settings-account', { mask: await steadyTimes(metaLines) })
  })

  test('general section', { tag: ['@dark', '@mobile'] }, async ({ page, seed, isMobile }) => {
    await signIn(page, '/settings', seed.email)
    // The left menu is a collapsible list on mobile (SPEC §2).
    if (isMobile) await page.getByRole('button', { name: 'Settings menu' }).click()
    await page.getByRole('button', { name: 'General' }).click()
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible()
    await snap(page, 'settings-general')
  })
})
