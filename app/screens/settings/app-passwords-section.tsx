// Settings → Account → App passwords (DESIGN.md §7): for WebDAV and scripts, never the web sign-in.
// Create one with a name, Read or Read and write, and the password again (a stolen session must not
// plant lasting access); its secret is shown once (with Copy); each is listed with its last use and
// can be revoked (confirmed first).
import { Button, ConfirmDialog, Dialog, DialogActions, formatFileDate, Select } from '@cumulus/ui'
import { useState } from 'react'
import { type AppPasswordJson, type AppPasswordScope, createAppPassword, revokeAppPassword } from '../../api/account.ts'
import { failureReason } from '../../api/http.ts'
import { keys } from '../../api/keys.ts'
import { copy } from '../../copy-screens.ts'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { fieldBeside, FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useAppPasswords, useRefetchKey } from '../../hooks/use-account-lists.ts'
import { hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { ListPending, RowFailure, useRowActions } from './row-actions.tsx'
import { monospaceInput, SecretDialog, type Secret } from './secret-dialog.tsx'
import { cx } from '../../styles.ts'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.appPasswords

/** The server's longest app password name (ours). */
export const APP_PASSWORD_NAME_MAX = 100

const scopeOptions: Array<{ value: AppPasswordScope; label: string }> = [
  { value: 'read', label: t.read },
  { value: 'write', label: t.write },
]

/** Where a WebDAV client connects (the server's PUBLIC_URL + /dav/), with Copy. */
function DavAddress({ url }: { url: string }) {
  return (
    <div className={cx(fieldBeside, monospaceInput)}>
      <TextField
        label={t.davAddress}
        value={url}
        readOnly
        onValueChange={() => {}}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button icon="copy" onClick={() => void copyWithToast(url, t.davCopied)}>
        {settingsCopy.copy}
      </Button>
    </div>
  )
}

export function AppPasswordsSection() {
  const { appPasswords, davUrl, error } = useAppPasswords()
  const refetch = useRefetchKey(keys.appPasswords())
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<Secret | null>(null)
  const [revoking, setRevoking] = useState<AppPasswordJson | null>(null)
  const { busy, act, failureOf } = useRowActions(refetch)

  const revoke = (appPassword: AppPasswordJson) =>
    act(
      appPassword._id,
      async () => {
        await revokeAppPassword(appPassword._id)
        toast.success(t.revoked)
      },
      (reason) => `${t.revokeError}: ${reason}`,
    ).then(() => setRevoking(null))

  return (
    <section className={subsection} aria-labelledby="settings-app-passwords">
      <h3 id="settings-app-passwords">{t.title}</h3>
      <p className={hint}>{t.hint}</p>
      {davUrl ? <DavAddress url={davUrl} /> : null}
      <div>
        <Button icon="plus" onClick={() => setCreating(true)}>
          {t.create}
        </Button>
      </div>
      {appPasswords ? (
        appPasswords.length > 0 ? (
          <ul className={list} aria-labelledby="settings-app-passwords">
            {appPasswords.map((appPassword) => (
              <li key={appPassword._id} className={item}>
                <div className={itemText}>
                  <span className={itemTitle}>{appPassword.name}</span>
                  <p className={itemMeta}>
                    {appPassword.scope === 'write' ? t.write : t.read} · {t.created}{' '}
                    {formatFileDate(appPassword.createdAt)} ·{' '}
                    {appPassword.lastUsedAt ? `${t.lastUsed} ${formatFileDate(appPassword.lastUsedAt)}` : t.neverUsed}
                  </p>
                </div>
                <Button
                  size="small"
                  variant="danger"
                  aria-label={`${t.revoke} ${appPassword.name}`}
                  onClick={() => setRevoking(appPassword)}
                >
                  {t.revoke}
                </Button>
                <RowFailure message={failureOf(appPassword._id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={hint}>{t.empty}</p>
        )
      ) : (
        <ListPending error={error} />
      )}
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t.create}
        size="small"
        getPersistentElements={toastRegions}
      >
        <CreateAppPasswordForm
          onCreated={(value) => {
            setCreating(false)
            refetch()
            setSecret({ title: t.secretTitle, text: t.secretText, label: t.secretLabel, value, copied: t.copied })
          }}
        />
      </Dialog>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t.revokeConfirm(revoking.name) : ''}
        text={t.revokeText}
        confirmLabel={t.revoke}
        cancelLabel={copy.cancel}
        tone="danger"
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void (revoking && revoke(revoking))}
      />
    </section>
  )
}

/** Mounted only while the dialog is open, so every opening starts empty. */
function CreateAppPasswordForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const [name, setName] = useState('')
  const [scope, setScope] = useState<AppPasswordScope>('read')
  const [password, setPassword] = useState('')
  const trimmed = name.trim()
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: trimmed !== '' && trimmed.length <= APP_PASSWORD_NAME_MAX && password !== '',
    run: async () => {
      const { secret } = await createAppPassword(trimmed, scope, password)
      onCreated(secret)
    },
    failed: (failure) => {
      console.warn('Creating an app password failed', failure)
      return `${t.createError}: ${failureReason(failure)}`
    },
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <TextField
        label={t.name}
        placeholder={t.namePlaceholder}
        maxLength={APP_PASSWORD_NAME_MAX}
        value={name}
        onValueChange={setName}
      />
      <Select
        label={t.scope}
        options={scopeOptions}
        value={scope}
        onValueChange={(value) => setScope(value as AppPasswordScope)}
      />
      <TextField
        label={t.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {t.createSubmit}
        </Button>
      </DialogActions>
    </form>
  )
}
