import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, type MouseEvent, type ReactNode, useSyncExternalStore } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { breakpoints } from '../../theme/tokens.ts'
import { Button } from '../button/button.tsx'
import { Icon, type IconName } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Menu } from '../menu/menu.tsx'
import type { MenuEntry } from '../menu/menu-entries.ts'
import * as css from './sidebar.css.ts'
import { useLabels } from '../../locale/locale.tsx'
import { scopedPortal } from '../../internal/portal-scope.ts'
import { defined } from '../../internal/defined.ts'

/**
 * The sidebar's destinations, in order (Home, Shared and Shared with me when asked for, Media,
 * Settings on mobile only, Trash).
 */
export const sidebarItems = ['home', 'shared', 'sharedWithMe', 'media', 'settings', 'trash'] as const

/** One of `sidebarItems`. */
export type SidebarItem = (typeof sidebarItems)[number]

/** How it shows: by viewport width (responsive), as a static column, or as a slide-in drawer. */
export const sidebarLayouts = ['responsive', 'column', 'drawer'] as const

/** One of `sidebarLayouts`. */
export type SidebarLayout = (typeof sidebarLayouts)[number]

const icons: Record<SidebarItem, IconName> = {
  home: 'home',
  shared: 'link',
  sharedWithMe: 'share',
  media: 'play',
  settings: 'settings',
  trash: 'trash',
}

// Shared (a product's share links page) and Shared with me (items other accounts share) are opt-in: a drive without links keeps the spec's four.
const defaultItems: readonly SidebarItem[] = ['home', 'media', 'settings', 'trash']

/** The texts of `Sidebar`; each has an English default. */
export interface SidebarLabels extends Record<SidebarItem, string> {
  addNew: string
  uploadFiles: string
  createFolder: string
  uploadFolder: string
  /** The navigation landmark. */
  nav: string
  /** The drawer's title. */
  drawer: string
  close: string
}

/** English defaults of `SidebarLabels`. */
export const defaultSidebarLabels: SidebarLabels = {
  addNew: 'ADD NEW',
  uploadFiles: 'Upload Files',
  createFolder: 'Create Folder',
  uploadFolder: 'Upload Folder',
  home: 'Home',
  shared: 'Shared',
  sharedWithMe: 'Shared with me',
  media: 'Media',
  settings: 'Settings',
  trash: 'Trash',
  nav: 'Main',
  drawer: 'Menu',
  close: 'Close menu',
}

/**
 * One destination of the sidebar, as data: your own list replaces the built-in one (`items`,
 * `hrefs` and the destination labels are then not read).
 */
export interface SidebarDestination<Id extends string = string> {
  /** What `active` and `onNavigate` name it by. */
  id: Id
  /** Its visible text. */
  label: string
  /** The icon before the label; none leaves the space empty. */
  icon?: IconName | undefined
  /** A link; without one the destination is a button. */
  href?: string | undefined
  /** Shown in the drawer only, as the built-in Settings is (desktop has the header's cog). */
  drawerOnly?: boolean | undefined
  /**
   * Ariakit's `render` prop: the element that draws the destination, given the kit's props
   * (class, `aria-current`, `href`, the click handler and the icon and label as children), e.g.
   * a router's `<Link />`. A function gets the props and returns the element.
   */
  render?: Ariakit.RoleProps['render'] | undefined
}

/** Props of `Sidebar`; other div attributes go to its root (the column, or the drawer's panel). */
export interface SidebarProps<Id extends string = SidebarItem> extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The current area, marked with aria-current="page". */
  active?: NoInfer<Id> | undefined
  /** A destination was chosen (a plain click when it has an href). */
  onNavigate?: ((item: Id) => void) | undefined
  /** Your destinations, in order, in place of the built-in ones (`items`, `hrefs`). */
  destinations?: readonly SidebarDestination<Id>[] | undefined
  /** The built-in destinations shown, always in `sidebarItems` order; defaults to Home, Media, Settings and Trash (Shared is opt-in). */
  items?: readonly SidebarItem[]
  /** Links for the built-in destinations; without one an item is a button. */
  hrefs?: Partial<Record<SidebarItem, string>>
  /** ADD NEW → Upload Files. */
  onUploadFiles?: () => void
  /** ADD NEW → Create Folder. */
  onCreateFolder?: () => void
  /** ADD NEW → Upload Folder. */
  onUploadFolder?: () => void
  /** The browser can pick folders: Upload Folder is offered. */
  canUploadFolder?: boolean
  /** Whether ADD NEW shows; defaults to true. Hide it where nothing can be added (e.g. a trash). */
  showAddNew?: boolean
  /** Column, drawer, or by viewport width (a drawer below the `desktop` breakpoint). */
  layout?: SidebarLayout
  /** The drawer is open, when controlled. */
  open?: boolean
  /** The drawer starts open when uncontrolled; defaults to closed. */
  defaultOpen?: boolean
  /** The drawer opens or closes: closing comes from Escape, the backdrop, the close button, or a choice made in the drawer. */
  onOpenChange?: (open: boolean) => void
  /** Shown under the destinations, at the foot of the column or drawer (e.g. a storage meter). */
  footer?: ReactNode
  /** Texts; defaults "ADD NEW", "Upload Files", "Create Folder", "Upload Folder", "Home", "Shared", "Media", "Settings", "Trash". */
  labels?: Partial<SidebarLabels>
}

