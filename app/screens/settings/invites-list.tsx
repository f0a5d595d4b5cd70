// Settings → Users, the invites (DESIGN §8): each open or used invite with who made it, for whom,
// and when it expires or was used; an admin revokes any of them.
import { Button, formatFileDate } from '@cumulus/ui'
import { type InviteJson, revokeInvite } from '../../api/admin.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { badge, dangerBadge, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { RowFailure, useRowActions } from './row-actions.tsx'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.admin

/** "by ann@example.com · Expires 03/07/2024 09:05PM" (or "Used …" once it was). */
export function inviteMeta(invite: InviteJson): string {
  return [
    invite.createdBy ? t.invitedBy(invite.createdBy.email) : t.invitedByDeleted,
    invite.usedAt ? t.inviteUsedOn(formatFileDate(invite.usedAt)) : t.inviteExpires(formatFileDate(invite.expiresAt)),
  ].join(' · ')
}

/** Shown only while there are invites: an empty server's Users section stays as it was. */
export function InvitesList({
  invites,
  refetch,
  now = Date.now(),
}: {
  invites: InviteJson[] | undefined
  refetch: () => void
  now?: number
}) {
  const { busy, act, failureOf } = useRowActions(refetch)
  if (!invites?.length) return null
  return (
    <section className={subsection} aria-labelledby="settings-invites">
      <h3 id="settings-invites">{t.invitesTitle}</h3>
      <ul className={list} aria-labelledby="settings-invites">
        {invites.map((invite) => {
          const name = invite.email ? t.inviteFor(invite.email) : t.inviteLinkOnly
          const expired = !invite.usedAt && Date.parse(invite.expiresAt) <= now
          return (
            <li key={invite._id} className={item}>
              <div className={itemText}>
                <span className={itemTitle}>
                  {name}
                  {invite.usedAt ? <span className={badge}>{t.inviteUsed}</span> : null}
                  {expired ? <span className={dangerBadge}>{t.inviteExpired}</span> : null}
                </span>
                <p className={itemMeta}>{inviteMeta(invite)}</p>
              </div>
              <Button
                size="small"
                variant="danger"
                aria-label={t.revokeLabel(name)}
                disabled={busy}
                onClick={() =>
                  void act(
                    invite._id,
                    async () => {
                      await revokeInvite(invite._id)
                      toast.success(t.revoked)
                    },
                    t.actionError,
                  )
                }
              >
                {t.revoke}
              </Button>
              <RowFailure message={failureOf(invite._id)} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
