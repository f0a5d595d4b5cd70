// The account journeys that go through the user's mailbox (SPEC §2 verify-email and reset-password
// pages, §5 cooldowns, §8 texts): the server mails a real SMTP peer and the specs follow the
// mailed links (e2e/support/server.ts). Each journey signs up its own user.
import { expect, type Frame, type Page, test } from '@playwright/test'
import { freshEmail, PASSWORD, signUp } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { mailLink, mailsTo, waitForMail } from '../support/mail.ts'
import { logInInUi, openSettings, signUpInUi, toasts } from '../support/ui.ts'

/** SPEC §9 "Post-verify and post-reset redirect delay". */
const REDIRECT_DELAY_MS = 1_500
/** The e2e server's own resend cooldown (e2e/support/server.ts), shortened from a minute. */
const SERVER_MAIL_COOLDOWN_MS = 1_000

/**
 * Holds the next request to `path` until the returned release is called, so a pending state can
 * be seen and the clock paused before the answer lands.
 */
async function holdRequest(page: Page, path: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${path}`, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/**
 * With the page clock paused before the redirect timer starts: nothing happens 1 ms short of
 * 1.5 s, the move to / happens at 1.5 s. A signed-in user is sent on from / to /home at once, so
 * the paths the page went through are recorded rather than polling for a transient URL.
 */
async function expectRedirectToStartAfterDelay(page: Page, from: RegExp) {
  const visited: string[] = []
  const record = (frame: Frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
  }
  page.on('framenavigated', record)
  await page.clock.runFor(REDIRECT_DELAY_MS - 1)
  await expect(page).toHaveURL(from)
  expect(visited).toEqual([])
  await page.clock.runFor(1)
  await expect.poll(() => visited[0]).toBe('/')
  page.off('framenavigated', record)
  await page.clock.resume()
}

test('given sign-up with verification on, when the mailed link is followed, then the email is verified and Resend goes away', async ({
  page,
}) => {
  const email = freshEmail('verify')
  const since = Date.now()
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'sign-in, login mode')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'sign-in, create mode')

  await signUpInUi(page, email, PASSWORD)
  await expect(toasts(page).getByText('Email Verification Sent')).toBeVisible()
  const mail = await waitForMail(email, { after: since })
  expect(mail.subject).toBe('Verify your Cumulus email')
  const link = mailLink(mail, 'verify-email')

  await openSettings(page)
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible()

  // The answer is held so "Verifying email..." is surely seen, and the clock is paused before it
  // lands so the 1.5 s redirect can be measured exactly.
  await page.clock.install()
  const release = await holdRequest(page, '/user-service/verify-email')
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Verify email' })).toBeVisible()
  await expect(toasts(page).getByText('Verifying email...')).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'verify-email, pending')
  await page.clock.pauseAt(Date.now() + 1_000)
  release()
  await expect(toasts(page).getByText('Email Verified')).toBeVisible()
  await expect(page.locator('p', { hasText: 'Email Verified' })).toBeVisible()
  await expectRedirectToStartAfterDelay(page, /\/verify-email\//)

  // Still signed in: the sign-in screen restores the session and goes home.
  await expect(page).toHaveURL(/\/home$/)
  await openSettings(page)
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0)
})

test('given a resent verification mail, when Resend is pressed again within the minute, then the wait dialog shows and only the newest link works', async ({
  page,
}) => {
  await page.goto('/')
  const email = await signUp(page.request, freshEmail('resend'))
  const signedUpAt = Date.now()
  const firstLink = mailLink(await waitForMail(email), 'verify-email')
  const resends: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/user-service/resend-verify-email')) resends.push(request.method())
  })

  await logInInUi(page, email, PASSWORD)
  await openSettings(page)
  // The server allows one verification mail per cooldown, and sign-up sent one.
  await page.waitForTimeout(Math.max(0, signedUpAt + SERVER_MAIL_COOLDOWN_MS + 100 - Date.now()))
  const since = Date.now()
  await page.getByRole('button', { name: 'Resend' }).click()
  await expect(toasts(page).getByText('Email Verification Resent')).toBeVisible()
  const newLink = mailLink(await waitForMail(email, { after: since }), 'verify-email')
  expect(newLink).not.toBe(firstLink)

  await page.getByRole('button', { name: 'Resend' }).click()
  const wait = page.getByRole('alertdialog', { name: 'Please wait 1 minute before resending' })
  await expect(wait).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'settings, resend cooldown dialog open')
  await wait.getByRole('button', { name: 'Okay' }).click()
  await expect(wait).toBeHidden()
  expect(resends).toEqual(['PATCH'])
  expect((await mailsTo(email)).filter((m) => m.receivedAt >= since)).toHaveLength(1)

  // A resend replaces the earlier link.
  await page.goto(firstLink)
  await expect(page.getByText('Error verifying email', { exact: true }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'verify-email, failed')
  await page.goto(newLink)
  await expect(page.locator('p', { hasText: 'Email Verified' })).toBeVisible()
})

test('given a forgotten password, when the mailed reset link is followed, then only the new password logs in and the link works once', async ({
  page,
}) => {
  await page.goto('/')
  const email = await signUp(page.request, freshEmail('reset'), 'old-secret')
  const resetRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/user-service/send-password-reset')) resetRequests.push(request.method())
  })

  await page.goto('/')
  await page.getByRole('button', { name: 'Forgot?' }).click()
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'sign-in, reset mode')
  await page.getByLabel('Email address').fill(email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Send reset email' }).click()
  await expect(toasts(page).getByText('Password Reset Sent')).toBeVisible()

  // SPEC §5: a second request within the minute only warns.
  await page.getByRole('button', { name: 'Send reset email' }).click()
  const wait = page.getByRole('alertdialog', { name: 'Please wait 1 minute before resending' })
  await expect(wait).toBeVisible()
  await wait.getByRole('button', { name: 'Okay' }).click()
  await expect(wait).toBeHidden()
  expect(resetRequests).toEqual(['PATCH'])

  const mail = await waitForMail(email, { after: since })
  expect(mail.subject).toBe('Reset your Cumulus password')
  const link = mailLink(mail, 'reset-password')

  await page.clock.install()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'reset-password')
  await page.getByLabel('Password', { exact: true }).fill('new-secret')
  await page.getByLabel('Verify Password').fill('new-secret')
  await page.clock.pauseAt(Date.now() + 1_000)
  await page.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(toasts(page).getByText('Password Reset', { exact: true })).toBeVisible()
  await expectRedirectToStartAfterDelay(page, /\/reset-password\//)

  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('old-secret')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password')
  await page.getByLabel('Password', { exact: true }).fill('new-secret')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL(/\/home$/)

  // The link is single-use.
  await page.goto(link)
  await page.getByLabel('Password', { exact: true }).fill('third-secret')
  await page.getByLabel('Verify Password').fill('third-secret')
  await page.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid token error')
})
