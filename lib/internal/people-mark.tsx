import { OwnerBadge } from '../components/owner-badge/owner-badge.tsx'
import type { BrowserItemPeople } from '../components/file-card/browser-item.ts'

/**
 * An item's `people` as the kit's OwnerBadge. Beside a name in a one-line card or row it is the
 * icon alone (`compact`): the name keeps its room, the tooltip and accessible name the sentence.
 */
export function PeopleMark({
  people,
  compact = false,
  className,
}: {
  people: BrowserItemPeople | undefined
  compact?: boolean
  className?: string
}) {
  if (!people) return null
  return <OwnerBadge name={people.owner} shared={people.shared} compact={compact} className={className} />
}
