// Issue #21: two-step verification in Settings → Account (turn on with a QR code and a code, the
// recovery codes shown once with a .txt download, turn off with the password), and the sign-in
// screen's second step (a code, or a recovery code).
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { isDisabled, path, renderApp } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const field = (label: string) => screen.getByLabelText(label)
const button = (name: string) => screen.getByRole('button', { name })

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const CODES = [
  'AAAAA-BBBBB',
  'CCCCC-DDDDD',
  'EEEEE-FFFFF',
  'GGGGG-HHHHH',
  'JJJJJ-KKKKK',
  'MMMMM-NNNNN',
  'PPPPP-QQQQQ',
  'RRRRR-SSSSS',
  'TTTTT-UUUUU',
  'VVVVV-WWWWW',
]

async function openSettings() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  await screen.findByRole('heading', { name: 'Two-step verification' })
  return view
}

describe('settings → account → two-step verification', () => {
  let downloads: Blob[]
  beforeEach(() => {
    downloads = []
    // jsdom has no object URLs: keep what would have been downloaded.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      downloads.push(blob)
      return 'blob:recovery-codes'
    })
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => vi.restoreAllMocks())

  it('turns on: a QR code and the setup key, a code and the password confirm it, then the 10 recovery codes once, downloadable as .txt', async () => {
    let enabled = false
    server.use(
      mock.get('*/user-service/totp', () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0 })),
      mock.post('*/user-service/totp/setup', () =>
        ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Cumulus:ada%40example.com?secret=${SECRET}&issuer=Cumulus` }),
      ),
      mock.post('*/user-service/totp/enable', () => {
        enabled = true
        return ok({ recoveryCodes: CODES })
      }),
    )
    const { user } = await openSettings()
    expect(
      await screen.findByText('Ask for a code from an authenticator app after your password when you sign in.'),
    ).toBeTruthy()
    await user.click(button('Turn on'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn on two-step verification' }))
    const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' }) as HTMLImageElement
    expect(qr.src).toMatch(/^data:image\/svg\+xml/)
    expect(decodeURIComponent(qr.src)).toContain('<svg')
    expect((dialog.getByLabelText('Setup key') as HTMLInputElement).value).toBe(SECRET)
    const verify = dialog.getByRole('button', { name: 'Verify and turn on' })
    await user.type(dialog.getByLabelText('Code from the app'), '12a34')
    expect((dialog.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('1234')
    expect(isDisabled(verify)).toBe(true)
    await user.type(dialog.getByLabelText('Code from the app'), '56')
    // The password is asked again: a stolen session must not turn it on.
    expect(isDisabled(verify)).toBe(true)
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(verify)
    const codes = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }))
    expect(sent('/user-service/totp/enable', 'POST')[0]!.body).toEqual({ code: '123456', password: 'my-password' })
    expect(codes.getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES)
    await user.click(codes.getByRole('button', { name: 'Download .txt' }))
    expect(downloads).toHaveLength(1)
    const text = await downloads[0]!.text()
    expect(text).toContain('Cumulus recovery codes for ada@example.com')
    for (const code of CODES) expect(text).toContain(code)
    await user.click(codes.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      await screen.findByText('On: signing in asks for a code from your authenticator app. 10 recovery codes left.'),
    ).toBeTruthy()
    expect(button('Turn off')).toBeTruthy()
    // Shown once: nothing on the page names a code any more.
    expect(screen.queryByText(CODES[0]!)).toBeNull()
  })

  it.each([
    ['code', 400, 'BAD_REQUEST', 'That code is not right'],
    ['password', 401, 'INCORRECT_PASSWORD', 'Incorrect password'],
  ])('a wrong %s keeps the scan step open with the server’s reason', async (_what, status, code, reason) => {
    server.use(
      mock.post('*/user-service/totp/setup', () =>
        ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Cumulus:ada?secret=${SECRET}` }),
      ),
      mock.post('*/user-service/totp/enable', () => apiError(status, code, reason)),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Turn on' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn on two-step verification' }))
    await user.type(dialog.getByLabelText('Code from the app'), '000000')
    await user.type(dialog.getByLabelText('Password'), 'my-password')
    await user.click(dialog.getByRole('button', { name: 'Verify and turn on' }))
    expect((await dialog.findByRole('alert')).textContent).toBe(`Could not turn it on: ${reason}`)
    expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy()
  })

  it('turns off with the password; a wrong one is said and nothing changes', async () => {
    let enabled = true
    server.use(
      mock.get('*/user-service/totp', () => ok({ enabled, recoveryCodesLeft: enabled ? 1 : 0 })),
      mock.post('*/user-service/totp/disable', async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        if (password !== 'secret1') return apiError(401, 'INCORRECT_PASSWORD', 'Incorrect password')
        enabled = false
        return ok()
      }),
    )
    const { user } = await openSettings()
    expect(
      await screen.findByText('On: signing in asks for a code from your authenticator app. 1 recovery code left.'),
    ).toBeTruthy()
    await user.click(button('Turn off'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-step verification?' }))
    await user.type(dialog.getByLabelText('Password'), 'wrong1')
    await user.click(dialog.getByRole('button', { name: 'Turn off' }))
    expect((await dialog.findByRole('alert')).textContent).toBe('Could not turn it off: Incorrect password')
    await user.clear(dialog.getByLabelText('Password'))
    await user.type(dialog.getByLabelText('Password'), 'secret1')
    await user.click(dialog.getByRole('button', { name: 'Turn off' }))
    expect(
      await screen.findByText('Ask for a code from an authenticator app after your password when you sign in.'),
    ).toBeTruthy()
    expect(sent('/user-service/totp/disable', 'POST').at(-1)!.body).toEqual({ password: 'secret1' })
  })
})

