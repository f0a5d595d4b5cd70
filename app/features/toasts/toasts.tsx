// SPEC §2/§9 notifications: bottom-left, auto-closing after 5000 ms. The store and the primitives
// are the library's (createToaster, Toaster); goober adds the app's entrance animation.
import { createToaster, Toaster, type ToastPromiseMessages } from '@cumulus/ui'
import { css, keyframes } from 'goober'
import type { ReactNode } from 'react'
import { copy } from '../../copy.ts'

export const toaster = createToaster()

export const toast = {
  success: (message: ReactNode) => toaster.show(message, 'success'),
  error: (message: ReactNode) => toaster.show(message, 'error'),
  info: (message: ReactNode) => toaster.show(message, 'info'),
  /** SPEC §8 pending → success or error, following `promise`. */
  promise: <T,>(promise: Promise<T>, messages: ToastPromiseMessages) => toaster.promise(promise, messages),
}

/** Removes every toast (tests; a fresh screen). */
export function clearToasts(): void {
  for (const item of toaster.getSnapshot()) toaster.dismiss(item.id)
}

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(8px); }
  to { opacity: 1; transform: none; }
`

const region = css`
  & > * {
    animation: ${slideIn} 160ms ease-out;
  }
  @media (prefers-reduced-motion: reduce) {
    & > * {
      animation: none;
    }
  }
`

/**
 * For a modal's getPersistentElements: a modal hides everything outside it from assistive
 * technology, and a toast raised while it is open (e.g. "Incorrect password") must still be heard.
 */
export const toastRegions = () => Array.from(document.querySelectorAll<HTMLElement>('[data-app-toasts]'))

export function Toasts() {
  return (
    <Toaster
      toaster={toaster}
      label={copy.notifications}
      dismissLabel={copy.dismiss}
      className={region}
      data-app-toasts=""
    />
  )
}
