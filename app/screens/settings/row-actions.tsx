// What the settings lists (users, devices, app passwords) share around a row's action: a busy
// flag while it runs, a refusal shown under its own row, the list read again either way, and the
// list's place before it has rows.
import { Spinner } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { copy } from '../../copy-screens.ts'
import { hint, rowError } from './list-styles.ts'
import { settingsCopy } from './settings-copy.ts'

export function useRowActions(refetch: () => void) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<{ id: string; message: string } | null>(null)

  /** Runs `run` for the row `id`; a refusal reads `message(reason)` under that row. Never rejects. */
  const act = async (id: string, run: () => Promise<unknown>, message: (reason: string) => string): Promise<void> => {
    setBusy(true)
    setFailed(null)
    try {
      await run()
    } catch (failure) {
      console.warn('A settings action failed', failure)
      setFailed({ id, message: message(failureReason(failure)) })
    } finally {
      setBusy(false)
      refetch()
    }
  }

  return { busy, act, failureOf: (id: string) => (failed?.id === id ? failed.message : null) }
}

/** A row's refusal, under it. */
export function RowFailure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className={rowError}>
      {message}
    </p>
  ) : null
}

/** A list that has no rows yet: its load error, or a spinner while it loads. */
export function ListPending({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className={hint}>
      {settingsCopy.loadError}
    </p>
  ) : (
    <Spinner label={copy.loading} />
  )
}
