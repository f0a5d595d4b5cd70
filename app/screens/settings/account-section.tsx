// SPEC §2 settings "Account": the display name (DESIGN §8, changed in a dialog), the email (and Resend while unverified), Change password, Logout and
// Logout all sessions, each logout confirmed first; then (DESIGN §7) the storage used, Two-step
// verification, Devices, App passwords and Activity.
import { Button, ConfirmDialog, Dialog } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { errorStatus } from '../../api/http.ts'
import { resendVerifyEmail, setDisplayName } from '../../api/user.ts'
import { copy } from '../../copy-screens.ts'
import { CooldownDialog } from '../../features/account/cooldown-dialog.tsx'
import { LinkButton } from '../../features/forms/form.tsx'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useSignOut } from '../../features/account/use-sign-out.ts'
import { seedUser, useUser } from '../../hooks/use-user.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { resendVerificationCooldown } from '../../state/cooldown.ts'
import { vars } from '../../styles.ts'
import { usageOf, usageText } from '../../features/usage/usage-meter.tsx'
import { ActivitySection } from './activity-section.tsx'
import { AppPasswordsSection } from './app-passwords-section.tsx'
import { ChangePasswordDialog } from './change-password-dialog.tsx'
import { DevicesSection } from './devices-section.tsx'
import { NameForm } from './name-form.tsx'
import { TwoStepSection } from './two-step-section.tsx'
import { PasskeysSection } from './passkeys-section.tsx'
import { settingsCopy } from './settings-copy.ts'
import { ssoCopy } from '../sign-in/sso-copy.ts'
import { row, rowLabel, section } from './settings-styles.ts'

const emailValue = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${vars.space.small};
  overflow-wrap: anywhere;
`

type Confirming = 'logout' | 'logout-all' | null

export function AccountSection() {
  const { data, mutate: refreshDetailed } = useUserDetailed()
  // The signed-in record stands in while the detailed one loads (or when it fails to).
  const { data: user } = useUser()
  const account = data ?? user
  const { logout, logoutAll } = useSignOut()
  // DESIGN §7: an account a single sign-on made sets a first password instead of changing one.
  const noPassword = account?.hasPassword === false
  const [changing, setChanging] = useState(false)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [cooldownOpen, setCooldownOpen] = useState(false)
  const [naming, setNaming] = useState(false)
  const names = copy.displayName

  const resend = async () => {
    if (!resendVerificationCooldown.ready()) return setCooldownOpen(true)
    try {
      await resendVerifyEmail()
      resendVerificationCooldown.start()
      toast.success(copy.settings.resendSuccess)
    } catch (error) {
      // The server keeps the same minute (sign-up's own mail counts): its 429 is the same dialog.
      if (errorStatus(error) === 429) {
        resendVerificationCooldown.start()
        return setCooldownOpen(true)
      }
      console.warn('Resend verification failed', error)
      toast.error(copy.settings.resendError)
    }
  }

  return (
    <section className={section} aria-labelledby="settings-account">
      <h2 id="settings-account">{copy.settings.account}</h2>
      <div className={row}>
        <span className={rowLabel}>{names.field}</span>
        <span className={emailValue}>
          {account?.displayName}
          <LinkButton aria-label={names.changeLabel} onClick={() => setNaming(true)}>
            {names.change}
          </LinkButton>
        </span>
      </div>
      <div className={row}>
        <span className={rowLabel}>{copy.settings.email}</span>
        <span className={emailValue}>
          {account?.email}
          {account?.emailVerified === false ? <LinkButton onClick={resend}>{copy.settings.resend}</LinkButton> : null}
        </span>
      </div>
      <div className={row}>
        <span className={rowLabel}>{settingsCopy.storage}</span>
        {data ? <span>{usageText(usageOf(data).used, usageOf(data).quota)}</span> : null}
      </div>
      <div className={row}>
        <Button onClick={() => setChanging(true)}>
          {noPassword ? ssoCopy.setPassword.button : copy.settings.changePassword}
        </Button>
      </div>
      <div className={row}>
        <Button onClick={() => setConfirming('logout')}>{copy.settings.logout}</Button>
        <Button variant="danger" onClick={() => setConfirming('logout-all')}>
          {copy.settings.logoutAll}
        </Button>
      </div>
      <TwoStepSection email={account?.email ?? ''} />
      <PasskeysSection />
      <DevicesSection onSignOutThisDevice={() => setConfirming('logout')} />
      <AppPasswordsSection />
      <ActivitySection scope="own" />
      <ChangePasswordDialog
        open={changing}
        first={noPassword}
        onClose={() => setChanging(false)}
        onSet={() => {
          if (user) void seedUser({ ...user, hasPassword: undefined })
          void refreshDetailed()
        }}
      />
      <ConfirmDialog
        open={confirming === 'logout'}
        title={copy.settings.logoutConfirm}
        confirmLabel={copy.yes}
        cancelLabel={copy.cancel}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null)
          void logout()
        }}
      />
      <ConfirmDialog
        open={confirming === 'logout-all'}
        title={copy.settings.logoutAllConfirm}
        confirmLabel={copy.yes}
        cancelLabel={copy.cancel}
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null)
          void logoutAll()
        }}
      />
      <Dialog
        open={naming}
        onClose={() => setNaming(false)}
        title={names.changeLabel}
        size="small"
        getPersistentElements={toastRegions}
      >
        {naming ? (
          <NameForm
            label={names.field}
            what={names.what}
            initial={account?.displayName ?? ''}
            submitLabel={names.save}
            failure={names.error}
            run={async (name) => {
              const updated = await setDisplayName(name)
              // The signed-in record keeps what only sign-in knew (a temporary password's flag).
              if (user) await seedUser({ ...user, displayName: updated.displayName })
              void refreshDetailed()
              setNaming(false)
              toast.success(names.saved)
            }}
          />
        ) : null}
      </Dialog>
      <CooldownDialog open={cooldownOpen} onClose={() => setCooldownOpen(false)} />
    </section>
  )
}
