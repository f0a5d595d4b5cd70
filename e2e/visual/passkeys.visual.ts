// Passkeys (issue #21): Settings → Account's Passkeys with the add dialog open, and the sign-in's
// second step for an account whose only second factor is a passkey. The passkey of the second is
// registered over the API by the server tests' software authenticator, for the origin the
// server's config names (WEBAUTHN_ORIGIN): no browser prompt is involved in either shot.
import { SoftwareAuthenticator } from '../../tests/server/sign-in/software-authenticator.ts'
import { signUp, uuid } from '../support/api.ts'
import { PASSWORD } from './support/seed.ts'
import { expect, signIn, snap, steadyTimes, test } from './support/visual.ts'

test('settings: adding a passkey', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
  const email = `passkeys-add-${testInfo.project.name}@example.com`
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await signUp(api, email, PASSWORD)
  await api.dispose()
  await signIn(page, '/settings', email)
  await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveCount(2)
  const section = page.getByRole('region', { name: 'Passkeys' })
  await expect(section.getByText('No passkeys yet')).toBeVisible()
  const behind = await steadyTimes([
    ...(await page.getByRole('list', { name: 'Devices' }).locator('li p').all()),
    ...(await page.getByRole('list', { name: 'Activity' }).locator('li p').all()),
  ])
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' })
  await dialog.getByLabel('Name').fill('Laptop')
  await snap(page, 'passkeys-add', { mask: behind })
})

test('sign-in: the passkey step', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
  const email = `passkeys-signin-${testInfo.project.name}@example.com`
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await signUp(api, email, PASSWORD)
  const options = await api.post('/user-service/webauthn/register/options', {
    data: { password: PASSWORD },
    headers: { uuid },
  })
  expect(options.status()).toBe(200)
  const { options: creation } = (await options.json()) as { options: Parameters<SoftwareAuthenticator['create']>[0] }
  // The visual server is e2e/support/server.ts on its own port: its WEBAUTHN_ORIGIN is localhost there.
  const response = new SoftwareAuthenticator(`http://localhost:${new URL(testInfo.project.use.baseURL!).port}`).create(
    creation,
  )
  expect(
    (
      await api.post('/user-service/webauthn/register/verify', {
        data: { name: 'Laptop', response },
        headers: { uuid },
      })
    ).status(),
  ).toBe(201)
  await api.dispose()
  await page.goto('/')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Use a passkey', exact: true })).toBeVisible()
  await snap(page, 'sign-in-passkey-step')
})
