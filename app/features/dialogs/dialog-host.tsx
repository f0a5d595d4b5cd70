// One place that shows the app's confirmations, name prompts and alerts (SPEC §5 prompts, §8
// confirmation dialogs). Callers await a promise instead of each keeping its own open state:
// `if (await confirm(copy.confirm.trash)) …`. A second request while one is open cancels the first.
import { AlertDialog, ConfirmDialog, PromptDialog } from '@cumulus/ui'
import { signal } from '@preact/signals-react'
import { useSignals } from '@preact/signals-react/runtime'
import type { ReactNode } from 'react'
import { failureReason } from '../../api/http.ts'
import { copy } from '../../copy-screens.ts'
import { useFormSubmit } from '../forms/use-form-submit.ts'
import { nameMessage } from '../forms/validation.ts'
import { toastRegions } from '../toasts/toasts.tsx'

interface ConfirmRequest {
  kind: 'confirm'
  title: string
  text?: ReactNode
  danger?: boolean
  resolve: (ok: boolean) => void
}
interface PromptOptions {
  title: string
  defaultValue?: string
  /** Select the name without its extension (a file's rename). */
  selectStem?: boolean
  /**
   * Sends the entered name (create, rename) while the dialog stays open and busy. If it rejects, the
   * dialog stays open with the reason (`failureReason`), so the user can fix the name.
   */
  submit?: (value: string) => Promise<unknown>
}
interface PromptRequest extends PromptOptions {
  kind: 'prompt'
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

/**
 * The entered name, or null when cancelled. The name is checked as typed against the server's rules
 * (SPEC §5 "Please Enter a Name" for a blank one); with `submit`, it resolves once that succeeded.
 */
export const prompt = (options: PromptOptions) =>
  new Promise<string | null>((resolve) => show({ kind: 'prompt', ...options, resolve }))

/** A message with one Okay button. */
export const alert = (options: { title: string; text?: ReactNode }) =>
  new Promise<void>((resolve) => show({ kind: 'alert', ...options, resolve }))

const requestKeys = new WeakMap<Request, number>()
let lastKey = 0
const requestKey = (request: Request) => {
  if (!requestKeys.has(request)) requestKeys.set(request, ++lastKey)
  return requestKeys.get(request)!
}

function NamePrompt({ request }: { request: PromptRequest }) {
  const { busy, error, act } = useFormSubmit({
    run: async (value: string) => {
      await request.submit?.(value)
      settle(request, value)
    },
    failed: failureReason,
  })
  return (
    <PromptDialog
      open
      title={request.title}
      defaultValue={request.defaultValue}
      selectStem={request.selectStem}
      validate={nameMessage}
      validateOnChange
      busy={busy}
      error={error || undefined}
      submitLabel={copy.prompts.okay}
      cancelLabel={copy.cancel}
      onSubmit={(value) => (request.submit ? void act(value) : settle(request, value))}
      onCancel={() => settle(request, false)}
      getPersistentElements={toastRegions}
    />
  )
}

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
  // Keyed by request, so a new prompt starts without the last one's busy state or refusal.
  if (request.kind === 'prompt') return <NamePrompt key={requestKey(request)} request={request} />
  return (
    <AlertDialog
      open
      title={request.title}
      text={request.text}
      buttonLabel={copy.okay}
      onClose={() => settle(request, false)}
      getPersistentElements={toastRegions}
    />
  )
}
