// Settings → Account → Activity: the user's own audit events; Settings → Users shows the same list
// for every account (DESIGN.md §7 "Audit log"). Newest first, a page at a time behind "Show more".
import { Button, formatFileDate, Spinner } from '@cumulus/ui'
import type { AuditEventJson } from '../../api/account.ts'
import { copy } from '../../copy-screens.ts'
import { type AuditScope, useAuditLog } from '../../hooks/use-audit-log.ts'
import { hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { auditTypeLabels, settingsCopy } from './settings-copy.ts'

const t = settingsCopy.activity

/** What happened, in words: the known types read as a sentence, any other as the server sent it. */
export const auditLabel = (event: AuditEventJson) => auditTypeLabels[event.type] ?? event.type

function metaOf(event: AuditEventJson, scope: AuditScope): string {
  const parts = [formatFileDate(event.createdAt)]
  // An admin's action names the account it was about, in either list ("for bob@example.com").
  if (event.email && event.type.startsWith('admin.')) parts.push(t.about(event.email))
  else if (scope === 'all' && event.email) parts.push(event.email)
  // A member's change in a shared folder names them as people know them (the name is text, never HTML).
  if (event.actorName) parts.push(t.by(event.actorName))
  else if (event.actorEmail) parts.push(t.by(event.actorEmail))
  if (event.ip) parts.push(event.ip)
  return parts.join(' · ')
}

export function ActivitySection({ scope }: { scope: AuditScope }) {
  const { events, hasMore, loading, error, loadMore } = useAuditLog(scope)
  const id = `settings-activity-${scope}`
  const loaded = events.length > 0 || (!loading && !error)
  return (
    <section className={subsection} aria-labelledby={id}>
      <h3 id={id}>{scope === 'all' ? t.allTitle : t.title}</h3>
      {scope === 'own' ? <p className={hint}>{t.hint}</p> : null}
      {events.length > 0 ? (
        <ul className={list} aria-labelledby={id}>
          {events.map((event) => (
            <li key={event._id} className={item}>
              <div className={itemText}>
                <span className={itemTitle}>
                  {auditLabel(event)}
                  {event.detail ? `: ${event.detail}` : ''}
                </span>
                <p className={itemMeta}>{metaOf(event, scope)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : loaded ? (
        <p className={hint}>{t.empty}</p>
      ) : null}
      {error ? (
        <p role="alert" className={hint}>
          {settingsCopy.loadError}
        </p>
      ) : loading ? (
        <Spinner label={copy.loading} />
      ) : hasMore ? (
        <div>
          <Button onClick={loadMore}>{t.more}</Button>
        </div>
      ) : null}
    </section>
  )
}
