// Settings → Users (admins only; DESIGN.md §7 "Accounts, admin, quotas"): every account with its
// storage, file count, quota, last activity and state, and what an admin does for a family member:
// create an account (a temporary password shown once), an invite link (or, with mail, an invite
// sent to an address) and the list of invites, disable or enable, delete (confirmed, naming what
// is lost), reset the password (shown once, or mailed as a link), set the quota, promote or demote,
// set the display name (DESIGN §8: each row shows it, then the email); then the groups. A refusal from the server (the last admin, …) shows under the row it was about.
import { Button, ConfirmDialog, Dialog, formatBytes, formatFileDate, Menu, type MenuEntry } from '@cumulus/ui'
import { useState } from 'react'
import {
  type AdminUserJson,
  type AdminUserPatch,
  createAdminUser,
  createInvite,
  deleteAdminUser,
  mailAdminUserReset,
  resetAdminUserPassword,
  updateAdminUser,
} from '../../api/admin.ts'
import { failureReason } from '../../api/http.ts'
import { keys } from '../../api/keys.ts'
import { copy } from '../../copy-screens.ts'
import { FormMessage } from '../../features/forms/form.tsx'
import { usageText } from '../../features/usage/usage-meter.tsx'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useAdminInvites, useAdminUsers, useRefetchKey } from '../../hooks/use-account-lists.ts'
import { notifyAuditChanged } from '../../hooks/use-audit-log.ts'
import { ActivitySection } from './activity-section.tsx'
import { EmailForm } from './email-form.tsx'
import { GroupsSection } from './groups-section.tsx'
import { NameForm } from './name-form.tsx'
import { InvitesList } from './invites-list.tsx'
import {
  actions,
  badge,
  dangerBadge,
  hint,
  item,
  itemMeta,
  itemText,
  itemTitle,
  list,
  subsection,
} from './list-styles.ts'
import { ListPending, RowFailure, useRowActions } from './row-actions.tsx'
import { QuotaDialog } from './quota-dialog.tsx'
import { SecretDialog, type Secret } from './secret-dialog.tsx'
import { settingsCopy } from './settings-copy.ts'
import { section } from './settings-styles.ts'

const t = settingsCopy.admin

type Asking = { kind: 'disable' | 'delete' | 'reset' | 'mailReset'; user: AdminUserJson } | null

/** "1.2 GB of 5 GB used · 34 files · Last active 03/07/2024 09:05PM". */
export function userMeta(user: AdminUserJson): string {
  return [
    usageText(user.used, user.quota),
    t.files(user.fileCount),
    user.lastActiveAt ? t.lastActive(formatFileDate(user.lastActiveAt)) : t.neverActive,
  ].join(' · ')
}

