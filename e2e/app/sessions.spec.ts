// Sessions across browsers (SPEC §2 settings, DESIGN.md §4): "Logout all sessions" really ends
// every session of the account on the server, a plain Logout only this browser's. Two browser
// contexts stand for two devices signed in as the same user.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { freshEmail, PASSWORD, signUp } from '../support/api.ts'
import { expectNoSeriousA11yViolations } from '../support/axe.ts'
import { logInInUi, openSettings, toasts } from '../support/ui.ts'

/** A second device: its own cookies and storage, signed in through the UI. */
async function signedInDevice(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await logInInUi(page, email, PASSWORD)
  return { context, page }
}

/** The session cookies the server set for this device. */
async function sessionCookies(page: Page) {
  const names = (await page.context().cookies()).map((cookie) => cookie.name)
  return ['access-token', 'refresh-token'].filter((name) => names.includes(name))
}

/**
 * What the app does on a 401 (SPEC §8), done by hand with the device's own cookies and browser id:
 * ask for the user, refresh the token once, ask again. Returns the three statuses.
 */
async function userAfterRefresh(request: APIRequestContext, browserId: string) {
  const first = (await request.get('/user-service/user')).status()
  const refresh = (await request.post('/user-service/get-token', { headers: { uuid: browserId } })).status()
  const retry = (await request.get('/user-service/user')).status()
  return [first, refresh, retry]
}

const browserIdOf = (page: Page) => page.evaluate(() => localStorage.getItem('browser-id') ?? '')

/** The device's credentials as they are now, to present again after it has logged out. */
async function credentialsOf(page: Page) {
  return { cookies: await page.context().cookies(), browserId: await browserIdOf(page) }
}

/** Presents saved credentials from a fresh context, as whoever kept a copy of them would. */
async function replay(browser: Browser, { cookies, browserId }: Awaited<ReturnType<typeof credentialsOf>>) {
  const context = await browser.newContext()
  await context.addCookies(cookies)
  const statuses = await userAfterRefresh(context.request, browserId)
  await context.close()
  return statuses
}

test('given two devices signed in as one user, when one logs out all sessions, then the other is logged out on the server too', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  const email = await signUp(page.request, freshEmail('logout-all'))
  await logInInUi(page, email, PASSWORD)
  const other = await signedInDevice(browser, email)
  const otherBrowserId = await browserIdOf(other.page)
  expect(otherBrowserId).not.toBe('')
  expect(await userAfterRefresh(other.context.request, otherBrowserId)).toEqual([200, 200, 200])

  await openSettings(page)
  const credentials = await credentialsOf(page)
  await page.getByRole('button', { name: 'Logout all sessions' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Logout all sessions?' })
  await expect(confirm).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'settings, logout-all confirm open')
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(toasts(page).getByText('Logged out all')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()

  // The other device still holds its cookies, and its access token has not expired: only the
  // server's revocation can refuse it, refresh included.
  expect(await sessionCookies(other.page)).toEqual(['access-token', 'refresh-token'])
  expect(await userAfterRefresh(other.context.request, otherBrowserId)).toEqual([401, 401, 401])

  // Its next navigation needs a login.
  await other.page.goto('/home')
  await expect(other.page).toHaveURL(/\/$/)
  await expect(other.page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  await expect(other.page.getByRole('alert')).toHaveText('Login Expired')

  await page.goto('/home')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  expect(await replay(browser, credentials)).toEqual([401, 401, 401])
  await other.context.close()
})

test('given two devices signed in as one user, when one logs out, then only that one is logged out', async ({
  page,
  browser,
}) => {
  await page.goto('/')
  const email = await signUp(page.request, freshEmail('logout'))
  await logInInUi(page, email, PASSWORD)
  const other = await signedInDevice(browser, email)
  const otherBrowserId = await browserIdOf(other.page)

  await openSettings(page)
  await expect(page.getByText(email)).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'settings')
  await page.getByRole('button', { name: 'Change password' }).click()
  const changePassword = page.getByRole('dialog', { name: 'Change password' })
  await expect(changePassword).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'settings, change-password dialog open')
  await page.keyboard.press('Escape')
  await expect(changePassword).toBeHidden()

  // Kept to prove afterwards that the server ended this session, not only the browser's cookies.
  const credentials = await credentialsOf(page)
  await page.getByRole('button', { name: 'Logout', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Logout?' })
  await expect(confirm).toBeVisible()
  await expectNoSeriousA11yViolations(page, undefined, 'settings, logout confirm open')
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(toasts(page).getByText('Logged out', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)

  expect(await userAfterRefresh(other.context.request, otherBrowserId)).toEqual([200, 200, 200])
  await other.page.goto('/home')
  await expect(other.page).toHaveURL(/\/home$/)
  await expect(other.page.getByRole('combobox', { name: 'Search' })).toBeVisible()

  await page.goto('/home')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Login to your account' })).toBeVisible()
  expect(await replay(browser, credentials)).toEqual([401, 401, 401])
  await other.context.close()
})

test('given the page left while it was restoring the session (a second reload, a link), then the next page restores it: this device stays signed in', async ({
  page,
}) => {
  await page.goto('/')
  const email = await signUp(page.request, freshEmail('left-mid-restore'))
  await logInInUi(page, email, PASSWORD)
  // The restore's user request is held (then passed on to the server) until the page has left:
  // the timing of CI's flake, where a test's goto came 300 ms after a reload.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    '**/user-service/user',
    async (route) => {
      await released
      await route.continue().catch(() => undefined)
    },
    { times: 1 },
  )
  const asked = page.waitForRequest('**/user-service/user')
  await page.reload()
  await asked
  await page.goto('/settings')
  release()
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('hasPreviouslyLoggedIn'))).toBe('true')
})