describe('sign-in with a second factor', () => {
  async function pastPassword() {
    server.use(mock.post('*/user-service/login', () => ok({ secondFactor: ['totp', 'recovery'] })))
    const view = renderApp('/')
    await view.user.type(field('Email address'), 'ada@example.com')
    await view.user.type(field('Password'), 'secret1')
    await view.user.click(button('Login'))
    await screen.findByRole('heading', { name: 'Two-step verification' })
    return view
  }

  it('asks for the code after the password, then opens the drive', async () => {
    server.use(mock.post('*/user-service/login/second-factor', () => ok({ user: testUser, mustChangePassword: false })))
    const { user } = await pastPassword()
    expect(path()).toBe('/')
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    expect(isDisabled(button('Verify'))).toBe(true)
    await user.type(field('Code'), '123456')
    await user.click(button('Verify'))
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/login/second-factor', 'POST')[0]!.body).toEqual({ code: '123456' })
  })

  it('a wrong code shows the tries left, without a token refresh', async () => {
    server.use(
      mock.post('*/user-service/login/second-factor', () =>
        apiError(401, 'INCORRECT_CODE', 'Incorrect code. 4 tries left'),
      ),
    )
    const { user } = await pastPassword()
    await user.type(field('Code'), '000000')
    await user.click(button('Verify'))
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect code. 4 tries left')
    expect(sent('/user-service/get-token', 'POST')).toHaveLength(0)
    expect(path()).toBe('/')
  })

  it('takes a recovery code instead', async () => {
    server.use(mock.post('*/user-service/login/second-factor', () => ok({ user: testUser, mustChangePassword: false })))
    const { user } = await pastPassword()
    await user.click(button('Use a recovery code instead'))
    expect(screen.getByText('Enter one of your recovery codes. Each one works once.')).toBeTruthy()
    await user.type(field('Recovery code'), 'abcde-fghjk')
    await user.click(button('Verify'))
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/login/second-factor', 'POST')[0]!.body).toEqual({ recoveryCode: 'abcde-fghjk' })
  })

  it('after an admin’s reset, the code leads to choosing a password before the drive', async () => {
    server.use(
      mock.post('*/user-service/login/second-factor', () =>
        ok({ user: { ...testUser, mustChangePassword: true }, mustChangePassword: true }),
      ),
    )
    const { user } = await pastPassword()
    await user.type(field('Code'), '123456')
    await user.click(button('Verify'))
    await screen.findByRole('heading', { name: 'Choose a new password' })
    expect(path()).toBe('/')
    // The temporary password was typed a step ago: it is not asked for again.
    expect(screen.queryByLabelText('Temporary password')).toBeNull()
  })

  it('when the pending sign-in ended, goes back to the password with the reason', async () => {
    server.use(
      mock.post('*/user-service/login/second-factor', () =>
        apiError(401, 'SECOND_FACTOR_ENDED', 'Too many wrong codes: sign in again'),
      ),
    )
    const { user } = await pastPassword()
    await user.type(field('Code'), '000000')
    await user.click(button('Verify'))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong codes: sign in again')
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    // Back to Login also leaves the step.
    await user.type(field('Password'), 'x')
    await user.click(button('Login'))
    await screen.findByRole('heading', { name: 'Two-step verification' })
    await user.click(button('Back to Login'))
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
  })
})
