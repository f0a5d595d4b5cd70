// A share link's options (LinkSettingsForm) bound to a save call: busy while it runs, and the
// server's reason under the fields when it refuses (e.g. a limit below the downloads already made).
import { LinkSettingsForm, type LinkSettings, type LinkSettingsFormProps, noLinkSettings } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import type { ShareLinkJson } from '../../api/share-links.ts'
import { linkVersion, settingsOf } from './link-settings.ts'
import { shareCopy } from './share-copy.ts'

export interface LinkOptionsFormProps extends Omit<
  LinkSettingsFormProps,
  'onSubmit' | 'access' | 'hasPassword' | 'defaultValue' | 'value' | 'busy' | 'error'
> {
  /** The link being changed; none while it is still to be made. */
  link: ShareLinkJson | undefined
  access: ShareLinkJson['access']
  /** Sends the settings; a rejection is shown in the form. */
  save: (settings: LinkSettings) => Promise<unknown>
  submitLabel?: string
}

export function LinkOptionsForm({
  link,
  access,
  save,
  submitLabel = shareCopy.form.save,
  labels,
  ...props
}: LinkOptionsFormProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (settings: LinkSettings) => {
    setBusy(true)
    setError(null)
    try {
      await save(settings)
    } catch (failure) {
      // The toast has said it failed; the form keeps what was typed and says why.
      console.warn('Link settings failed', failure)
      setError(failureReason(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <LinkSettingsForm
      // A new version from the server (after a save or a refetch) starts the fields over from it.
      key={link ? linkVersion(link) : 'new'}
      {...props}
      access={access}
      hasPassword={link?.hasPassword ?? false}
      defaultValue={link ? settingsOf(link) : noLinkSettings}
      busy={busy}
      error={error}
      onSubmit={(settings) => void submit(settings)}
      labels={{ submit: submitLabel, cancel: shareCopy.form.cancel, ...labels }}
    />
  )
}
