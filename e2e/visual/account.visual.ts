// The screens a visitor sees without a session (SPEC §2): sign-in in its three modes, the public
// download page, verify-email and reset-password; and settings, the one signed-in screen outside
// the file-browser layout.
import { mailLink, waitForMail } from '../support/mail.ts'
import { PASSWORD } from './support/seed.ts'
import { expect, FROZEN_NOW, signIn, snap, test } from './support/visual.ts'

test.describe('sign-in', () => {
  test('login mode', { tag: ['@dark', '@mobile', '@mobile-dark'] }, async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
    await snap(page, 'sign-in-login')
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
    const r = await request.post('/user-service/create', { data: { email, password: PASSWORD }, headers: { uuid: 'visual-verify' } })
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

test.describe('settings', () => {
  test('account section', { tag: ['@dark', '@mobile'] }, async ({ page, seed }) => {
    await signIn(page, '/settings', seed.email)
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(page.getByText(seed.email)).toBeVisible()
    await snap(page, 'settings-account')
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
