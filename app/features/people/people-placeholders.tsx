// PLACEHOLDERS for the lib's `OwnerBadge {name}` and `AddedBy {name, date?}` (issue #39 point 8),
// which are being built in @cumulus/ui in parallel: swap these two for the lib's components once
// they are on main (same props), and delete this file. Names are other people's data: React
// escapes them as text, never HTML.
import { css } from 'goober'
import { copy } from '../../copy-screens.ts'
import { vars } from '../../styles.ts'

const badge = css`
  display: inline-block;
  max-width: 100%;
  padding: 1px 6px;
  border-radius: 999px;
  background: rgba(0, 0, 0, 0.6);
  color: #fff;
  font-size: 12px;
  line-height: 18px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`

/** Whose item it is, over a tile ("Ben's"). */
export function OwnerBadgePlaceholder({ name }: { name: string }) {
  return (
    <span className={badge} data-part="owner-badge">
      {copy.timeline.ownerBadge(name)}
    </span>
  )
}

const line = css`
  color: ${vars.color.textMuted};
  font-size: 13px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`

/** Who put the item in ("Added by Ben"). */
export function AddedByPlaceholder({ name }: { name: string; date?: string }) {
  return (
    <span className={line} data-part="added-by">
      {copy.viewer.addedBy(name)}
    </span>
  )
}
