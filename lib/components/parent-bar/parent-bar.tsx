import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { ContextMenu } from '../context-menu/context-menu.tsx'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Menu } from '../menu/menu.tsx'
import type { MenuEntry } from '../menu/menu-entries.ts'
import * as css from './parent-bar.css.ts'
import { useLabels } from '../../locale/locale.tsx'
import { useItemDrop } from '../../hooks/use-item-drop.ts'

/** The root a folder lives under: its crumb reads Home or Trash. */
export const parentBarRoots = ['home', 'trash'] as const

/** One of `parentBarRoots`. */
export type ParentBarRoot = (typeof parentBarRoots)[number]

/** Texts of `ParentBar`. */
export interface ParentBarLabels {
  /** The landmark's name. */
  nav: string
  /** The back arrow's name. */
  back: string
  /** The root crumb outside trash. */
  home: string
  /** The root crumb in trash. */
  trash: string
  /** The current folder's menu button and context menu. */
  menu: string
}

/** Default texts: "Breadcrumb", "Back", "Home", "Trash", "Folder actions". */
export const defaultParentBarLabels: ParentBarLabels = {
  nav: 'Breadcrumb',
  back: 'Back',
  home: 'Home',
  trash: 'Trash',
  menu: 'Folder actions',
}

/** Props of `ParentBar`; the rest go to the `nav`. */
export interface ParentBarProps extends Omit<ComponentPropsWithRef<'nav'>, 'children'> {
  /** The name of the folder being shown (the parent of the items listed below). */
  folderName: string
  /** Home or Trash: the root crumb's text; defaults to home. */
  root?: ParentBarRoot
  /** The back arrow: the app goes to the folder's parent, or to the root. */
  onBack: () => void
  /** The root crumb: the app goes to Home or Trash. */
  onRootClick: () => void
  /** The current folder's actions (context menu, without Multi-select): a menu button and right-click. */
  menuItems?: readonly MenuEntry[]
  /** Texts; defaults to `defaultParentBarLabels`. */
  labels?: Partial<ParentBarLabels>
  /**
   * Makes the back arrow (`parent`: the folder's parent) and the root crumb (`root`) drop
   * targets for dragged items (see `useItemDrop`); each shows `data-drop-target` while items are over it.
   */
  onItemsDrop?: (target: 'parent' | 'root', draggedIds: string[]) => void
}

/**
 * The back bar above a folder's contents: a back arrow, the Home or Trash crumb
 * to the root, the current folder's name (`aria-current`) and its menu.
 */
export function ParentBar({
  folderName,
  root = 'home',
  onBack,
  onRootClick,
  menuItems,
  labels,
  onItemsDrop,
  className,
  ...props
}: ParentBarProps) {
  const text = useLabels('parentBar', defaultParentBarLabels, labels)
  const toParent = useItemDrop(onItemsDrop && ((ids) => onItemsDrop('parent', ids)))
  const toRoot = useItemDrop(onItemsDrop && ((ids) => onItemsDrop('root', ids)))
  const name = (
    <span className={css.current} aria-current="page" dir="auto" title={folderName}>
      {folderName}
    </span>
  )
  return (
    <nav aria-label={text.nav} data-part="parent-bar" {...props} className={cx(css.bar, className)}>
      <IconButton icon="arrow-left" label={text.back} onClick={onBack} {...toParent.props} className={css.dropZone} />
      <ol className={css.crumbs}>
        <li className={cx(css.crumb, css.rootCrumb)}>
          <Button
            variant="ghost"
            size="small"
            icon={root === 'trash' ? 'trash' : 'home'}
            onClick={onRootClick}
            {...toRoot.props}
            className={css.dropZone}
          >
            {root === 'trash' ? text.trash : text.home}
          </Button>
          <Icon name="chevron-right" size="small" className={css.separator} />
        </li>
        <li className={css.crumb}>
          {menuItems ? (
            <>
              <ContextMenu label={text.menu} items={menuItems}>
                {name}
              </ContextMenu>
              <Menu label={text.menu} items={menuItems} placement="bottom-start" />
            </>
          ) : (
            name
          )}
        </li>
      </ol>
    </nav>
  )
}
