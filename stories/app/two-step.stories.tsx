// Issue #21 in Settings → Account: two-step verification's enrolment (QR code, setup key, code),
// the recovery codes shown once, and turning it off with the password.
import { http } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { apiError, ok } from '../../mocks/handlers.ts'
import { viewportShot } from '../lib/_support/visual.ts'
import { appBeforeEach, appScreen, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Settings: two-step verification',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/settings'), ...viewportShot },
  beforeEach: appBeforeEach,
})

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
const setup = () =>
  http.post('*/user-service/totp/setup', () =>
    ok({ secret: SECRET, otpauthUrl: `otpauth://totp/Cumulus:ada%40example.com?secret=${SECRET}&issuer=Cumulus` }),
  )

const enrol = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }))
  return within(await screen.findByRole('dialog', { name: 'Turn on two-step verification' }))
}

/** Enrolment: the QR code, the setup key and the code field. */
export const StatesEnrol = meta.story({
  beforeEach({ msw }) {
    msw.use(setup())
  },
  async play() {
    const dialog = await enrol()
    await shown(dialog.getByRole('img', { name: 'QR code for your authenticator app' }))
    await expect(dialog.getByLabelText('Setup key')).toHaveValue(SECRET)
    await expect(dialog.getByRole('button', { name: 'Verify and turn on' })).toBeDisabled()
  },
})

/** A wrong code keeps the scan step open with the reason. */
export const WrongCode = meta.story({
  beforeEach({ msw }) {
    msw.use(
      setup(),
      http.post('*/user-service/totp/enable', () => apiError(400, 'BAD_REQUEST', 'That code is not right')),
    )
  },
  async play() {
    const dialog = await enrol()
    await userEvent.type(dialog.getByLabelText('Code from the app'), '000000')
    await userEvent.type(dialog.getByLabelText('Password'), 'my-password')
    await userEvent.click(dialog.getByRole('button', { name: 'Verify and turn on' }))
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Could not turn it on: That code is not right')
  },
})

/** The right code: the ten recovery codes, once, with Download .txt. */
export const StatesRecoveryCodes = meta.story({
  beforeEach({ msw }) {
    msw.use(
      setup(),
      http.post('*/user-service/totp/enable', () => ok({ recoveryCodes: CODES })),
    )
  },
  async play() {
    const dialog = await enrol()
    await userEvent.type(dialog.getByLabelText('Code from the app'), '123456')
    await userEvent.type(dialog.getByLabelText('Password'), 'my-password')
    await userEvent.click(dialog.getByRole('button', { name: 'Verify and turn on' }))
    const codes = within(await screen.findByRole('dialog', { name: 'Save your recovery codes' }))
    await expect(codes.getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES)
    await shown(codes.getByRole('button', { name: 'Download .txt' }))
  },
})

/** On: the count of recovery codes left, and Turn off asks for the password. */
export const TurnOff = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/totp', () => ok({ enabled: true, recoveryCodesLeft: 1 })))
  },
  async play() {
    await shown(
      await screen.findByText('On: signing in asks for a code from your authenticator app. 1 recovery code left.'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-step verification?' }))
    await shown(dialog.getByLabelText('Password'))
  },
})
