// A share link's options (LinkSettingsForm) bound to a save call: busy while it runs, and the
// server's reason under the fields when it refuses (e.g. a limit below the downloads already made).
import { LinkSettingsForm, type LinkSettings, type LinkSettingsFormProps, noLinkSettings } from '@cumulus/ui'
import { failureReason } from '../../api/http.ts'
import { useFormSubmit } from '../forms/use-form-submit.ts'
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
  const { busy, error, act } = useFormSubmit({
    run: async (settings: LinkSettings) => {
      await save(settings)
    },
    failed: (failure) => {
      // The toast has said it failed; the form keeps what was typed and says why.
      console.warn('Link settings failed', failure)
      return failureReason(failure)
    },
    stays: true,
  })

  return (
    <LinkSettingsForm
      // A new version from the server (after a save or a refetch) starts the fields over from it.
      key={link ? linkVersion(link) : 'new'}
      {...props}
      access={access}
      hasPassword={link?.hasPassword ?? false}
      defaultValue={link ? settingsOf(link) : noLinkSettings}
      busy={busy}
      error={error || null}
      onSubmit={(settings) => void act(settings)}
      labels={{ submit: submitLabel, cancel: shareCopy.form.cancel, ...labels }}
    />
  )
}
