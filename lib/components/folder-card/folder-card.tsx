import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import type { BrowserFolder } from '../file-card/browser-item.ts'
import { OpenCue } from '../../internal/open-cue.tsx'
import { PeopleMark } from '../../internal/people-mark.tsx'
import { Icon } from '../icon/icon.tsx'
import { TrashNote } from '../trash-note/trash-note.tsx'
import * as css from './folder-card.css.ts'

/** Props of `FolderCard`; the rest go to the root (Ariakit `Role`, a `div` unless `render` says otherwise). */
export interface FolderCardProps extends Omit<Ariakit.RoleProps, 'children'> {
  /** The folder to show. */
  folder: BrowserFolder
  /** Draws the selected look (and sets `data-selected`). */
  selected?: boolean | undefined
  /** Selected, it also shows an "Open" cue: on touch, where a first tap selects and a second opens. */
  openCue?: boolean | undefined
  /** The cue's text; defaults to the locale's `common.open` ("Open"). */
  openLabel?: string | undefined
}

/** A folder's card: the folder icon and the name. Given a `role` (e.g. `option` inside `FolderGrid`), its name is the folder name. */
export function FolderCard({
  folder,
  selected = false,
  openCue = false,
  openLabel,
  className,
  ...props
}: FolderCardProps) {
  return (
    <Ariakit.Role
      data-selected={selected || undefined}
      {...props}
      data-part="folder-card"
      className={cx(css.card, className)}
    >
      <Icon name="folder" className={css.icon} />
      {folder.trashed ? (
        // In the trash the name and its note stack, so neither squeezes the other out.
        <span className={css.stack}>
          <span data-part="folder-name" dir="auto" className={css.name} title={folder.name}>
            {folder.name}
          </span>{' '}
          <TrashNote at={folder.trashed.at} daysLeft={folder.trashed.daysLeft} />
        </span>
      ) : (
        <span data-part="folder-name" dir="auto" className={css.name} title={folder.name}>
          {folder.name}
        </span>
      )}
      <PeopleMark people={folder.people} compact />
      {folder.note ? (
        <span data-part="folder-note" className={css.note}>
          {folder.note}
        </span>
      ) : null}
      {selected && openCue ? <OpenCue label={openLabel} /> : null}
    </Ariakit.Role>
  )
}
