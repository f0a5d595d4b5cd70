// A server for a family (issue #20) in a real browser against the real server: the admin (the
// first account, made by the e2e server) creates a user in Settings → Users; the user signs in with
// the temporary password and chooses their own; the admin sets a quota and the user's upload past it
// is refused with "This file (X) is larger than your free space (Y)"; the admin resets the password, which ends the user's
// session; an invite mailed by the admin opens sign-up in a fresh browser; and one device signs
// another out from Settings → Account → Devices.
import { randomBytes } from 'node:crypto'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { ADMIN_EMAIL, freshEmail, PASSWORD, signUp, uuid } from '../support/api.ts'
import { addNewUpload } from '../support/browser.ts'
import { mailLink, waitForMail } from '../support/mail.ts'

const CHOSEN = 'chosen-by-me-1'

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

/** Reads the one-time secret out of its dialog and closes it. */
async function takeSecret(page: Page, title: string, label: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title })
  const secret = await dialog.getByLabel(label).inputValue()
  expect(secret.length).toBeGreaterThanOrEqual(8)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  return secret
}

async function openUsers(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('button', { name: 'Users' }).click()
}

/** The server's admin, signed in a browser of their own, on Settings → Users. */
async function adminOnUsers(browser: Browser): Promise<Page> {
  const admin = await newPage(browser)
  await signIn(admin, ADMIN_EMAIL, PASSWORD)
  await expect(admin).toHaveURL(/\/home$/)
  await admin.goto('/settings')
  await openUsers(admin)
  return admin
}

