// One place that shows the app's confirmations, name prompts and alerts (SPEC §5 prompts, §8
// confirmation dialogs). Callers await a promise instead of each keeping its own open state:
// `if (await confirm(copy.confirm.trash)) …`. A second request while one is open cancels the first.
import { AlertDialog, ConfirmDialog, PromptDialog } from '@cumulus/ui'
import { signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import type { ReactNode } from 'react'
import { copy } from '../../copy.ts'
import { toastRegions } from '../toasts/toasts.tsx'

interface ConfirmRequest {
  kind: 'confirm'
  title: string
  text?: ReactNode
  danger?: boolean
  resolve: (ok: boolean) => void
}
interface PromptRequest {
  kind: 'prompt'
  title: string
  defaultValue?: string
  resolve: (value: string | null) => void
}
interface AlertRequest {
  kind: 'alert'
  title: string
  text?: ReactNode
  resolve: () => void
}
type Request = ConfirmRequest | PromptRequest | AlertRequest

export const openDialog = signal<Request | null>(null)

function show(request: Request): void {
  const previous = openDialog.peek()
  if (previous) settle(previous, false)
  openDialog.value = request
}

function settle(request: Request, answer: false | true | string): void {
  if (openDialog.peek() === request) openDialog.value = null
  if (request.kind === 'confirm') request.resolve(answer !== false)
  else if (request.kind === 'prompt') request.resolve(typeof answer === 'string' ? answer : null)
  else request.resolve()
}

/** Closes whatever is open as cancelled (logout, tests). */
export function resetDialogs(): void {
  const open = openDialog.peek()
  if (open) settle(open, false)
}

/** "Yes" → true; cancel, Escape or the backdrop → false. */
export const confirm = (options: { title: string; text?: ReactNode; danger?: boolean }) =>
  new Promise<boolean>((resolve) => show({ kind: 'confirm', ...options, resolve }))

/** The entered name (validated non-blank, SPEC §5 "Please Enter a Name"), or null when cancelled. */
export const prompt = (options: { title: string; defaultValue?: string }) =>
  new Promise<string | null>((resolve) => show({ kind: 'prompt', ...options, resolve }))

/** A message with one Okay button. */
export const alert = (options: { title: string; text?: ReactNode }) => new Promise<void>((resolve) => show({ kind: 'alert', ...options, resolve }))

/** Render once inside the signed-in layout. */
export function DialogHost() {
  useSignals()
  const request = openDialog.value
  if (!request) return null
  if (request.kind === 'confirm') {
    return (
      <ConfirmDialog
        open
        title={request.title}
        text={request.text}
        tone={request.danger ? 'danger' : 'default'}
        confirmLabel={copy.yes}
        cancelLabel={copy.cancel}
        onConfirm={() => settle(request, true)}
        onCancel={() => settle(request, false)}
        getPersistentElements={toastRegions}
      />
    )
  }
  if (request.kind === 'prompt') {
    return (
      <PromptDialog
        open
        title={request.title}
        defaultValue={request.defaultValue}
        submitLabel={copy.prompts.okay}
        cancelLabel={copy.cancel}
        onSubmit={(value) => settle(request, value)}
        onCancel={() => settle(request, false)}
        getPersistentElements={toastRegions}
      />
    )
  }
  return (
    <AlertDialog open title={request.title} text={request.text} buttonLabel={copy.okay} onClose={() => settle(request, false)} getPersistentElements={toastRegions} />
  )
}