const desktopQuery = `(min-width: ${breakpoints.desktop}px)`

// Whether the viewport is desktop-wide; without matchMedia (tests, server) it answers yes.
function useIsDesktop(enabled: boolean): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (!enabled || typeof window === 'undefined' || !window.matchMedia) return () => {}
      const query = window.matchMedia(desktopQuery)
      query.addEventListener('change', notify)
      return () => query.removeEventListener('change', notify)
    },
    () =>
      enabled && typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(desktopQuery).matches : true,
    () => true,
  )
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** The built-in destinations among `shown`, in `sidebarItems` order. */
function builtInDestinations(
  shown: readonly SidebarItem[],
  labels: SidebarLabels,
  hrefs: Partial<Record<SidebarItem, string>>,
): SidebarDestination<SidebarItem>[] {
  return sidebarItems
    .filter((item) => shown.includes(item))
    .map((item) => ({
      id: item,
      label: labels[item],
      icon: icons[item],
      href: hrefs[item],
      drawerOnly: item === 'settings',
    }))
}

/**
 * The left sidebar: an ADD NEW menu (Upload Files, Create Folder, Upload Folder when the
 * browser can), then Home, Shared (when in `items`), Media, Settings (mobile only) and Trash, or
 * your own `destinations`. A static column on desktop; on mobile a drawer that slides in over a
 * backdrop, traps focus and closes on Escape.
 */
export function Sidebar<Id extends string = SidebarItem>({
  active,
  onNavigate,
  destinations: ownDestinations,
  hrefs = {},
  items: shownItems = defaultItems,
  onUploadFiles,
  onCreateFolder,
  onUploadFolder,
  canUploadFolder = false,
  showAddNew = true,
  layout = 'responsive',
  open: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  labels: labelOverrides,
  footer,
  className,
  ...props
}: SidebarProps<Id>) {
  const labels = useLabels('sidebar', defaultSidebarLabels, labelOverrides)
  const [open, setOpen] = useControllableState(controlledOpen, defaultOpen, onOpenChange)
  const close = () => setOpen(false)
  const isDesktop = useIsDesktop(layout === 'responsive')
  const drawer = layout === 'drawer' || (layout === 'responsive' && !isDesktop)
  // In the drawer every choice also closes it.
  const then = (action: (() => void) | undefined) => () => {
    action?.()
    if (drawer) close()
  }

  const addNew: MenuEntry[] = [
    { id: 'upload-files', label: labels.uploadFiles, icon: 'upload', onSelect: then(onUploadFiles) },
    { id: 'create-folder', label: labels.createFolder, icon: 'folder', onSelect: then(onCreateFolder) },
    {
      id: 'upload-folder',
      label: labels.uploadFolder,
      icon: 'upload',
      hidden: !canUploadFolder,
      onSelect: then(onUploadFolder),
    },
  ]

  // Without `destinations` Id is SidebarItem (its default), so the built-in list fits it.
  const destinations = (
    ownDestinations ?? (builtInDestinations(shownItems, labels, hrefs) as unknown as readonly SidebarDestination<Id>[])
  ).filter((d) => drawer || !d.drawerOnly)

  const content = (
    <>
      {showAddNew ? (
        <Menu
          label={labels.addNew}
          items={addNew}
          placement="bottom-start"
          trigger={
            <Button variant="primary" size="large" icon="plus" className={css.addNew}>
              {labels.addNew}
            </Button>
          }
        />
      ) : null}
      <nav aria-label={labels.nav}>
        <ul className={css.list}>
          {destinations.map((d) => {
            const common = {
              className: css.item,
              'aria-current': d.id === active ? ('page' as const) : undefined,
              ...defined({ render: d.render }),
              children: (
                <>
                  {d.icon ? <Icon name={d.icon} /> : <span className={css.noIcon} />}
                  {d.label}
                </>
              ),
            }
            return (
              <li key={d.id}>
                {d.href !== undefined ? (
                  <Ariakit.Role.a
                    {...common}
                    href={d.href}
                    onClick={(event) => {
                      if (!plainClick(event)) return
                      if (onNavigate) event.preventDefault()
                      then(() => onNavigate?.(d.id))()
                    }}
                  />
                ) : (
                  <Ariakit.Role.button type="button" {...common} onClick={then(() => onNavigate?.(d.id))} />
                )}
              </li>
            )
          })}
        </ul>
      </nav>
      {footer !== undefined ? (
        <div data-part="sidebar-footer" className={css.footer}>
          {footer}
        </div>
      ) : null}
    </>
  )

  if (!drawer) {
    return (
      <div data-part="sidebar" {...props} className={cx(css.content, css.column, className)}>
        {content}
      </div>
    )
  }

  return (
    <Ariakit.Dialog
      open={open}
      onClose={close}
      backdrop={<div className={css.backdrop} />}
      unmountOnHide
      portalElement={scopedPortal}
      {...(props as Omit<Ariakit.DialogProps, 'children'>)}
      data-part="sidebar"
      className={cx(css.content, css.drawer, className)}
    >
      <div className={css.drawerHeader}>
        <Ariakit.DialogHeading className={css.drawerTitle}>{labels.drawer}</Ariakit.DialogHeading>
        <Ariakit.DialogDismiss render={<IconButton icon="close" label={labels.close} />} />
      </div>
      {content}
    </Ariakit.Dialog>
  )
}