/** The admin's row menu for `email` → `action`. */
async function userAction(page: Page, email: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

test('the admin creates a user, sets a quota the user runs into, and resets their password', async ({ browser }) => {
  const admin = await adminOnUsers(browser)
  const users = admin.locator('section', { has: admin.getByRole('heading', { name: 'Users', exact: true }) })
  await expect(users.getByText(ADMIN_EMAIL)).toBeVisible()

  // Create: the temporary password is shown once.
  const email = freshEmail('family')
  await admin.getByRole('button', { name: 'Create user' }).click()
  const create = admin.getByRole('dialog', { name: 'Create user' })
  await create.getByLabel('Email address').fill(email)
  await create.getByRole('button', { name: 'Create' }).click()
  const temporary = await takeSecret(admin, 'User created', 'Temporary password')
  await expect(users.getByText(email)).toBeVisible()

  // The user signs in with it and must choose their own before the drive opens.
  const member = await newPage(browser)
  await signIn(member, email, temporary)
  await expect(member.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await member.getByLabel('New password', { exact: true }).fill(CHOSEN)
  await member.getByLabel('Verify new password').fill(CHOSEN)
  await member.getByRole('button', { name: 'Save and continue' }).click()
  await expect(member).toHaveURL(/\/home$/)

  // A quota of 0.001 GB (1.02 MB); a 2 MB upload is refused with the reason, and nothing is stored.
  await userAction(admin, email, 'Set quota')
  const quota = admin.getByRole('dialog', { name: `Storage quota for ${email}` })
  await quota.getByLabel('Unlimited').uncheck()
  await quota.getByLabel('Size').fill('0.001')
  await quota.getByRole('button', { name: 'Save' }).click()
  await expect(quota).toBeHidden()
  await expect(users.getByText('Quota 1.02 MB')).toBeVisible()

  await member.reload()
  await addNewUpload(member, 'Upload Files', {
    name: 'too-big.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(2 * 1024 * 1024),
  })
  const panel = member.getByRole('region', { name: 'Uploads' })
  await expect(panel.getByText('This file (2 MB) is larger than your free space (1.02 MB)')).toBeVisible({
    timeout: 20_000,
  })
  await expect(panel.getByText('1 failed')).toBeVisible()
  // The meter in the sidebar says the same quota.
  await expect(member.getByRole('group', { name: 'Storage' }).getByText('0 B of 1.02 MB used')).toBeVisible()

  // Reset: the user's session ends at once; the new temporary password signs in, and asks again.
  await userAction(admin, email, 'Reset password')
  await admin
    .getByRole('alertdialog', { name: `Reset the password of ${email}?` })
    .getByRole('button', { name: 'Reset password' })
    .click()
  const second = await takeSecret(admin, 'Password reset', 'Temporary password')
  await member.reload()
  await expect(member.getByRole('button', { name: 'Login' })).toBeVisible()
  await signIn(member, email, CHOSEN)
  await expect(member.getByRole('button', { name: 'Login' })).toBeVisible()
  await signIn(member, email, second)
  await expect(member.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
})

test('the admin invites by mail; the invited member opens the mailed link in a fresh browser and lands in an empty Home', async ({
  browser,
}) => {
  const admin = await adminOnUsers(browser)

  const email = freshEmail('invited')
  const sentAfter = Date.now()
  await admin.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Invite by email' })
  await dialog.getByLabel('Email address').fill(email)
  await dialog.getByRole('button', { name: 'Send invite' }).click()
  await expect(admin.getByText(`Invite sent to ${email}`)).toBeVisible()
  const invites = admin.getByRole('list', { name: 'Invites' })
  const row = invites.getByRole('listitem').filter({ hasText: `Invite for ${email}` })
  await expect(row).toContainText(`by ${ADMIN_EMAIL} · Expires`)

  const mail = await waitForMail(email, { after: sentAfter })
  expect(mail.subject).toBe("You're invited to Cumulus")
  const member = await newPage(browser)
  await member.goto(mailLink(mail, 'invite'))
  await expect(member.getByRole('heading', { name: "You're invited to Cumulus" })).toBeVisible()
  await expect(member.getByLabel('Email address')).toHaveValue(email)
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await member.getByLabel('Verify Password').fill(PASSWORD)
  await member.getByRole('button', { name: 'Create account' }).click()
  await expect(member).toHaveURL(/\/home$/)
  await expect(member.getByText('Your drive is empty')).toBeVisible()

  // The admin's list now says it was used, and the link says so too.
  await admin.reload()
  await openUsers(admin)
  await expect(row.getByText('Used', { exact: true })).toBeVisible()
  const late = await newPage(browser)
  await late.goto(mailLink(mail, 'invite'))
  await expect(late.getByRole('heading', { name: 'This invite has been used' })).toBeVisible()
})

test('a session ended from another device’s settings is signed out there', async ({ browser, request }) => {
  // The account is made through the API, whose session is ended: the devices are exactly the two below.
  const email = await signUp(request, freshEmail('devices'))
  expect((await request.post('/user-service/logout', { headers: { uuid } })).status()).toBe(200)
  const laptop = await newPage(browser)
  await signIn(laptop, email, PASSWORD)
  await expect(laptop).toHaveURL(/\/home$/)
  const phone = await newPage(browser)
  await signIn(phone, email, PASSWORD)
  await expect(phone).toHaveURL(/\/home$/)

  await laptop.goto('/settings')
  const devices = laptop.locator('section', { has: laptop.getByRole('heading', { name: 'Devices', exact: true }) })
  await expect(devices.getByRole('button', { name: /^Sign out / })).toHaveCount(2)
  await expect(devices.getByText('This device')).toHaveCount(1)
  // The other device's button: the one not marked "(This device)".
  await devices.getByRole('button', { name: /^Sign out (?!.*This device)/ }).click()
  await laptop.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click()
  await expect(laptop.getByText('Device signed out')).toBeVisible()
  await expect(devices.getByRole('button', { name: /^Sign out / })).toHaveCount(1)

  // The phone's next request finds its session gone: back to the sign-in screen.
  await phone.reload()
  await expect(phone.getByRole('button', { name: 'Login' })).toBeVisible()
  // The laptop is still signed in.
  await laptop.reload()
  await expect(devices.getByRole('heading', { name: 'Devices' })).toBeVisible()
})
