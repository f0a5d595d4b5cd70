// A form's one action: busy while it runs, the text of its failure, and the submit handler that
// runs it once at a time. After a success the form stays busy (it is about to close or move on),
// unless it `stays` on screen, when it is ready again.
import { type FormEvent, useState } from 'react'

export interface FormSubmitOptions<Args extends unknown[]> {
  /** Whether the fields allow submitting (default: they do). */
  ready?: boolean
  run: (...args: Args) => Promise<void>
  /** The text shown for a failure ('' shows none: e.g. a toast has said it). */
  failed: (failure: unknown) => string
  /** The form stays on screen after a success: busy ends then too. */
  stays?: boolean
  /** A shown failure disables the form until an edit clears it (setError('')). */
  errorBlocks?: boolean
}

export function useFormSubmit<Args extends unknown[] = []>(opts: FormSubmitOptions<Args>) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const ready = (opts.ready ?? true) && !(opts.errorBlocks && error)
  /** Runs the action unless it is running or the fields are not ready; never rejects. */
  const act = async (...args: Args) => {
    if (busy || !ready) return
    setBusy(true)
    setError('')
    try {
      await opts.run(...args)
      if (opts.stays) setBusy(false)
    } catch (failure) {
      setError(opts.failed(failure))
      setBusy(false)
    }
  }
  /** A `<form onSubmit>`: the page does not reload, the action runs. */
  const submit = (event: FormEvent, ...args: Args) => {
    event.preventDefault()
    return act(...args)
  }
  return { busy, error, setError, act, submit, disabled: busy || !ready }
}
