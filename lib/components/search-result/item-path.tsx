import type { ComponentPropsWithRef, MouseEvent } from 'react'
import { cx } from '../../internal/cx.ts'
import { useLabels } from '../../locale/context.ts'
import * as css from './search-result.css.ts'

/** One folder of an item's path. */
export interface PathCrumb {
  id: string
  name: string
}

/** Texts of `ItemPath` (and of the path lines that use it). */
export interface ItemPathLabels {
  /** The list's accessible name. */
  path: string
  /** The first crumb outside trash. */
  home: string
  /** The first crumb in trash. */
  trash: string
  /** The first crumb of what someone shares with the viewer (their view starts at the share). */
  shared: string
  /** A crumb's accessible name: "Open folder <name>". */
  openFolder: (name: string) => string
}

/** Default texts: "Location", "Home", "Trash", "Shared with me", "Open folder <name>". */
export const defaultItemPathLabels: ItemPathLabels = {
  path: 'Location',
  home: 'Home',
  trash: 'Trash',
  shared: 'Shared with me',
  openFolder: (name) => `Open folder ${name}`,
}

/** The first crumb: Home, Trash or Shared with me. */
export const itemPathRoots = ['home', 'trash', 'shared'] as const

/** One of `itemPathRoots`. */
export type ItemPathRoot = (typeof itemPathRoots)[number]

/** Props of `ItemPath`; the rest go to the `ol`. */
export interface ItemPathProps extends Omit<ComponentPropsWithRef<'ol'>, 'children'> {
  /** The folders from the root down to the item's parent, outermost first; empty: directly in the root. */
  path: readonly PathCrumb[]
  /** The first crumb's text: Home (default), Trash, or Shared with me (a member's view of a share). */
  root?: ItemPathRoot | undefined
  /** A crumb was chosen: the folder's id, or `undefined` for the first (root) crumb. Without it the crumbs are plain text. */
  onFolderClick?: ((folderId: string | undefined) => void) | undefined
  /** Props every crumb button gets (a collection row passes its action props: tab stop and key walk). */
  crumbProps?: { tabIndex?: number; 'data-collection-action'?: true } | undefined
  /** Texts; defaults to `defaultItemPathLabels`. */
  labels?: Partial<ItemPathLabels> | undefined
}

/**
 * Where an item is: its folders as a breadcrumb, Home (or Trash) first, each crumb a button that
 * hands its folder id to `onFolderClick`. Long paths are cut short at the end of each crumb.
 */
export function ItemPath({
  path,
  root = 'home',
  onFolderClick,
  crumbProps,
  labels,
  className,
  ...props
}: ItemPathProps) {
  const text = useLabels('itemPath', defaultItemPathLabels, labels)
  const crumbs: Array<{ id: string | undefined; name: string }> = [{ id: undefined, name: text[root] }, ...path]
  return (
    <ol aria-label={text.path} data-part="item-path" {...props} className={cx(css.path, className)}>
      {crumbs.map((crumb, index) => (
        <li key={crumb.id ?? ''} className={css.crumbItem} data-part="item-path-crumb">
          {index > 0 ? (
            <span aria-hidden className={css.separator}>
              ›
            </span>
          ) : null}
          {onFolderClick ? (
            <button
              type="button"
              {...crumbProps}
              aria-label={text.openFolder(crumb.name)}
              className={css.crumb}
              title={crumb.name}
              onClick={(event: MouseEvent<HTMLButtonElement>) => {
                // Inside a row: the crumb opens its folder, the row's own click (select, open) stays out.
                event.stopPropagation()
                onFolderClick(crumb.id)
              }}
            >
              <bdi>{crumb.name}</bdi>
            </button>
          ) : (
            <bdi className={css.crumbText} title={crumb.name}>
              {crumb.name}
            </bdi>
          )}
        </li>
      ))}
    </ol>
  )
}
