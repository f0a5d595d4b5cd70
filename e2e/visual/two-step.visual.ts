// Two-step verification (issue #21): the set-up dialog with its QR code, the recovery codes shown
// once, and the sign-in's second step. An account per project and test: turning it on is for good.
import { generate } from 'otplib'
import { signUp, uuid } from '../support/api.ts'
import { PASSWORD } from './support/seed.ts'
import { expect, signIn, snap, steadyTimes, test } from './support/visual.ts'

test(
  'turning it on: the QR code, then the recovery codes',
  { tag: ['@dark', '@mobile'] },
  async ({ page, playwright }, testInfo) => {
    const email = `two-step-setup-${testInfo.project.name}@example.com`
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    await signUp(api, email, PASSWORD)
    await api.dispose()
    await signIn(page, '/settings', email)
    // The account section behind the dialog, settled: its sign-up and this sign-in, times masked
    // as in the account section's own shot.
    await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem')).toHaveCount(2)
    const metaLines = await steadyTimes([
      ...(await page.getByRole('list', { name: 'Devices' }).locator('li p').all()),
      ...(await page.getByRole('list', { name: 'Activity' }).locator('li p').all()),
    ])
    const section = page.getByRole('region', { name: 'Two-step verification' })
    await section.getByRole('button', { name: 'Turn on' }).click()
    const scan = page.getByRole('dialog', { name: 'Turn on two-step verification' })
    const qr = scan.getByRole('img', { name: 'QR code for your authenticator app' })
    await expect(qr).toBeVisible()
    // The secret is new each run: its picture and its text are masked.
    const key = scan.getByLabel('Setup key')
    await snap(page, 'two-step-setup', { mask: [qr, key, ...metaLines] })

    await scan.getByLabel('Code from the app').fill(await generate({ secret: await key.inputValue() }))
    await scan.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await scan.getByRole('button', { name: 'Verify and turn on' }).click()
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' })
    await expect(saved.getByRole('listitem')).toHaveCount(10)
    // Its toast would be on screen for a time that depends on the machine's speed.
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' }).click()
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Two-step verification is on'),
    ).toBeHidden()
    // Turning it on ended the other session (the sign-up's): the devices behind are read again.
    await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toHaveCount(1)
    const codes = await saved.getByRole('listitem').all()
    const behind = await steadyTimes([
      ...(await page.getByRole('list', { name: 'Devices' }).locator('li p').all()),
      ...(await page.getByRole('list', { name: 'Activity' }).locator('li p').all()),
    ])
    await snap(page, 'two-step-recovery-codes', { mask: [...codes, ...behind] })
  },
)

test('sign-in: the second step', { tag: ['@dark', '@mobile'] }, async ({ page, playwright }, testInfo) => {
  const email = `two-step-signin-${testInfo.project.name}@example.com`
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  await signUp(api, email, PASSWORD)
  const { secret } = (await (await api.post('/user-service/totp/setup', { headers: { uuid } })).json()) as {
    secret: string
  }
  expect(
    (
      await api.post('/user-service/totp/enable', {
        data: { code: await generate({ secret }), password: PASSWORD },
        headers: { uuid },
      })
    ).status(),
  ).toBe(200)
  await api.dispose()
  await page.goto('/')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  await snap(page, 'sign-in-second-factor')
})
