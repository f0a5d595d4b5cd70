// The usage meter (DESIGN §7 quotas), as people know it from other drives: "X of Y used" over a
// bar when the account has a quota, "X used" alone when it has none, then what the space is used by
// (files, versions, trash) once there is more than files. Read from user-detailed, which
// the lists' refetch (hooks/use-refetch.ts) reads again after every upload and delete.
import { formatBytes, ProgressBar } from '@cumulus/ui'
import { css } from 'goober'
import { useId } from 'react'
import type { UserDetailedJson } from '../../api/user.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { cx, vars } from '../../styles.ts'
import { usageCopy as t } from './usage-copy.ts'

/** From this share of the quota on, the bar turns to the danger colour. */
export const NEARLY_FULL = 0.9

const meter = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  font-size: ${vars.font.size.small};
`

const heading = css`
  font-weight: ${vars.font.weight.semibold};
`

const text = css`
  margin: 0;
  color: ${vars.color.textMuted};
`

/** Bytes used and the quota (null: unlimited); `used` is DESIGN §7's field, `storage.usedBytes` the older one. */
export function usageOf(account: UserDetailedJson): { used: number; quota: number | null } {
  return { used: account.used ?? account.storage.usedBytes, quota: account.quota ?? null }
}

/**
 * "Files X · Versions Y · Trash Z": what the space is used by, or null when it is all current files
 * (or the server does not say). Parts holding nothing are left out.
 */
export function usedByText(account: Pick<UserDetailedJson, 'usedBy'>): string | null {
  const by = account.usedBy as UserDetailedJson['usedBy'] | undefined
  if (!by || (by.versions <= 0 && by.trash <= 0)) return null
  return [
    t.files(formatBytes(by.files)),
    ...(by.versions > 0 ? [t.versions(formatBytes(by.versions))] : []),
    ...(by.trash > 0 ? [t.trash(formatBytes(by.trash))] : []),
  ].join(t.separator)
}

/** "X of Y used" or "X used". */
export function usageText(used: number, quota: number | null): string {
  return quota !== null ? t.usedOf(formatBytes(used), formatBytes(quota)) : t.used(formatBytes(used))
}

export function UsageMeter({ className }: { className?: string }) {
  const { data } = useUserDetailed()
  const id = useId()
  if (!data) return null
  const { used, quota } = usageOf(data)
  const share = quota ? used / quota : quota === 0 ? 1 : 0
  const usedBy = usedByText(data)
  return (
    <div className={cx(meter, className)} role="group" aria-labelledby={id}>
      <span id={id} className={heading}>
        {t.label}
      </span>
      {quota !== null ? (
        <ProgressBar value={share * 100} label={t.label} tone={share >= NEARLY_FULL ? 'danger' : 'accent'} />
      ) : null}
      <p className={text}>{usageText(used, quota)}</p>
      {usedBy ? <p className={text}>{usedBy}</p> : null}
    </div>
  )
}
