// Settings → Account → Devices (DESIGN.md §7): every signed-in browser with its browser and OS (the
// server parses the user agent), address, sign-in and last-seen times, "This device" on the one in
// hand, and Sign out. Signing out this device is the account's Logout, confirmed by its own dialog.
import { Button, ConfirmDialog, formatFileDate } from '@cumulus/ui'
import { useState } from 'react'
import { endSession, type SessionJson } from '../../api/account.ts'
import { keys } from '../../api/keys.ts'
import { copy } from '../../copy-screens.ts'
import { toast } from '../../features/toasts/toasts.tsx'
import { useRefetchKey, useSessions } from '../../hooks/use-account-lists.ts'
import { badge, hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { ListPending, RowFailure, useRowActions } from './row-actions.tsx'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.devices

/** "Firefox on Linux", with stand-ins for what the user agent did not say. */
export const deviceName = (session: SessionJson) => t.on(session.browser || t.unknownBrowser, session.os || t.unknownOs)

export function DevicesSection({ onSignOutThisDevice }: { onSignOutThisDevice: () => void }) {
  const { sessions, error } = useSessions()
  const refetch = useRefetchKey(keys.sessions())
  const [confirming, setConfirming] = useState<SessionJson | null>(null)
  const { busy, act, failureOf } = useRowActions(refetch)

  const signOut = (session: SessionJson) =>
    act(
      session._id,
      async () => {
        await endSession(session._id)
        toast.success(t.signedOut)
      },
      (reason) => `${t.signOutError}: ${reason}`,
    ).then(() => setConfirming(null))

  return (
    <section className={subsection} aria-labelledby="settings-devices">
      <h3 id="settings-devices">{t.title}</h3>
      <p className={hint}>{t.hint}</p>
      {sessions ? (
        <ul className={list} aria-labelledby="settings-devices">
          {sessions.map((session) => (
            <li key={session._id} className={item}>
              <div className={itemText}>
                <span className={itemTitle}>
                  {deviceName(session)}
                  {session.current ? <span className={badge}>{t.thisDevice}</span> : null}
                </span>
                <p className={itemMeta}>
                  {session.ip ? `${t.address} ${session.ip} · ` : ''}
                  {t.signedIn} {formatFileDate(session.createdAt)} · {t.lastSeen} {formatFileDate(session.lastSeenAt)}
                </p>
              </div>
              <Button
                size="small"
                aria-label={`${t.signOut} ${deviceName(session)}${session.current ? ` (${t.thisDevice})` : ''}`}
                onClick={() => (session.current ? onSignOutThisDevice() : setConfirming(session))}
              >
                {t.signOut}
              </Button>
              <RowFailure message={failureOf(session._id)} />
            </li>
          ))}
        </ul>
      ) : (
        <ListPending error={error} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t.signOutConfirm(deviceName(confirming)) : ''}
        text={t.signOutText}
        confirmLabel={t.signOut}
        cancelLabel={copy.cancel}
        tone="danger"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void (confirming && signOut(confirming))}
      />
    </section>
  )
}
