// SPEC §2/§9 notifications: bottom-left, auto-closing after 5000 ms. The store and the primitives
// are the library's (createToaster, Toaster); goober adds the app's entrance animation.
import {
  createToaster,
  type ToastAction,
  Toaster,
  type ToastPromiseMessages,
  type ToastPromiseOptions,
} from '@cumulus/ui'
import { css, keyframes } from 'goober'
import type { ReactNode } from 'react'
import { copy } from '../../copy.ts'

export const toaster = createToaster()

export const toast = {
  /** A success toast; `action` adds its button (Undo), which works until the toast goes. */
  success: (message: ReactNode, action?: ToastAction) => toaster.show(message, 'success', { action }),
  error: (message: ReactNode) => toaster.show(message, 'error'),
  info: (message: ReactNode) => toaster.show(message, 'info'),
  /** SPEC §8 pending → success or error, following `promise`. */
  promise: <T,>(promise: Promise<T>, messages: ToastPromiseMessages, options?: ToastPromiseOptions<T>) =>
    toaster.promise(promise, messages, options),
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