export function UsersSection({ currentUserId }: { currentUserId: string | undefined }) {
  const { users, error } = useAdminUsers()
  const refetchUsers = useRefetchKey(keys.adminUsers())
  // An admin action changes the list and adds an event to the activity below it.
  const refetch = () => {
    refetchUsers()
    notifyAuditChanged()
  }
  const { invites, mailEnabled } = useAdminInvites()
  const refetchInvites = useRefetchKey(keys.adminInvites())
  const [creating, setCreating] = useState(false)
  const [invitingByMail, setInvitingByMail] = useState(false)
  const [asking, setAsking] = useState<Asking>(null)
  const [quotaFor, setQuotaFor] = useState<AdminUserJson | null>(null)
  const [namingUser, setNamingUser] = useState<AdminUserJson | null>(null)
  const [secret, setSecret] = useState<Secret | null>(null)
  const { busy, act: actOn, failureOf } = useRowActions(refetch)
  const [inviteFailure, setInviteFailure] = useState('')

  /** Runs one change of `user`; a refusal shows under its row. */
  const act = (user: AdminUserJson, run: () => Promise<void>) =>
    actOn(user._id, run, t.actionError).then(() => setAsking(null))

  const update = (user: AdminUserJson, patch: AdminUserPatch) =>
    act(user, () => updateAdminUser(user._id, patch).then(() => undefined))

  const confirm = (kind: NonNullable<Asking>['kind'], user: AdminUserJson) => {
    if (kind === 'disable') return update(user, { disabled: true })
    if (kind === 'delete')
      return act(user, async () => {
        await deleteAdminUser(user._id)
        toast.success(t.deleted)
      })
    if (kind === 'mailReset')
      return act(user, async () => {
        const { mailedTo } = await mailAdminUserReset(user._id)
        toast.success(t.mailResetSent(mailedTo))
      })
    return act(user, async () => {
      const temporaryPassword = await resetAdminUserPassword(user._id)
      setSecret({
        title: t.resetTitle,
        text: t.temporaryText(user.email),
        label: t.temporaryLabel,
        value: temporaryPassword,
        copied: t.passwordCopied,
      })
    })
  }

  const invite = async () => {
    setInviteFailure('')
    try {
      const { url } = await createInvite()
      refetchInvites()
      setSecret({ title: t.inviteTitle, text: t.inviteText, label: t.inviteLabel, value: url, copied: t.linkCopied })
    } catch (failure) {
      console.warn('Creating an invite failed', failure)
      setInviteFailure(t.actionError(failureReason(failure)))
    }
  }

  const menuOf = (user: AdminUserJson): MenuEntry[] => {
    const self = user._id === currentUserId
    return [
      { id: 'name', label: t.setName, onSelect: () => setNamingUser(user) },
      { id: 'quota', label: t.setQuota, onSelect: () => setQuotaFor(user) },
      { id: 'reset', label: t.resetPassword, onSelect: () => setAsking({ kind: 'reset', user }) },
      // Offered only when the server can mail (GET /admin/invites says so).
      {
        id: 'mail-reset',
        label: t.mailReset,
        hidden: !mailEnabled,
        onSelect: () => setAsking({ kind: 'mailReset', user }),
      },
      user.role === 'admin'
        ? { id: 'demote', label: t.removeAdmin, onSelect: () => void update(user, { role: 'user' }) }
        : { id: 'promote', label: t.makeAdmin, onSelect: () => void update(user, { role: 'admin' }) },
      { separator: true, id: 'sep', hidden: self },
      // An admin does not lock themself out from here; the server refuses it anyway.
      user.disabled
        ? { id: 'enable', label: t.enable, hidden: self, onSelect: () => void update(user, { disabled: false }) }
        : { id: 'disable', label: t.disable, hidden: self, onSelect: () => setAsking({ kind: 'disable', user }) },
      {
        id: 'delete',
        label: t.delete,
        tone: 'danger',
        hidden: self,
        onSelect: () => setAsking({ kind: 'delete', user }),
      },
    ]
  }

  const askTitle = asking
    ? { disable: t.disableConfirm, delete: t.deleteConfirm, reset: t.resetConfirm, mailReset: t.mailResetConfirm }[
        asking.kind
      ](asking.user.email)
    : ''
  const askText = !asking
    ? undefined
    : asking.kind === 'delete'
      ? t.deleteText(t.files(asking.user.fileCount), formatBytes(asking.user.used))
      : { disable: t.disableText, reset: t.resetText, mailReset: t.mailResetText }[asking.kind]
  const askLabel = asking
    ? { disable: t.disable, delete: t.delete, reset: t.resetPassword, mailReset: t.mailReset }[asking.kind]
    : ''

  return (
    <div className={section}>
      <section className={subsection} aria-labelledby="settings-users">
        <h2 id="settings-users">{t.title}</h2>
        <p className={hint}>{t.hint}</p>
        <div className={actions}>
          <Button icon="plus" onClick={() => setCreating(true)}>
            {t.create}
          </Button>
          <Button icon="link" onClick={() => void invite()}>
            {t.invite}
          </Button>
          {mailEnabled ? <Button onClick={() => setInvitingByMail(true)}>{t.inviteByEmail}</Button> : null}
        </div>
        <FormMessage>{inviteFailure}</FormMessage>
        {users ? (
          <ul className={list} aria-labelledby="settings-users">
            {users.map((user) => (
              <li key={user._id} className={item}>
                <div className={itemText}>
                  <span className={itemTitle}>
                    {user.displayName}
                    {user._id === currentUserId ? <span className={badge}>{t.you}</span> : null}
                    {user.role === 'admin' ? <span className={badge}>{t.admin}</span> : null}
                    {user.disabled ? <span className={dangerBadge}>{t.disabled}</span> : null}
                  </span>
                  <p className={itemMeta}>{user.email}</p>
                  <p className={itemMeta}>{userMeta(user)}</p>
                  <p className={itemMeta}>{user.quota === null ? t.unlimited : t.quota(formatBytes(user.quota))}</p>
                </div>
                <Menu label={t.actions(user.email)} items={menuOf(user)} />
                <RowFailure message={failureOf(user._id)} />
              </li>
            ))}
          </ul>
        ) : (
          <ListPending error={error} />
        )}
        <InvitesList invites={invites} refetch={refetchInvites} />
      </section>
      <GroupsSection />
      <ActivitySection scope="all" />
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t.create}
        size="small"
        getPersistentElements={toastRegions}
      >
        <EmailForm
          submitLabel={t.createSubmit}
          onSubmit={async (email) => {
            const { user, temporaryPassword } = await createAdminUser(email)
            setCreating(false)
            refetch()
            setSecret({
              title: t.createdTitle,
              text: t.temporaryText(user.email),
              label: t.temporaryLabel,
              value: temporaryPassword,
              copied: t.passwordCopied,
            })
          }}
        />
      </Dialog>
      <Dialog
        open={invitingByMail}
        onClose={() => setInvitingByMail(false)}
        title={t.inviteByEmail}
        size="small"
        getPersistentElements={toastRegions}
      >
        <EmailForm
          submitLabel={t.inviteSubmit}
          onSubmit={async (email) => {
            const { invite } = await createInvite(email)
            setInvitingByMail(false)
            refetchInvites()
            toast.success(t.inviteSent(invite.email ?? email))
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        title={askTitle}
        text={askText}
        confirmLabel={askLabel}
        cancelLabel={copy.cancel}
        tone={asking?.kind === 'reset' || asking?.kind === 'mailReset' ? 'default' : 'danger'}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void (asking && confirm(asking.kind, asking.user))}
      />
      <QuotaDialog
        user={quotaFor}
        onClose={() => setQuotaFor(null)}
        onSave={async (quota) => {
          await updateAdminUser(quotaFor!._id, { quota })
          setQuotaFor(null)
          refetch()
        }}
      />
      <Dialog
        open={namingUser !== null}
        onClose={() => setNamingUser(null)}
        title={namingUser ? t.nameTitle(namingUser.email) : ''}
        size="small"
        getPersistentElements={toastRegions}
      >
        {namingUser ? (
          <NameForm
            label={t.nameLabel}
            what={copy.displayName.what}
            initial={namingUser.displayName}
            submitLabel={t.save}
            failure={t.nameError}
            run={async (displayName) => {
              await updateAdminUser(namingUser._id, { displayName })
              setNamingUser(null)
              refetch()
              toast.success(t.nameSaved)
            }}
          />
        ) : null}
      </Dialog>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  )
}
