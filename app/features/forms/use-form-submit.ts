// A form's one action: busy while it runs, the text of its failure, and the submit handler that
// runs it once at a time. After a success the form stays busy: it is about to close or move on.
import { type FormEvent, useState } from 'react'

export function useFormSubmit(opts: {
  /** Whether the fields allow submitting. */
  ready: boolean
  run: () => Promise<void>
  /** The text shown for a failure ('' shows none). */
  failed: (failure: unknown) => string
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !opts.ready) return
    setBusy(true)
    setError('')
    try {
      await opts.run()
    } catch (failure) {
      setError(opts.failed(failure))
      setBusy(false)
    }
  }
  return { busy, error, setError, submit, disabled: busy || !opts.ready }
}
