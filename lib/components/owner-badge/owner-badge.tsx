import type { ComponentPropsWithRef } from 'react'
import { isolateText, withName } from '../../internal/bidi.tsx'
import { cx } from '../../internal/cx.ts'
import { useLabels } from '../../locale/context.ts'
import { Icon } from '../icon/icon.tsx'
import * as css from './owner-badge.css.ts'

/** The texts of `OwnerBadge`; each has an English default. */
export interface OwnerBadgeLabels {
  /** The visible text of an item shared with me, from its owner's name: "Ben's". */
  ownedBy: (name: string) => string
  /** Its tooltip and accessible name: "Shared by Ben". */
  sharedBy: (name: string) => string
  /** The visible text of my item that I shared. */
  shared: string
  /** Its tooltip and accessible name. */
  sharedWithOthers: string
}

/** English defaults of `OwnerBadgeLabels`. */
export const defaultOwnerBadgeLabels: OwnerBadgeLabels = {
  ownedBy: (name) => `${name}'s`,
  sharedBy: (name) => `Shared by ${name}`,
  shared: 'Shared',
  sharedWithOthers: 'Shared with others',
}

/** Props of `OwnerBadge`; other attributes go to the `span`. */
export interface OwnerBadgeProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** The owner's display name, for an item shared with me: shows "Ben's". Wins over `shared`. */
  name?: string | undefined
  /** My own item that I shared with others: shows "Shared". */
  shared?: boolean | undefined
  /** The icon alone (beside a name in a one-line card or row); the tooltip and accessible name keep the sentence. */
  compact?: boolean | undefined
  /** Texts; see `defaultOwnerBadgeLabels`. */
  labels?: Partial<OwnerBadgeLabels> | undefined
}

/**
 * The small people mark on a card or row: the two-people icon and "Ben's" (shared with me) or
 * "Shared" (mine, shared), with the full sentence as its tooltip and accessible name (an image
 * role). Renders nothing with neither `name` nor `shared`.
 */
export function OwnerBadge({
  name,
  shared = false,
  compact = false,
  labels: labelOverrides,
  className,
  ...props
}: OwnerBadgeProps) {
  const labels = useLabels('ownerBadge', defaultOwnerBadgeLabels, labelOverrides)
  const hasName = name !== undefined && name !== ''
  if (!hasName && !shared) return null
  const description = hasName ? labels.sharedBy(isolateText(name)) : labels.sharedWithOthers
  return (
    <span
      data-part="owner-badge"
      data-kind={hasName ? 'shared-with-me' : 'shared-by-me'}
      data-compact={compact || undefined}
      role="img"
      aria-label={description}
      title={description}
      {...props}
      className={cx(css.badge, compact && css.compact, className)}
    >
      <Icon name="users" size="small" className={css.icon} />
      {compact ? null : <span className={css.text}>{hasName ? withName(labels.ownedBy, name) : labels.shared}</span>}
    </span>
  )
}
