// Settings → Server (admins only; DESIGN.md §8 "Operations"): the warnings first (disk almost full,
// last backup failed or stale), then version and uptime, storage (in total and per member), the data
// disk, the last backup and the work queues. Read again every 30 s while shown (use-server-status).
import { formatBytes, formatFileDate, ProgressBar } from '@cumulus/ui'
import { css } from 'goober'
import { Fragment, type ReactNode } from 'react'
import type { ServerStatusReply, ServerWarning } from '../../api/admin.ts'
import { useServerStatus } from '../../hooks/use-server-status.ts'
import { vars } from '../../styles.ts'
import { NEARLY_FULL } from '../../features/usage/usage-meter.tsx'
import { hint, item, itemMeta, itemText, itemTitle, list, subsection } from './list-styles.ts'
import { ListPending } from './row-actions.tsx'
import { settingsCopy } from './settings-copy.ts'
import { section } from './settings-styles.ts'

const t = settingsCopy.server

const warning = css`
  padding: ${vars.space.medium};
  border: ${vars.borderWidth.thin} solid ${vars.color.warning};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.warningSubtle};
  color: ${vars.color.text};
`

const warnings = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
  margin: 0;
  padding: 0;
  list-style: none;
`

const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${vars.space.xsmall} ${vars.space.large};
  margin: 0;
  & dt {
    color: ${vars.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

/** "4.5": a share 0–1 as a percentage with one decimal at most. */
const percent = (share: number) => String(Math.round(share * 1000) / 10)

/** "3 days 4 hours", "2 hours 5 minutes", "12 minutes". */
export function uptimeText(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return t.duration(Math.floor(minutes / 1440), Math.floor(minutes / 60) % 24, minutes % 60)
}

/** The sentence a warning reads as. */
export function warningText(w: ServerWarning): string {
  switch (w.code) {
    case 'DISK_LOW':
      return t.diskLow(percent(w.freeShare))
    case 'BACKUP_FAILED':
      return t.backupFailed(formatFileDate(w.at), w.error)
    case 'BACKUP_STALE':
      return t.backupStale(formatFileDate(w.at))
  }
}

function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className={facts}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={subsection} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  )
}

function LastBackup({ backup }: { backup: ServerStatusReply['lastBackup'] }) {
  if (!backup)
    return (
      <>
        <p>{t.noBackup}</p>
        <p className={hint}>{t.noBackupHint}</p>
      </>
    )
  return (
    <Facts
      rows={[
        [t.backupAt, formatFileDate(backup.at)],
        [t.backupResult, backup.ok ? t.backupOk : `${t.backupFailedResult}${backup.error ? `: ${backup.error}` : ''}`],
        [t.backupSize, formatBytes(backup.bytes)],
        [t.backupFiles, t.backupFileCount(backup.files)],
        [t.backupFolder, backup.dir],
      ]}
    />
  )
}

export function ServerSection() {
  const { status, error } = useServerStatus()
  const usedShare = status && status.disk.total > 0 ? 1 - status.disk.free / status.disk.total : 0
  return (
    <div className={section}>
      <section className={subsection} aria-labelledby="settings-server">
        <h2 id="settings-server">{t.title}</h2>
        <p className={hint}>{t.hint}</p>
        {!status ? <ListPending error={error} /> : null}
        {status && status.warnings.length > 0 ? (
          <ul className={warnings} aria-label={t.warningsLabel}>
            {status.warnings.map((w) => (
              <li key={w.code} className={warning}>
                {warningText(w)}
              </li>
            ))}
          </ul>
        ) : null}
        {status ? (
          <Facts
            rows={[
              [t.version, status.version],
              [t.uptime, `${uptimeText(status.uptimeSeconds)} (${t.started(formatFileDate(status.startedAt))})`],
            ]}
          />
        ) : null}
      </section>
      {status ? (
        <>
          <Block id="settings-server-storage" title={t.storage}>
            <Facts
              rows={[
                [t.files, formatBytes(status.storage.files)],
                [t.versions, formatBytes(status.storage.versions)],
                [t.trash, formatBytes(status.storage.trash)],
              ]}
            />
            {status.storage.members.length > 0 ? (
              <ul className={list} aria-label={t.membersLabel}>
                {status.storage.members.map((m) => (
                  <li key={m._id} className={item}>
                    <div className={itemText}>
                      <span className={itemTitle}>{m.displayName}</span>
                      <p className={itemMeta}>{m.email}</p>
                      <p className={itemMeta}>
                        {t.memberUsage(formatBytes(m.files), formatBytes(m.versions), formatBytes(m.trash))}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </Block>
          <Block id="settings-server-disk" title={t.disk}>
            <ProgressBar
              value={usedShare * 100}
              label={t.diskUsed}
              tone={usedShare >= NEARLY_FULL ? 'danger' : 'accent'}
            />
            <p>{t.diskFree(formatBytes(status.disk.free), formatBytes(status.disk.total))}</p>
          </Block>
          <Block id="settings-server-backup" title={t.backup}>
            <LastBackup backup={status.lastBackup} />
          </Block>
          <Block id="settings-server-queues" title={t.queues}>
            <Facts
              rows={[
                [t.thumbnails, String(status.queues.thumbnails)],
                [t.indexing, String(status.queues.indexing)],
              ]}
            />
          </Block>
        </>
      ) : null}
    </div>
  )
}
