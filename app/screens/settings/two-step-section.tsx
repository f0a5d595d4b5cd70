// Settings → Account → Two-step verification (DESIGN.md §7): turn on with an authenticator app (a
// QR code and the setup key as text, confirmed with a code from the app and the password), after which the 10
// recovery codes are shown once, with a .txt download; turn off with the password.
import { Button, Dialog, DialogActions, DialogDescription } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { keys } from '../../api/keys.ts'
import { disableTotp, enableTotp, setupTotp, type TotpSetup } from '../../api/two-factor.ts'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { fieldBeside, FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useRefetchKey, useTotpStatus } from '../../hooks/use-account-lists.ts'
import { cx, vars } from '../../styles.ts'
import { downloadText, qrCodeDataUrl } from './recovery-codes.ts'
import { hint, subsection } from './list-styles.ts'
import { ListPending } from './row-actions.tsx'
import { MONOSPACE, monospaceInput } from './secret-dialog.tsx'
import { PasswordConfirmForm } from './password-confirm-form.tsx'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.twoStep

// The QR code keeps its white quiet zone in the dark theme too: scanners need the contrast.
const qr = css`
  align-self: center;
  width: 192px;
  height: 192px;
  border-radius: ${vars.radius.medium};
  background: white;
`

const codeList = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${vars.space.small} ${vars.space.large};
  margin: 0;
  padding: ${vars.space.medium};
  list-style: none;
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  font-family: ${MONOSPACE};
  text-align: center;
`

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${vars.space.small};
`

type Enrolment = { stage: 'scan'; setup: TotpSetup; qr: string } | { stage: 'codes'; codes: string[] }

/** `email` names the account in the recovery codes' file. */
export function TwoStepSection({ email }: { email: string }) {
  const { status, error, refetch } = useTotpStatus()
  const refetchDevices = useRefetchKey(keys.sessions())
  const [starting, setStarting] = useState(false)
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [disabling, setDisabling] = useState(false)

  const start = async () => {
    setStarting(true)
    try {
      const setup = await setupTotp()
      setEnrolment({ stage: 'scan', setup, qr: await qrCodeDataUrl(setup.otpauthUrl) })
    } catch (failure) {
      console.warn('Two-step set-up failed', failure)
      toast.error(`${t.setupError}: ${failureReason(failure)}`)
    } finally {
      setStarting(false)
    }
  }

  const finish = () => {
    setEnrolment(null)
    refetch()
  }

  return (
    <section className={subsection} aria-labelledby="settings-two-step">
      <h3 id="settings-two-step">{t.title}</h3>
      {status ? (
        <>
          <p className={hint}>{status.enabled ? t.onHint(status.recoveryCodesLeft) : t.offHint}</p>
          <div>
            {status.enabled ? (
              <Button variant="danger" onClick={() => setDisabling(true)}>
                {t.turnOff}
              </Button>
            ) : (
              <Button loading={starting} onClick={() => void start()}>
                {t.turnOn}
              </Button>
            )}
          </div>
        </>
      ) : (
        <ListPending error={error} />
      )}
      <Dialog
        open={enrolment !== null}
        // The codes are shown once: closing them is finishing, never going back to the scan.
        onClose={enrolment?.stage === 'codes' ? finish : () => setEnrolment(null)}
        title={enrolment?.stage === 'codes' ? t.codesTitle : t.enrolTitle}
        size="small"
        getPersistentElements={toastRegions}
      >
        {enrolment?.stage === 'scan' ? (
          <ScanStep
            enrolment={enrolment}
            onEnabled={(codes) => {
              // Turning it on signed every other device out.
              refetchDevices()
              setEnrolment({ stage: 'codes', codes })
            }}
          />
        ) : enrolment?.stage === 'codes' ? (
          <RecoveryCodes email={email} codes={enrolment.codes} onDone={finish} />
        ) : null}
      </Dialog>
      <Dialog
        open={disabling}
        onClose={() => setDisabling(false)}
        title={t.offTitle}
        size="small"
        getPersistentElements={toastRegions}
      >
        <PasswordConfirmForm
          text={t.offText}
          passwordLabel={t.password}
          action={t.turnOff}
          failure={t.disableError}
          run={async (password) => {
            await disableTotp(password)
            toast.success(t.turnedOff)
            setDisabling(false)
            refetch()
          }}
        />
      </Dialog>
    </section>
  )
}

function ScanStep({
  enrolment,
  onEnabled,
}: {
  enrolment: Extract<Enrolment, { stage: 'scan' }>
  onEnabled: (codes: string[]) => void
}) {
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: code.length === 6 && password !== '',
    run: async () => {
      const { recoveryCodes } = await enableTotp(code, password)
      toast.success(t.turnedOn)
      onEnabled(recoveryCodes)
    },
    failed: (failure) => `${t.enableError}: ${failureReason(failure)}`,
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <DialogDescription>{t.scanText}</DialogDescription>
      <img className={qr} src={enrolment.qr} alt={t.qrAlt} />
      <div className={cx(fieldBeside, monospaceInput)}>
        <TextField
          label={t.key}
          value={enrolment.setup.secret}
          readOnly
          onValueChange={() => {}}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button icon="copy" onClick={() => void copyWithToast(enrolment.setup.secret, t.keyCopied)}>
          {settingsCopy.copy}
        </Button>
      </div>
      <TextField
        label={t.code}
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onValueChange={(next) => setCode(next.replace(/\D/g, ''))}
      />
      {/* Asked again: a stolen session must not plant a second factor. */}
      <TextField
        label={t.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {t.verify}
        </Button>
      </DialogActions>
    </form>
  )
}

function RecoveryCodes({ email, codes, onDone }: { email: string; codes: string[]; onDone: () => void }) {
  return (
    <div className={formStack}>
      <DialogDescription>{t.codesText}</DialogDescription>
      <ul className={codeList} aria-label={t.codesLabel}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={actions}>
        <Button icon="download" onClick={() => downloadText(t.fileName, t.file(email, codes))}>
          {t.download}
        </Button>
        <Button icon="copy" onClick={() => void copyWithToast(codes.join('\n'), t.codesCopied)}>
          {t.copyCodes}
        </Button>
      </div>
      <DialogActions>
        <Button variant="primary" onClick={onDone}>
          {settingsCopy.done}
        </Button>
      </DialogActions>
    </div>
  )
}
