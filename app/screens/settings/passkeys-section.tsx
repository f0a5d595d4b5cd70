// Settings → Account → Passkeys (DESIGN.md §7): add one (the password, then the browser's prompt),
// several per account, each named; rename; remove with the password. Passkeys sign in alone and
// are the second factor after the password; the first one added signs other devices out.
import { Button, Dialog, DialogActions, DialogDescription, formatFileDate } from '@cumulus/ui'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { keys } from '../../api/keys.ts'
import {
  addPasskey,
  passkeyFailure,
  passkeysSupported,
  removePasskey,
  renamePasskey,
  type PasskeyJson,
} from '../../api/passkeys.ts'
import { FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { usePasskeys, useRefetchKey } from '../../hooks/use-account-lists.ts'
import { hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { ListPending } from './row-actions.tsx'
import { PasswordConfirmForm } from './password-confirm-form.tsx'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.passkeys

/** The server's longest passkey name. */
export const PASSKEY_NAME_MAX = 64

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: PasskeyJson } | { kind: 'remove'; passkey: PasskeyJson }

export function PasskeysSection() {
  const { passkeys, available, error, refetch } = usePasskeys()
  const refetchDevices = useRefetchKey(keys.sessions())
  const [editing, setEditing] = useState<Editing | null>(null)
  const supported = passkeysSupported()
  const close = () => setEditing(null)
  const done = () => {
    setEditing(null)
    refetch()
  }

  return (
    <section className={subsection} aria-labelledby="settings-passkeys">
      <h3 id="settings-passkeys">{t.title}</h3>
      <p className={hint}>{available === false ? t.unavailable : supported ? t.hint : t.unsupported}</p>
      {available && supported ? (
        <div>
          <Button icon="plus" onClick={() => setEditing({ kind: 'add' })}>
            {t.add}
          </Button>
        </div>
      ) : null}
      {passkeys ? (
        passkeys.length > 0 ? (
          <ul className={list} aria-labelledby="settings-passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey._id} className={item}>
                <div className={itemText}>
                  <span className={itemTitle}>{passkey.name}</span>
                  <p className={itemMeta}>
                    {t.added} {formatFileDate(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `${t.lastUsed} ${formatFileDate(passkey.lastUsedAt)}` : t.neverUsed}
                  </p>
                </div>
                <Button
                  size="small"
                  aria-label={`${t.rename} ${passkey.name}`}
                  onClick={() => setEditing({ kind: 'rename', passkey })}
                >
                  {t.rename}
                </Button>
                <Button
                  size="small"
                  variant="danger"
                  aria-label={`${t.remove} ${passkey.name}`}
                  onClick={() => setEditing({ kind: 'remove', passkey })}
                >
                  {t.remove}
                </Button>
              </li>
            ))}
          </ul>
        ) : available !== false ? (
          <p className={hint}>{t.empty}</p>
        ) : null
      ) : (
        <ListPending error={error} />
      )}
      <Dialog
        open={editing !== null}
        onClose={close}
        title={
          editing?.kind === 'add'
            ? t.add
            : editing?.kind === 'rename'
              ? t.renameTitle
              : editing
                ? t.removeTitle(editing.passkey.name)
                : ''
        }
        size="small"
        getPersistentElements={toastRegions}
      >
        {editing?.kind === 'add' ? (
          <AddForm
            onAdded={() => {
              // The first passkey signed every other device out.
              refetchDevices()
              done()
            }}
          />
        ) : editing?.kind === 'rename' ? (
          <RenameForm passkey={editing.passkey} onRenamed={done} />
        ) : editing?.kind === 'remove' ? (
          <PasswordConfirmForm
            text={t.removeText}
            passwordLabel={t.password}
            action={t.remove}
            failure={t.removeError}
            run={async (password) => {
              await removePasskey(editing.passkey._id, password)
              toast.success(t.removed)
              done()
            }}
          />
        ) : null}
      </Dialog>
    </section>
  )
}

const nameReady = (name: string) => name.trim().length <= PASSKEY_NAME_MAX

/** Mounted only while the dialog is open, so every opening starts empty. */
function AddForm({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: password !== '' && nameReady(name),
    run: async () => {
      await addPasskey(name.trim(), password)
      toast.success(t.addedToast)
      onAdded()
    },
    failed: (failure) => `${t.addError}: ${passkeyFailure(failure, t.cancelled)}`,
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <DialogDescription>{t.addText}</DialogDescription>
      <TextField
        label={t.name}
        placeholder={t.namePlaceholder}
        maxLength={PASSKEY_NAME_MAX}
        value={name}
        onValueChange={setName}
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
          {t.continue}
        </Button>
      </DialogActions>
    </form>
  )
}

function RenameForm({ passkey, onRenamed }: { passkey: PasskeyJson; onRenamed: () => void }) {
  const [name, setName] = useState(passkey.name)
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: name.trim() !== '' && nameReady(name),
    run: async () => {
      await renamePasskey(passkey._id, name.trim())
      toast.success(t.renamed)
      onRenamed()
    },
    failed: (failure) => `${t.renameError}: ${failureReason(failure)}`,
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <TextField label={t.name} maxLength={PASSKEY_NAME_MAX} value={name} onValueChange={setName} />
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {t.save}
        </Button>
      </DialogActions>
    </form>
  )
}
