// SPEC §8 "Loading user details failure": a dialog offering to log out (then /) or to carry on
// (cancel → /home).
import { ConfirmDialog } from '@cumulus/ui'
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { copy } from '../../copy-screens.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { useSignOut } from './use-sign-out.ts'

/** Watches the account read every logged-in screen shares, and asks what to do when it fails. */
export function UserLoadErrorDialog() {
  const { error } = useUserDetailed()
  const [, navigate] = useLocation()
  const { logout } = useSignOut()
  // Each failure asks once; cancelling keeps the dialog shut until a later read fails again.
  const [dismissed, setDismissed] = useState<unknown>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (error && error !== dismissed) setOpen(true)
  }, [error, dismissed])

  const close = () => {
    setOpen(false)
    setDismissed(error)
  }

  return (
    <ConfirmDialog
      open={open}
      title={copy.userLoadError.title}
      text={copy.userLoadError.text}
      confirmLabel={copy.userLoadError.confirm}
      cancelLabel={copy.cancel}
      onConfirm={() => {
        close()
        void logout({ force: true })
      }}
      onCancel={() => {
        close()
        navigate('/home')
      }}
    />
  )
}
